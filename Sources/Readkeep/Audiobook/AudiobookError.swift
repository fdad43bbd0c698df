/// Why a book was not made; the command maps the kind to an exit status.
public struct AudiobookError: Error, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// A speech program or ffmpeg cannot be started, fails, or outlives its time limit.
    case program
    /// The book or the scratch files cannot be written.
    case output
    /// SIGINT or SIGTERM arrived (``Interruption``): the tool is to die of it once it has cleaned up.
    case interrupted(signal: Int32)
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
