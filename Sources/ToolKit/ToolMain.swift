public import ArgumentParser
import Wire

/// Runs a command's body and turns its failures into the shared exit statuses: a ``ToolError``
/// prints `tool: error: message` and exits with its status; ArgumentParser's own exits pass
/// through; anything else is reported and exits 1.
public func runTool(_ diagnostics: Diagnostics, _ body: () async throws -> Void) async throws {
  Platform.reportFileSizeLimit()
  do {
    try await body()
  } catch {
    throw exit(for: error, diagnostics)
  }
}

/// The synchronous form of ``runTool(_:_:)-(_,()->Void)``.
public func runTool(_ diagnostics: Diagnostics, _ body: () throws -> Void) throws {
  Platform.reportFileSizeLimit()
  do {
    try body()
  } catch {
    throw exit(for: error, diagnostics)
  }
}

private func exit(for error: any Error, _ diagnostics: Diagnostics) -> any Error {
  switch error {
  case let error as ToolError:
    diagnostics.error(error.message)
    return ExitCode(error.status.rawValue)
  case let error as any ExitStatusError:
    diagnostics.error(error.description)
    return ExitCode(error.exitStatus.rawValue)
  case is ExitCode, is CleanExit, is ValidationError:
    return error
  case let error as DecodingError:
    diagnostics.error(WireCoding.describe(error))
    return ExitCode(ExitStatus.dataError.rawValue)
  default:
    diagnostics.error(String(describing: error))
    return ExitCode(ExitStatus.failure.rawValue)
  }
}

/// The entry point of every tool: ArgumentParser's own `main`, except that a usage error is
/// printed as `tool: error: …` like every other error (the usage lines still follow it), where
/// ArgumentParser would print `Error: …`, and that a mistyped option or a negative number is
/// told as such (``UsageRepair``). Help, versions and statuses stay ArgumentParser's.
public protocol ToolCommand: ParsableCommand {}

extension ToolCommand {
  /// Runs the tool on `arguments` (without the program's name), or on the process's own when nil:
  /// the multi-call binary passes what follows the tool's name.
  public static func main(_ arguments: [String]? = nil) {
    do {
      var command = try UsageRepair.parse(Self.self, arguments ?? Array(CommandLine.arguments.dropFirst()))
      try command.run()
    } catch {
      exitReporting(error)
    }
  }

  /// Exits as `exit(withError:)` would, with the shared prefix on an error message.
  static func exitReporting(_ error: any Error) -> Never {
    if let mistyped = error as? UsageRepair.MistypedOption {
      Diagnostics(tool: configuration.commandName ?? "tool").error(mistyped.text)
      Platform.terminate(ExitStatus.usage.rawValue)
    }
    // Each of fullMessage, exitCode and exit(withError:) renders the whole help again, a
    // millisecond each for --help; the text alone tells help and versions (printed, status 0)
    // from errors (the "Error: " prefix, or a bare usage for a validation error without message).
    let text = fullMessage(for: error)
    if !text.isEmpty, !text.hasPrefix(argumentParserPrefix), !text.hasPrefix("Usage: "), !text.hasPrefix("Help:  ") {
      print(text)
      Platform.terminate(ExitStatus.success.rawValue)
    }
    let code = exitCode(for: error)
    guard code != .success, text.hasPrefix(argumentParserPrefix) else { exit(withError: error) }
    Diagnostics(tool: configuration.commandName ?? "tool").error(String(text.dropFirst(argumentParserPrefix.count)))
    Platform.terminate(code.rawValue)
  }

  private static var argumentParserPrefix: String { "Error: " }
}

extension ToolCommand where Self: AsyncParsableCommand {
  /// The asynchronous form of ``main(_:)``.
  public static func main(_ arguments: [String]? = nil) async {
    do {
      var command = try await UsageRepair.parse(Self.self, arguments ?? Array(CommandLine.arguments.dropFirst()))
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exitReporting(error)
    }
  }
}
