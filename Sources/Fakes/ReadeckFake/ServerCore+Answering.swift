import FakeServer

/// How the Readeck fake answers a request: the latency and the fault it meets, then the route's
/// reply, changed by the fault and written as Go's server writes it.
extension ServerCore: FakeService {
  /// No client of this API sends more than a list of ids; larger bodies are answered 413.
  static let maxBodyBytes = 8 << 20

  func admit(_ received: ReceivedRequest) -> Admission {
    let headers = received.headers
    let request = IncomingRequest(
      method: received.method, uri: received.uri, headers: headers, body: received.body, prefix: prefix)
    let endpoint = request.endpoint
    let (fault, latency) = admit(
      FakeRequest(
        method: request.method, path: request.path, query: request.query, headers: headers,
        receivedAt: received.receivedAt, bookmarkID: endpoint.bookmarkID, route: endpoint.route))
    var wait = latency
    if case .delay(let extra) = fault { wait += max(0, extra) }
    let tooLarge = received.bodyTooLarge
    // Built after the wait, so the answer shows the library as it is then.
    return Admission(waitMilliseconds: wait) {
      fault == .dropConnection ? nil : self.response(to: request, fault: fault, tooLarge: tooLarge)
    }
  }

  private func response(to request: IncomingRequest, fault: FakeFault?, tooLarge: Bool) -> FakeResponse {
    var reply: Reply
    if case .status(let code, let retryAfter) = fault {
      reply = ErrorReply.make((200...999).contains(code) ? code : 500, format: request.errorFormat)
      if let retryAfter { reply.add("Retry-After", retryAfter) }
    } else if case .refuseField(let field, let message) = fault {
      let status = if case .update = request.endpoint { 400 } else { 422 }
      reply = ErrorReply.form(errors: nil, fields: [(field, nil, [message])], status: status)
    } else if tooLarge {
      reply = ErrorReply.make(413, format: request.errorFormat)
    } else if case .update(let id) = request.endpoint {
      let format = request.errorFormat
      reply =
        Responder(snapshot: snapshot()).authFailure(request, format: format)
        ?? update(id: id, body: request.body, format: format)
    } else if case .create = request.endpoint {
      let format = request.errorFormat
      reply =
        Responder(snapshot: snapshot()).authFailure(request, format: format) ?? create(body: request.body)
    } else if let change = highlightChange(request) {
      reply = change
    } else {
      reply = Responder(snapshot: snapshot()).reply(to: request)
    }
    if fault == .malformedJSON { reply = reply.malformed() }
    if reply.header("Cache-Control") == nil { reply.add("Cache-Control", "private") }
    if request.isAPI { reply.add("Vary", "Accept") }
    return reply.response(fault: fault)
  }
}

extension ServerCore {
  /// The answer to a highlight's create, edit or delete, which change the library under its
  /// lock; nil for any other request.
  fileprivate func highlightChange(_ request: IncomingRequest) -> Reply? {
    let format = request.errorFormat
    let answer: () -> Reply
    switch request.endpoint {
    case .createHighlight(let id): answer = { self.createHighlight(bookmarkID: id, body: request.body, format: format) }
    case .editHighlight(let id, let highlightID):
      answer = { self.editHighlight(bookmarkID: id, highlightID: highlightID, body: request.body, format: format) }
    case .deleteHighlight(let id, let highlightID):
      answer = { self.deleteHighlight(bookmarkID: id, highlightID: highlightID, format: format) }
    default: return nil
    }
    return Responder(snapshot: snapshot()).authFailure(request, format: format) ?? answer()
  }
}

extension Reply {
  /// The reply as it goes out, with what `fault` does to its body.
  fileprivate func response(fault: FakeFault?) -> FakeResponse {
    let headers = sortedHeaders
    let reason = StatusText.of(status).nonEmpty ?? "status code \(status)"
    switch body {
    case .bytes(var bytes):
      var ending = FakeResponse.Ending.complete
      switch fault {
      case .resetMidBody, .truncateMultipart:
        ending = .closeMidBody
      case .stallAfter(let count):
        ending = .stall(afterBytes: max(0, count))
      default:
        break
      }
      var announced: Int?
      if status == 204 || status == 304 {
        bytes = []
      } else {
        // A broken answer must leave the client short of the announced length, even for an empty body.
        announced = ending == .complete ? bytes.count : max(bytes.count, 1)
      }
      if ending == .closeMidBody { bytes = Array(bytes.prefix(bytes.count / 2)) }
      return FakeResponse(
        status: status, reasonPhrase: reason, headers: headers, body: .whole(bytes), contentLength: announced,
        ending: ending)
    case .stream(var stream):
      switch fault {
      case .resetMidBody, .truncateMultipart:
        // Only the first part goes out; a truncated body then ends cleanly, with no closing boundary.
        guard let first = stream.nextChunk() else { break }
        return FakeResponse(
          status: status, reasonPhrase: reason, headers: headers, body: .stream(ChunkList([BodyChunk(bytes: first)])),
          ending: fault == .truncateMultipart ? .closeAfterEnd : .closeMidBody)
      case .stallAfter(let count):
        return FakeResponse(
          status: status, reasonPhrase: reason, headers: headers, body: .stream(stream),
          ending: .stall(afterBytes: max(0, count)))
      default:
        break
      }
      return FakeResponse(status: status, reasonPhrase: reason, headers: headers, body: .stream(stream))
    }
  }

  /// A 200 JSON answer that does not parse: half of a JSON body (a prefix of an object or array
  /// never closes it), or a fixed broken text for other bodies.
  func malformed() -> Reply {
    var broken = Array("{\"status\":200,\"message\":".utf8)
    if isJSON, case .bytes(let bytes) = body, bytes.count >= 2 { broken = Array(bytes.prefix(bytes.count / 2)) }
    return Reply(
      status: 200,
      headers: headers.filter { $0.0.lowercased() == "cache-control" } + [
        ("Content-Type", "application/json; charset=utf-8")
      ],
      body: .bytes(broken), isJSON: true)
  }
}

extension BulkSyncStream: BodySource {
  mutating func next() -> BodyChunk? { nextChunk().map { BodyChunk(bytes: $0) } }
}

extension String {
  var nonEmpty: String? { isEmpty ? nil : self }
}
