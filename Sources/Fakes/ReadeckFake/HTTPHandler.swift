import NIOCore
import NIOHTTP1

/// One connection's requests, answered one at a time (the pipeline handler in front holds back
/// pipelined requests until the current answer has ended).
final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// Larger bodies are answered 413: no client of this API sends more than a list of ids.
  private static let maxBodyBytes = 8 << 20

  private let core: ServerCore
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  private var bodyTooLarge = false
  private var receivedAt = 0.0
  private var scheduled: Scheduled<Void>?
  private var streaming: Streaming?
  private var isOpen = true

  /// How an answer's body goes out.
  private enum Delivery: Equatable {
    case complete
    /// Part of the body, then close without ending it.
    case reset
    /// The first multipart part, a proper end of the HTTP body, then close.
    case truncate
    /// This many bytes of the body, then silence with the connection open.
    case stall(after: Int)
  }

  /// A multipart answer being written as the socket accepts it.
  private struct Streaming {
    var source: BulkSyncStream
    var delivery: Delivery
    var keepAlive: Bool
    var sent = 0
  }

  init(core: ServerCore) {
    self.core = core
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let requestHead):
      head = requestHead
      body = []
      bodyTooLarge = false
      receivedAt = FakeReadeck.monotonicNow()
      // curl asks before sending a larger body and would otherwise stall for a second.
      if requestHead.headers[canonicalForm: "Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
        let interim = HTTPResponseHead(version: requestHead.version, status: .continue)
        context.writeAndFlush(wrapOutboundOut(.head(interim)), promise: nil)
      }
    case .body(let buffer):
      guard !bodyTooLarge else { return }
      if body.count + buffer.readableBytes > Self.maxBodyBytes {
        bodyTooLarge = true
        body = []
      } else {
        buffer.withUnsafeReadableBytes { body.append(contentsOf: $0) }
      }
    case .end:
      guard let requestHead = head else { return }
      head = nil
      accept(requestHead, context: context)
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { pump(context: context) }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    isOpen = false
    scheduled?.cancel()
    scheduled = nil
    streaming = nil
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  // MARK: - Answering

  private func accept(_ requestHead: HTTPRequestHead, context: ChannelHandlerContext) {
    let headers = requestHead.headers.map { ($0.name, $0.value) }
    let request = IncomingRequest(
      method: requestHead.method.rawValue, uri: requestHead.uri, headers: headers, body: body, prefix: core.prefix)
    body = []
    let endpoint = request.endpoint
    let (fault, latency) = core.admit(
      FakeRequest(
        method: request.method, path: request.path, query: request.query, headers: headers, receivedAt: receivedAt,
        bookmarkID: endpoint.bookmarkID, route: endpoint.route))
    let keepAlive = requestHead.isKeepAlive && !bodyTooLarge
    let tooLarge = bodyTooLarge

    var wait = latency
    if case .delay(let extra) = fault { wait += max(0, extra) }
    guard wait > 0 else {
      answer(
        request, fault: fault, tooLarge: tooLarge, keepAlive: keepAlive, version: requestHead.version, context: context)
      return
    }
    // Waiting on the event loop's timer keeps every other connection served meanwhile.
    scheduled = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(wait))) {
      self.scheduled = nil
      self.answer(
        request, fault: fault, tooLarge: tooLarge, keepAlive: keepAlive, version: requestHead.version, context: context)
    }
  }

  private func answer(
    _ request: IncomingRequest, fault: FakeFault?, tooLarge: Bool, keepAlive: Bool, version: HTTPVersion,
    context: ChannelHandlerContext
  ) {
    guard isOpen else { return }
    if fault == .dropConnection {
      context.close(promise: nil)
      return
    }
    var reply: Reply
    if case .status(let code, let retryAfter) = fault {
      reply = ErrorReply.make((200...999).contains(code) ? code : 500, format: request.errorFormat)
      if let retryAfter { reply.add("Retry-After", retryAfter) }
    } else if tooLarge {
      reply = ErrorReply.make(413, format: request.errorFormat)
    } else {
      reply = Responder(snapshot: core.snapshot()).reply(to: request)
    }
    if fault == .malformedJSON { reply = reply.malformed() }
    if reply.header("Cache-Control") == nil { reply.add("Cache-Control", "private") }
    if request.isAPI { reply.add("Vary", "Accept") }

    let delivery: Delivery
    switch fault {
    case .resetMidBody: delivery = .reset
    case .truncateMultipart:
      if case .stream = reply.body { delivery = .truncate } else { delivery = .reset }
    case .stallAfter(let bytes): delivery = .stall(after: max(0, bytes))
    default: delivery = .complete
    }
    write(reply, delivery: delivery, keepAlive: keepAlive, version: version, context: context)
  }

  private func write(
    _ reply: Reply, delivery: Delivery, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext
  ) {
    var headers = HTTPHeaders(reply.sortedHeaders)
    if !keepAlive {
      headers.replaceOrAdd(name: "Connection", value: "close")
    } else if version.major == 1, version.minor == 0 {
      headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    let status = HTTPResponseStatus(
      statusCode: reply.status, reasonPhrase: StatusText.of(reply.status).nonEmpty ?? "status code \(reply.status)")

    switch reply.body {
    case .bytes(let bytes):
      let bodyless = reply.status == 204 || reply.status == 304
      // A reset must leave the client short of the announced length, even for an empty body.
      let announced = delivery == .complete ? bytes.count : max(bytes.count, 1)
      if !bodyless { headers.replaceOrAdd(name: "Content-Length", value: String(announced)) }
      context.write(
        wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
      if delivery == .complete {
        if !bytes.isEmpty, !bodyless {
          context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
        }
        end(context: context, keepAlive: keepAlive)
      } else if case .stall(let after) = delivery {
        let sent = ByteBuffer(bytes: bytes.prefix(after))
        if sent.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(sent))), promise: nil) }
        context.flush()
      } else {
        let half = ByteBuffer(bytes: bytes.prefix(bytes.count / 2))
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(half)))).whenComplete { _ in channel.close(promise: nil)
        }
      }
    case .stream(let source):
      headers.remove(name: "Content-Length")
      headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
      context.write(
        wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
      streaming = Streaming(source: source, delivery: delivery, keepAlive: keepAlive)
      pump(context: context)
    }
  }

  /// Writes parts while the socket keeps up; `channelWritabilityChanged` resumes it.
  private func pump(context: ChannelHandlerContext) {
    guard var active = streaming else { return }
    while context.channel.isWritable {
      guard let chunk = active.source.nextChunk() else {
        streaming = nil
        end(context: context, keepAlive: active.keepAlive)
        return
      }
      if case .stall(let after) = active.delivery {
        let room = after - active.sent
        if chunk.count >= room {
          if room > 0 { context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk.prefix(room))))), promise: nil) }
          context.flush()
          streaming = nil  // silence from here on; the client has to give up
          return
        }
        active.sent += chunk.count
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk)))), promise: nil)
        continue
      }
      let written = context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk)))))
      guard active.delivery == .complete else {
        // A fault lets only the first part out.
        streaming = nil
        let channel = context.channel
        let last = active.delivery == .truncate ? context.writeAndFlush(wrapOutboundOut(.end(nil))) : written
        last.whenComplete { _ in channel.close(promise: nil) }
        return
      }
    }
    streaming = active
  }

  private func end(context: ChannelHandlerContext, keepAlive: Bool) {
    let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if !keepAlive {
      let channel = context.channel
      written.whenComplete { _ in channel.close(promise: nil) }
    }
  }
}

extension Reply {
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

extension String {
  var nonEmpty: String? { isEmpty ? nil : self }
}
