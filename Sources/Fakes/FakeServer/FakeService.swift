public import NIOHTTP1

/// What a fake puts behind the shared server: how each request is answered.
public protocol FakeService: Sendable {
  /// Logs the request, meets its fault if one waits, and says when and with what to answer.
  /// Called on the connection's event loop.
  func admit(_ request: ReceivedRequest) -> Admission
}

/// A request read whole.
public struct ReceivedRequest {
  public var head: HTTPRequestHead
  /// Empty when the body was over the server's limit.
  public var body: [UInt8]
  /// The body was over the server's limit and was not kept.
  public var bodyTooLarge: Bool
  /// ``MonotonicClock`` seconds when the head arrived.
  public var receivedAt: Double

  public var method: String { head.method.rawValue }

  /// The request target as sent: path and query, or an absolute URL.
  public var uri: String { head.uri }

  public var headers: [(String, String)] { head.headers.map { ($0.name, $0.value) } }
}

/// How one request is answered.
public struct Admission {
  /// How long to wait before `respond` is called; other connections are served meanwhile.
  public var waitMilliseconds: Int
  /// Told how the answer goes out, for a log that keeps its times.
  public var trace: (any ResponseTrace)?
  /// The answer, built when the wait is over; nil closes the connection without one.
  public var respond: () -> FakeResponse?

  public init(waitMilliseconds: Int = 0, trace: (any ResponseTrace)? = nil, respond: @escaping () -> FakeResponse?) {
    self.waitMilliseconds = max(0, waitMilliseconds)
    self.trace = trace
    self.respond = respond
  }
}

/// Follows one answer on its way out. Times are ``MonotonicClock`` seconds.
public protocol ResponseTrace {
  /// The head is written.
  func started(status: Int, at time: Double)
  /// A piece of the body is written: the whole body, or one piece of a stream.
  func wrote(at time: Double)
  /// The answer has ended: complete, cut, reset, dropped, or its connection closed before the
  /// end. Not called for an answer that stalls.
  func finished(at time: Double)
}
