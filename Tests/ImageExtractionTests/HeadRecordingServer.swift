import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A loopback HTTP server that keeps the head of every request (path and headers) and answers
/// each with the same PNG, or with an HTML page for paths ending in `.html`: what a test needs to
/// see which requests a tool made and what it sent with them.
final class HeadRecordingServer: Sendable {
  private let heads = Mutex<[HTTPRequestHead]>([])
  private let channel: Mutex<(any Channel)?> = Mutex(nil)
  private let png: [UInt8]
  private let base = Mutex("")
  var baseURL: String { base.withLock { $0 } }

  var requests: [HTTPRequestHead] { heads.withLock { $0 } }

  private init(png: [UInt8]) { self.png = png }

  static func start(png: [UInt8]) async throws -> HeadRecordingServer {
    let server = HeadRecordingServer(png: png)
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

  fileprivate func record(_ head: HTTPRequestHead) -> (type: String, body: [UInt8]) {
    heads.withLock { $0.append(head) }
    if head.uri.hasSuffix(".html") {
      return ("text/html", Array("<!DOCTYPE html><html><body>the page</body></html>".utf8))
    }
    return ("image/png", png)
  }

  private final class Handler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let server: HeadRecordingServer
    var head: HTTPRequestHead?

    init(server: HeadRecordingServer) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head): self.head = head
      case .body: break
      case .end:
        guard let head else { return }
        let (type, body) = server.record(head)
        let headers = HTTPHeaders([("Content-Type", type), ("Content-Length", "\(body.count)")])
        context.write(
          wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
      }
    }
  }
}
