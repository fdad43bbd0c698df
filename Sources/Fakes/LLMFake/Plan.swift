import FakeServer

/// A response before it is written: status, headers, a body that is whole or a timed sequence of
/// events, and how the exchange ends.
struct Plan {
  typealias Event = BodyChunk

  enum Body {
    case whole([UInt8])
    /// A stream: sent with chunked transfer encoding, one flushed chunk per event.
    case events([Event])
  }

  /// The body cut to its first `count` bytes (events cut mid-event if need be), to be followed by
  /// silence; a whole body keeps announcing its full length.
  mutating func stall(after count: Int) {
    if case .whole(let bytes) = body, header("Content-Length") == nil { add("Content-Length", String(bytes.count)) }
    ending = .stall(afterBytes: max(0, count))
  }

  var status: Int
  var headers: [(String, String)]
  var body: Body
  var firstByteDelayMilliseconds = 0
  var ending = FakeResponse.Ending.complete

  init(status: Int, headers: [(String, String)] = [], body: Body = .whole([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  static func json(_ bytes: [UInt8], status: Int = 200, contentType: String) -> Plan {
    Plan(status: status, headers: [("Content-Type", contentType)], body: .whole(bytes))
  }

  static func text(_ text: String, status: Int) -> Plan {
    Plan(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .whole(Array(text.utf8)))
  }

  mutating func add(_ name: String, _ value: String) { headers.append((name, value)) }

  func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.0.lowercased() == wanted }?.1
  }
}
