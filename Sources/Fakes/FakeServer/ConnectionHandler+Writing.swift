import NIOCore
import NIOHTTP1

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing an answer: the head, a whole or streamed body with back-pressure, and the ending its
/// fault asks for.
extension ConnectionHandler {
  func write(_ response: FakeResponse, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext) {
    var headers = HTTPHeaders(response.headers)
    if !keepAlive {
      headers.replaceOrAdd(name: "Connection", value: "close")
    } else if version.major == 1, version.minor == 0 {
      headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    let status = HTTPResponseStatus(statusCode: response.status, reasonPhrase: response.reasonPhrase)
    let now = MonotonicClock.now()
    trace?.started(status: response.status, at: now)

    switch response.body {
    case .whole(let bytes):
      if let length = response.contentLength { headers.replaceOrAdd(name: "Content-Length", value: String(length)) }
      context.write(
        wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
      var sent = bytes
      if case .stall(let limit) = response.ending { sent = Array(bytes.prefix(max(0, limit))) }
      if response.ending == .closeMidBody {
        lastWrite = context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: sent)))))
      } else if !sent.isEmpty {
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: sent)))), promise: nil)
      }
      trace?.wrote(at: now)
      end(response.ending, keepAlive: keepAlive, context: context)
    case .stream(let source):
      headers.remove(name: "Content-Length")
      headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
      context.write(
        wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
      streaming = Streaming(source: source, ending: response.ending, keepAlive: keepAlive)
      pump(context: context)
    }
  }

  /// Writes pieces while the socket keeps up and no pause is due; a timer or
  /// `channelWritabilityChanged` resumes it.
  func pump(context: ChannelHandlerContext) {
    guard isOpen, timer == nil, var active = streaming else { return }
    while true {
      if case .stall(let limit) = active.ending, active.sent >= limit { break }
      if active.held == nil {
        guard let chunk = active.source.next() else { break }
        active.held = chunk
        active.waited = false
      }
      guard let chunk = active.held else { break }
      if chunk.delayMilliseconds > 0, !active.waited {
        active.waited = true
        streaming = active
        context.flush()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(chunk.delayMilliseconds))) {
          self.timer = nil
          self.pump(context: context)
        }
        return
      }
      guard context.channel.isWritable else {
        streaming = active
        context.flush()
        return
      }
      var bytes = chunk.bytes
      if case .stall(let limit) = active.ending { bytes = Array(bytes.prefix(limit - active.sent)) }
      lastWrite = context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))))
      trace?.wrote(at: MonotonicClock.now())
      active.sent += bytes.count
      active.held = nil
    }
    streaming = nil
    end(active.ending, keepAlive: active.keepAlive, context: context)
  }

  private func end(_ ending: FakeResponse.Ending, keepAlive: Bool, context: ChannelHandlerContext) {
    let trace = self.trace
    self.trace = nil
    let channel = context.channel
    switch ending {
    case .complete, .closeAfterEnd:
      let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
      trace?.finished(at: MonotonicClock.now())
      if !keepAlive || ending == .closeAfterEnd {
        written.whenComplete { _ in channel.close(promise: nil) }
      }
    case .closeMidBody:
      context.flush()
      trace?.finished(at: MonotonicClock.now())
      let written = lastWrite ?? context.eventLoop.makeSucceededVoidFuture()
      written.whenComplete { _ in channel.close(promise: nil) }
    case .reset:
      context.flush()
      trace?.finished(at: MonotonicClock.now())
      timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Self.resetPauseMilliseconds)) {
        self.timer = nil
        Self.reset(channel)
      }
    case .stall:
      context.flush()  // and nothing more: the client has to give up
    }
    lastWrite = nil
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
