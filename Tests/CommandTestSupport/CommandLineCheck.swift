public import ArgumentParser

@testable public import ToolKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a tool makes of a command line, found in process: the command it would run, or what it
/// would print and the status it would exit with, exactly as its `main` (``ToolCommand/main(_:)``)
/// reports them. ArgumentParser's `AssertParse` and `AssertErrorMessage` are the model; these
/// go through the tool's own parse (with ``UsageRepair``'s mistyped options and negative numbers)
/// and its own `tool: error: …` line, which ArgumentParser's helpers know nothing of.
public enum CommandLineCheck {
  /// The outcome of a parse.
  public enum Outcome {
    /// The command the arguments name, parsed and validated, ready to run.
    case parsed(any ParsableCommand)
    /// Help or a version: the text on standard output, status 0.
    case printed(String)
    /// A usage error: the text on standard error and the exit status.
    case refused(Refusal)
  }

  /// A refused command line: standard error as the tool writes it, and its exit status.
  public struct Refusal: Equatable, Sendable, CustomStringConvertible {
    /// `tool: error: …` and ArgumentParser's usage lines after it.
    public var message: String
    public var status: Int32

    public init(message: String, status: Int32) {
      self.message = message
      self.status = status
    }

    /// The first line: `tool: error: …`.
    public var firstLine: String {
      message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }

    public var description: String { "status \(status): \(message)" }
  }

  /// How a synchronous tool parses `arguments` (without the program's name).
  public static func parse<Root: ToolCommand>(_: Root.Type, _ arguments: [String]) -> Outcome {
    do {
      return answered(try UsageRepair.parse(Root.self, arguments), Root.self)
    } catch {
      return outcome(of: error, Root.self)
    }
  }

  /// How an asynchronous tool parses `arguments`, through ArgumentParser's asynchronous parse as
  /// its `main` does.
  public static func parse<Root: ToolCommand & AsyncParsableCommand>(_: Root.Type, _ arguments: [String]) async
    -> Outcome
  {
    do {
      return answered(try await UsageRepair.parse(Root.self, arguments), Root.self)
    } catch {
      return outcome(of: error, Root.self)
    }
  }

  /// `--help` and `help` parse to ArgumentParser's own command, whose run throws the help for
  /// `main` to print: that text, as the tool prints it.
  private static func answered<Root: ToolCommand>(_ command: any ParsableCommand, _: Root.Type) -> Outcome {
    guard String(reflecting: type(of: command)).hasPrefix("ArgumentParser.") else { return .parsed(command) }
    var command = command
    do {
      try command.run()
      return .parsed(command)
    } catch {
      return outcome(of: error, Root.self)
    }
  }

  /// What `ToolCommand.exitReporting` prints for `error`, and the status it exits with.
  static func outcome<Root: ToolCommand>(of error: any Error, _: Root.Type) -> Outcome {
    let tool = Root.configuration.commandName ?? "tool"
    if let mistyped = error as? UsageRepair.MistypedOption {
      return .refused(Refusal(message: errorLine(tool, mistyped.text), status: ExitStatus.usage.rawValue))
    }
    let text = Root.fullMessage(for: error)
    if !text.isEmpty, !text.hasPrefix("Error: "), !text.hasPrefix("Usage: "), !text.hasPrefix("Help:  ") {
      return .printed(text + "\n")
    }
    let code = Root.exitCode(for: error)
    guard code != .success, text.hasPrefix("Error: ") else {
      // ArgumentParser's own exit(withError:): the text as it is, if any.
      return .refused(Refusal(message: text.isEmpty ? "" : text + "\n", status: code.rawValue))
    }
    return .refused(Refusal(message: errorLine(tool, String(text.dropFirst("Error: ".count))), status: code.rawValue))
  }

  /// `tool: error: message` as the tool's ``Diagnostics`` writes it to a file that is no
  /// terminal, through Diagnostics itself so that its label and language are the tool's.
  private static func errorLine(_ tool: String, _ message: String) -> String {
    guard let file = tmpfile() else { return "" }
    defer { fclose(file) }
    let descriptor = fileno(file)
    Diagnostics(tool: tool, fd: descriptor, interactive: false, environment: [:]).error(message)
    lseek(descriptor, 0, SEEK_SET)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension CommandLineCheck.Outcome {
  /// The refusal, or nil when the command line was taken (or printed help).
  public var refusal: CommandLineCheck.Refusal? {
    if case .refused(let refusal) = self { refusal } else { nil }
  }

  /// The parsed command, or nil when the command line was refused or printed help.
  public var command: (any ParsableCommand)? {
    if case .parsed(let command) = self { command } else { nil }
  }

  /// Help or version text, or nil.
  public var printed: String? {
    if case .printed(let text) = self { text } else { nil }
  }
}
