/// An answer as the connection writes it: the head, a body that is whole or produced piece by
/// piece, and how the exchange ends, which is where most faults show.
public struct FakeResponse {
  public enum Body {
    /// Written at once, after the head.
    case whole([UInt8])
    /// Chunked transfer encoding, one flushed chunk per piece, as fast as the client reads.
    case stream(any BodySource)
  }

  public enum Ending: Equatable, Sendable {
    /// End the message; keep the connection when both sides want it.
    case complete
    /// End the message properly, then close the connection: a stream cut short.
    case closeAfterEnd
    /// No end of the message: close the connection (FIN) once the body written so far is out.
    case closeMidBody
    /// No end of the message: a TCP reset (`SO_LINGER` 0) shortly after the body so far.
    case reset
    /// The first `afterBytes` bytes of the body, then silence with the connection open: a
    /// server that hangs mid-answer.
    case stall(afterBytes: Int)
  }

  public var status: Int
  public var reasonPhrase: String
  /// In the order they go out; a stream's `Content-Length` is replaced by chunked encoding.
  public var headers: [(String, String)]
  public var body: Body
  /// The `Content-Length` a whole body announces, added last (a broken answer announces more
  /// than it sends); nil leaves the headers as they are.
  public var contentLength: Int?
  public var ending: Ending
  /// Whether the server would keep the connection after this answer; `Connection: close` when not.
  public var keepsConnection: Bool

  public init(
    status: Int, reasonPhrase: String, headers: [(String, String)], body: Body, contentLength: Int? = nil,
    ending: Ending = .complete, keepsConnection: Bool = true
  ) {
    self.status = status
    self.reasonPhrase = reasonPhrase
    self.headers = headers
    self.body = body
    self.contentLength = contentLength
    self.ending = ending
    self.keepsConnection = keepsConnection
  }
}

/// A streamed body, produced while the socket accepts it, so a large answer never sits in memory
/// whole.
public protocol BodySource {
  /// The next piece and the pause before it, or nil at the end of the body.
  mutating func next() -> BodyChunk?
}

public struct BodyChunk: Sendable {
  /// The pause before this piece, after the one before it.
  public var delayMilliseconds: Int
  public var bytes: [UInt8]

  public init(delayMilliseconds: Int = 0, bytes: [UInt8]) {
    self.delayMilliseconds = delayMilliseconds
    self.bytes = bytes
  }
}

/// A stream whose pieces are all known in advance.
public struct ChunkList: BodySource {
  private var chunks: [BodyChunk]
  private var index = 0

  public init(_ chunks: [BodyChunk]) { self.chunks = chunks }

  public mutating func next() -> BodyChunk? {
    guard index < chunks.count else { return nil }
    defer { index += 1 }
    return chunks[index]
  }
}
