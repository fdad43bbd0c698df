// Public imports: the conformances below are of public types to public protocols.
public import ArgumentParser
import Localization
public import PromptCatalog
public import ToolKit

/// `--catalog`, and loading and saving the catalog it names: what every catalog command shares.
struct CatalogOptions: ParsableArguments, KeptFile {
  @Option(
    help: ArgumentHelp(tr("The catalog file (default: $XDG_DATA_HOME/ailo/catalog.json)."), valueName: "path"),
    completion: .file())
  var catalog: String?

  static let environment = [("XDG_DATA_HOME", tr("Holds ailo/catalog.json, the catalog (default ~/.local/share)."))]
  static let files = [
    ("$XDG_DATA_HOME/ailo/catalog.json", tr("The catalog (mode 0600), unless --catalog names another file."))
  ]

  var store: CatalogStore {
    CatalogStore(path: catalog ?? CatalogStore.defaultPath(environment: Environment.current))
  }

  func load() throws -> Catalog { try store.load() }

  func save(_ catalog: Catalog) throws { try store.save(catalog) }
}

/// Reading the text of `--file`, `--system-file` and `import`: a file, or standard input for `-`.
enum CatalogInput {
  static func text(of path: String) throws -> String {
    guard let text = String(validating: try InputFile.contents(of: path), as: UTF8.self) else {
      throw ToolError(.dataError, tr("\(InputFile.displayName(path)) is not UTF-8 text"))
    }
    return text
  }
}

/// Data on standard output, through the sink that notices a closed pipe.
enum CatalogOutput {
  static func write(_ text: String) throws {
    let sink = OutputSink.standardOutput
    try sink.write(text)
    try sink.flush()
  }
}

/// The options that name an entry's kind when its name alone is ambiguous.
extension CatalogEntry.Kind: ExpressibleByArgument {}

extension CatalogError: ExitStatusError {
  public var exitStatus: ExitStatus {
    switch self {
    case .notFound, .ambiguous, .emptyCatalog, .conflict: .failure
    case .missingVariables, .malformedKeywords, .invalidFile, .unsupportedVersion: .dataError
    case .noSystemPrompt, .invalidValue: .usage
    case .fileAccess: .ioError
    }
  }
}
