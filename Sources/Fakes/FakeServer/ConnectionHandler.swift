import NIOCore
import NIOHTTP1

/// One connection's requests, answered one at a time (the pipelining handler in front holds back
/// the next request until the current answer has ended). Every pause is a timer on the event
/// loop, so a slow answer never holds up another connection.
final class ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// How long a reset waits after the last bytes, so the client has read them when it comes.
  static let resetPauseMilliseconds: Int64 = 50

  let service: any FakeService
  let maxBodyBytes: Int
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  private var bodyTooLarge = false
  private var receivedAt = 0.0
  var timer: Scheduled<Void>?
  var streaming: Streaming?
  /// The answer under way, until it has ended.
  var trace: (any ResponseTrace)?
  /// The last body write, which a close waits for so that no written byte is lost.
  var lastWrite: EventLoopFuture<Void>?
  var isOpen = true

  /// A streamed body being written as the socket accepts it.
  struct Streaming {
    var source: any BodySource
    /// The piece fetched whose turn it is.
    var held: BodyChunk?
    /// Whether the pause before `held` is over.
    var waited = false
    var ending: FakeResponse.Ending
    var keepAlive: Bool
    var sent = 0
  }

  init(service: any FakeService, maxBodyBytes: Int) {
    self.service = service
    self.maxBodyBytes = maxBodyBytes
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let requestHead):
      head = requestHead
      body = []
      bodyTooLarge = false
      receivedAt = MonotonicClock.now()
      // curl asks before sending a larger body and would otherwise stall for a second.
      if requestHead.headers[canonicalForm: "Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
        context.writeAndFlush(
          wrapOutboundOut(.head(HTTPResponseHead(version: requestHead.version, status: .continue))), promise: nil)
      }
    case .body(let buffer):
      guard !bodyTooLarge else { return }
      if body.count + buffer.readableBytes > maxBodyBytes {
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
    timer?.cancel()
    timer = nil
    streaming = nil
    trace?.finished(at: MonotonicClock.now())
    trace = nil
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  private func accept(_ requestHead: HTTPRequestHead, context: ChannelHandlerContext) {
    let admission = service.admit(
      ReceivedRequest(head: requestHead, body: body, bodyTooLarge: bodyTooLarge, receivedAt: receivedAt))
    body = []
    trace = admission.trace
    let keepAlive = requestHead.isKeepAlive && !bodyTooLarge
    let version = requestHead.version
    guard admission.waitMilliseconds > 0 else {
      answer(admission.respond(), keepAlive: keepAlive, version: version, context: context)
      return
    }
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(admission.waitMilliseconds))) {
      self.timer = nil
      guard self.isOpen else { return }
      self.answer(admission.respond(), keepAlive: keepAlive, version: version, context: context)
    }
  }

  private func answer(_ response: FakeResponse?, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext)
  {
    guard isOpen else { return }
    guard let response else {
      trace?.finished(at: MonotonicClock.now())
      trace = nil
      context.close(promise: nil)
      return
    }
    write(response, keepAlive: keepAlive && response.keepsConnection, version: version, context: context)
  }
}
