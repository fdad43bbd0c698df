public import Localization

/// The exit statuses every tool uses (sysexits(3) where one fits), documented once here and
/// rendered into each man page's EXIT STATUS section.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  case success = 0
  case failure = 1
  case usage = 64
  case dataError = 65
  case noInput = 66
  case unavailable = 69
  case ioError = 74
  case tempFailure = 75
  case noPermission = 77
  case configError = 78
  case brokenPipe = 141

  /// What the status means, for help texts and man pages, in the language of the process.
  public var meaning: String { meaning(in: .current) }

  /// What the status means in `language`.
  public func meaning(in language: Language) -> String {
    switch self {
    case .success: tr("Success.", in: language)
    case .failure: tr("Failure.", in: language)
    case .usage: tr("Usage error: an unknown option or a bad argument.", in: language)
    case .dataError:
      tr("Bad input data: a line that is not a valid record (reported with its line number).", in: language)
    case .noInput: tr("An input file or the store does not exist, cannot be opened, or is a folder.", in: language)
    case .unavailable: tr("A required service or program is unreachable.", in: language)
    case .ioError: tr("Reading or writing failed (for example, the disk is full).", in: language)
    case .tempFailure: tr("Partial success: some records failed; retrying later may help.", in: language)
    case .noPermission: tr("Permission or authentication refused.", in: language)
    case .configError: tr("Configuration error: a setting is missing or invalid.", in: language)
    case .brokenPipe: tr("The reader of standard output went away (killed by SIGPIPE).", in: language)
    }
  }
}

/// A failure with the exit status it maps to. The message is printed as `tool: error: message`.
/// An error that knows which exit status it stands for; ``runTool(_:_:)-(_,()->Void)`` prints its
/// description and exits with that status. Libraries' errors conform in the executables' support
/// code, so the libraries need not know about exit statuses.
public protocol ExitStatusError: Error, CustomStringConvertible {
  var exitStatus: ExitStatus { get }
}

public struct ToolError: Error, CustomStringConvertible, Sendable {
  public var status: ExitStatus
  public var message: String

  public init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  public var description: String { message }
}
