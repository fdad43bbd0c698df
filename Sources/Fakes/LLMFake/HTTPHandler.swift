import NIOCore
import NIOHTTP1

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One connection's requests, answered one at a time (the pipelining handler in front holds back
/// the next request until the current answer has ended). Every pause is a timer on the event
/// loop, so a slow answer never holds up another connection.
final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// Larger bodies are answered 413; a long mail is far smaller.
  private static let maxBodyBytes = 64 << 20
  /// How long a reset waits after the last bytes, so the client has read them when it comes.
  private static let resetPauseMilliseconds: Int64 = 50

  private let core: ServerCore
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  private var bodyTooLarge = false
  private var receivedAt = 0.0
  private var timer: Scheduled<Void>?
  private var delivery: Delivery?
  /// The sequence number of the request being answered, until its answer has ended.
  private var current: Int?
  private var isOpen = true

  /// A stream being written event by event.
  private struct Delivery {
    var sequence: Int
    var events: [Plan.Event]
    var next = 0
    /// Whether the pause before `events[next]` is over.
    var waited = false
    var ending: Plan.Ending
    var keepAlive: Bool
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
      receivedAt = Clock.monotonicNow()
      // curl asks before sending a larger body and would otherwise stall for a second.
      if requestHead.headers[canonicalForm: "Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
        context.writeAndFlush(
          wrapOutboundOut(.head(HTTPResponseHead(version: requestHead.version, status: .continue))), promise: nil)
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
    timer?.cancel()
    timer = nil
    if let current { core.finish(current, at: Clock.monotonicNow()) }
    current = nil
    delivery = nil
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  // MARK: Answering

  private func accept(_ requestHead: HTTPRequestHead, context: ChannelHandlerContext) {
    let request = IncomingRequest(
      method: requestHead.method.rawValue, uri: requestHead.uri, headers: requestHead.headers.map { ($0.name, $0.value) },
      body: body)
    body = []
    let admission = core.admit(request, receivedAt: receivedAt)
    current = admission.sequence
    if case .dropConnection = admission.fault {
      core.finish(admission.sequence, at: Clock.monotonicNow())
      current = nil
      context.close(promise: nil)
      return
    }
    var plan: Plan
    if bodyTooLarge {
      plan = .text("Payload Too Large", status: 413)
    } else {
      let core = self.core
      plan = Responder(
        settings: admission.settings, sequence: admission.sequence, takeTranscript: { core.takeTranscriptIndex() }
      ).plan(for: request, fault: admission.fault)
    }
    if requestHead.method == .HEAD, case .whole(let bytes) = plan.body {
      // A HEAD answer announces the length of the body it leaves out.
      plan.add("Content-Length", String(bytes.count))
      plan.body = .whole([])
    }
    let keepAlive = requestHead.isKeepAlive && !bodyTooLarge
    let version = requestHead.version
    let sequence = admission.sequence
    guard plan.firstByteDelayMilliseconds > 0 else {
      start(plan, sequence: sequence, keepAlive: keepAlive, version: version, context: context)
      return
    }
    timer = context.eventLoop.assumeIsolated().scheduleTask(
      in: .milliseconds(Int64(plan.firstByteDelayMilliseconds))
    ) {
      self.timer = nil
      self.start(plan, sequence: sequence, keepAlive: keepAlive, version: version, context: context)
    }
  }

  private func start(_ plan: Plan, sequence: Int, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext) {
    guard isOpen else { return }
    var headers = HTTPHeaders(plan.headers)
    headers.replaceOrAdd(name: "Date", value: Clock.httpDate(Date()))
    let keepAlive = keepAlive && plan.ending == .complete
    if !keepAlive {
      headers.replaceOrAdd(name: "Connection", value: "close")
    } else if version.major == 1, version.minor == 0 {
      headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    let status = HTTPResponseStatus(statusCode: plan.status, reasonPhrase: StatusText.of(plan.status))
    let now = Clock.monotonicNow()
    core.update(sequence) {
      $0.status = plan.status
      $0.firstByteAt = now
    }

    switch plan.body {
    case .whole(let bytes):
      if headers["Content-Length"].isEmpty {
        // A reset must leave the client short of the announced length, even for an empty body.
        headers.add(name: "Content-Length", value: String(plan.ending == .reset ? max(bytes.count, 1) : bytes.count))
      }
      context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
      let sent = plan.ending == .reset ? Array(bytes.prefix(bytes.count / 2)) : bytes
      if !sent.isEmpty {
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: sent)))), promise: nil)
      }
      core.update(sequence) { $0.writeTimes.append(now) }
      finish(Delivery(sequence: sequence, events: [], ending: plan.ending, keepAlive: keepAlive), context: context)
    case .events(let events):
      headers.remove(name: "Content-Length")
      headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
      context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
      delivery = Delivery(sequence: sequence, events: events, ending: plan.ending, keepAlive: keepAlive)
      pump(context: context)
    }
  }

  /// Writes events while the socket keeps up and no pause is due; a timer or
  /// `channelWritabilityChanged` resumes it.
  private func pump(context: ChannelHandlerContext) {
    guard isOpen, timer == nil, var active = delivery else { return }
    while active.next < active.events.count {
      let event = active.events[active.next]
      if event.delayMilliseconds > 0, !active.waited {
        active.waited = true
        delivery = active
        context.flush()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(event.delayMilliseconds))) {
          self.timer = nil
          self.pump(context: context)
        }
        return
      }
      guard context.channel.isWritable else {
        delivery = active
        context.flush()
        return
      }
      context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: event.bytes)))), promise: nil)
      let now = Clock.monotonicNow()
      core.update(active.sequence) { $0.writeTimes.append(now) }
      active.next += 1
      active.waited = false
    }
    delivery = nil
    finish(active, context: context)
  }

  private func finish(_ active: Delivery, context: ChannelHandlerContext) {
    let sequence = active.sequence
    let channel = context.channel
    current = nil
    switch active.ending {
    case .complete, .closeAfterEnd:
      let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
      core.finish(sequence, at: Clock.monotonicNow())
      if !active.keepAlive || active.ending == .closeAfterEnd {
        written.whenComplete { _ in channel.close(promise: nil) }
      }
    case .stall:
      context.flush()  // and nothing more: the client has to give up
    case .reset:
      context.flush()
      core.finish(sequence, at: Clock.monotonicNow())
      timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Self.resetPauseMilliseconds)) {
        self.timer = nil
        Self.reset(channel)
      }
    }
  }

  /// Closes with `SO_LINGER` 0, which makes the kernel send a TCP reset instead of a FIN.
  private static func reset(_ channel: any Channel) {
    guard let provider = channel as? any SocketOptionProvider else {
      channel.close(promise: nil)
      return
    }
    provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
  }
}
