import ToolKit

/// A file ail-ai reads whole and writes back whole: the catalog, the providers. Its commands run
/// through ``read(_:_:)`` or ``change(_:input:_:)``, so that each one says only what it does with
/// the contents.
protocol KeptFile {
  associatedtype Contents
  func load() throws -> Contents
  func save(_ contents: Contents) throws
}

extension KeptFile {
  /// A command that only looks: the contents, and errors turned into exit statuses.
  func read(_ common: CommonOptions, _ body: (Contents, Diagnostics) throws -> Void) throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try runTool(diagnostics) { try body(try load(), diagnostics) }
  }

  /// A command that makes one checked change. `input` reads what the command brings (a text file,
  /// standard input) before the file is loaded; `change` checks and changes the contents, and a
  /// refusal (a throw) saves nothing. The line `change` returns is said once the file is saved.
  func change<Input>(
    _ common: CommonOptions, input: () throws -> Input,
    _ change: (inout Contents, Input, Diagnostics) throws -> String?
  ) throws {
    let diagnostics = common.diagnostics(for: "ail-ai")
    try runTool(diagnostics) {
      let input = try input()
      let done = try self.change { contents in try change(&contents, input, diagnostics) }
      if let done { diagnostics.info(done) }
    }
  }

  /// ``change(_:input:_:)`` for a command that brings nothing to read.
  func change(_ common: CommonOptions, _ change: (inout Contents, Diagnostics) throws -> String?) throws {
    try self.change(common, input: {}) { contents, _, diagnostics in try change(&contents, diagnostics) }
  }

  /// Loads the contents, lets `change` work on them, and saves them when `change` returns.
  func change<Result>(_ change: (inout Contents) throws -> Result) throws -> Result {
    var contents = try load()
    let result = try change(&contents)
    try save(contents)
    return result
  }
}
