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

  /// What the status means, for help texts and man pages.
  public var meaning: String {
    switch self {
    case .success: "Success."
    case .failure: "Failure."
    case .usage: "Usage error: an unknown option or a bad argument."
    case .dataError: "Bad input data: a line that is not a valid record (reported with its line number)."
    case .noInput: "An input file or the store does not exist, cannot be opened, or is a folder."
    case .unavailable: "A required service or program is unreachable."
    case .ioError: "Reading or writing failed (for example, the disk is full)."
    case .tempFailure: "Partial success: some records failed; retrying later may help."
    case .noPermission: "Permission or authentication refused."
    case .configError: "Configuration error: a setting is missing or invalid."
    case .brokenPipe: "The reader of standard output went away (killed by SIGPIPE)."
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
