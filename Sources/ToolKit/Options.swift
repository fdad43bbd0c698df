public import ArgumentParser
import Localization

/// `--quiet` and `--verbose`, which every tool has.
public struct CommonOptions: ParsableArguments, Sendable {
  @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Print only errors on standard error (no progress, no summary).")))
  public var quiet = false

  @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Print details of what happens on standard error.")))
  public var verbose = false

  public init() {}

  public var verbosity: Diagnostics.Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }

  public func validate() throws {
    if quiet && verbose { throw ValidationError(tr("--quiet and --verbose exclude each other.")) }
  }

  /// Diagnostics for `tool` at the chosen verbosity.
  public func diagnostics(for tool: String) -> Diagnostics {
    Diagnostics(tool: tool, verbosity: verbosity)
  }
}

/// Input files and `--strict`, for tools that read records.
public struct InputOptions: ParsableArguments, Sendable {
  @Argument(
    help: ArgumentHelp(tr("Files of records to read; standard input when none or '-'."), valueName: "file"),
    completion: .file())
  public var files: [String] = []

  @Flag(help: ArgumentHelp(tr("Stop at the first bad input line (status 65) instead of reporting and skipping it.")))
  public var strict = false

  public init() {}
}
