import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A loopback HTTP server for image downloads: each path has an answer (status, headers, body,
/// delay, and failures to give first); it counts the requests per path and keeps their heads.
final class ImageServer: Sendable {
  struct Answer: Sendable {
    var status: HTTPResponseStatus = .ok
    var body: [UInt8]
    var contentType = "image/png"
    var delayMilliseconds = 0
    /// Statuses answered (in order) before the real answer.
    var failFirst: [HTTPResponseStatus] = []
    var headers: [(String, String)] = []
    /// Send this many bytes of the body, then nothing, leaving the connection open.
    var stallAfterBytes: Int?
    /// Hold the answer until this many requests are being answered at once (or 10 s passed), so
    /// that a concurrency figure does not depend on how fast a loaded machine sends requests.
    var holdUntilAtOnce: Int?
  }

  private let answers: Mutex<[String: Answer]>
  private let counts = Mutex<[String: Int]>([:])
  private let heads = Mutex<[HTTPRequestHead]>([])
  /// Every request's head (path and headers), in arrival order.
  var requestHeads: [HTTPRequestHead] { heads.withLock { $0 } }
  /// Requests being answered now, and the most there were at once.
  private let active = Mutex((now: 0, most: 0))
  var mostAtOnce: Int { active.withLock { $0.most } }
  private let channel: Mutex<(any Channel)?> = Mutex(nil)
  private let base = Mutex("")
  var baseURL: String { base.withLock { $0 } }

  init(_ answers: [String: Answer]) {
    self.answers = Mutex(answers)
  }

  static func start(_ answers: [String: Answer]) async throws -> ImageServer {
    let server = ImageServer(answers)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(Handler(server: server))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    server.base.withLock { $0 = "http://127.0.0.1:\(channel.localAddress!.port!)" }
    server.channel.withLock { $0 = channel }
    return server
  }

  func stop() async throws { try await channel.withLock { $0 }?.close() }

  func requests(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
  var totalRequests: Int { counts.withLock { $0.values.reduce(0, +) } }

  /// The answer for this request, counting it and using up a queued failure first.
  fileprivate func begin() {
    active.withLock { active in
      active.now += 1
      active.most = max(active.most, active.now)
    }
  }

  fileprivate func end() { active.withLock { $0.now -= 1 } }

  fileprivate func answer(_ path: String) -> Answer? {
    counts.withLock { $0[path, default: 0] += 1 }
    return answers.withLock { answers -> Answer? in
      guard var answer = answers[path] else { return nil }
      if !answer.failFirst.isEmpty {
        let status = answer.failFirst.removeFirst()
        answers[path] = answer
        return Answer(status: status, body: Array("<html><body>busy</body></html>".utf8), contentType: "text/html")
      }
      return answer
    }
  }

  private final class Handler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let server: ImageServer
    var path = ""

    init(server: ImageServer) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head):
        path = head.uri
        server.heads.withLock { $0.append(head) }
        server.begin()
      case .body: break
      case .end:
        let answer =
          server.answer(path)
          ?? Answer(status: .notFound, body: Array("<html>not found</html>".utf8), contentType: "text/html")
        let respond = { [self] in
          var headers = HTTPHeaders([("Content-Type", answer.contentType), ("Content-Length", "\(answer.body.count)")])
          for (name, value) in answer.headers { headers.add(name: name, value: value) }
          context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: answer.status, headers: headers))),
            promise: nil)
          if let stall = answer.stallAfterBytes {
            context.writeAndFlush(
              wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body.prefix(stall))))), promise: nil)
            server.end()
            return
          }
          context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
          server.end()
          context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        if let wanted = answer.holdUntilAtOnce {
          let deadline = NIODeadline.now() + .seconds(10)
          let held = NIOLoopBound(respond, eventLoop: context.eventLoop)
          context.eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(10)) { [server] task in
            guard server.mostAtOnce >= wanted || NIODeadline.now() > deadline else { return }
            task.cancel()
            held.value()
          }
        } else if answer.delayMilliseconds > 0 {
          context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(answer.delayMilliseconds))) {
            respond()
          }
        } else {
          respond()
        }
      }
    }
  }
}
