import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP/1.1 server on 127.0.0.1 (never another address: fakes serve tests and demos on this
/// machine only) that hands each request to a ``FakeService``.
public final class LoopbackServer: Sendable {
  public enum StartError: Error, Sendable {
    /// The socket was bound but has no port to tell.
    case noPort
  }

  /// The port bound on 127.0.0.1.
  public let port: Int
  private let listener: any Channel
  private let connections: Connections

  private init(port: Int, listener: any Channel, connections: Connections) {
    self.port = port
    self.listener = listener
    self.connections = connections
  }

  deinit {
    listener.close(promise: nil)
    for channel in connections.open { channel.close(promise: nil) }
  }

  /// Binds 127.0.0.1 on `port`, ephemeral for 0.
  /// - Parameter maxBodyBytes: larger request bodies are not kept (``ReceivedRequest/bodyTooLarge``).
  public static func start(port: Int = 0, maxBodyBytes: Int, service: any FakeService) async throws -> LoopbackServer {
    let connections = Connections()
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 512)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelOption(.maxMessagesPerRead, value: 16)
      .childChannelInitializer { channel in
        connections.opened(channel)
        channel.closeFuture.whenComplete { _ in connections.closed(channel) }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(
            ConnectionHandler(service: service, maxBodyBytes: maxBodyBytes))
        }
      }
      .bind(host: "127.0.0.1", port: max(0, port))
      .get()
    guard let port = listener.localAddress?.port else {
      try? await listener.close()
      throw StartError.noPort
    }
    return LoopbackServer(port: port, listener: listener, connections: connections)
  }

  /// Stops listening and closes every open connection. Calling it again does nothing.
  public func stop() async throws {
    do {
      try await listener.close()
    } catch ChannelError.alreadyClosed {
      // An earlier stop did it.
    }
    for channel in connections.open {
      try? await channel.close()
    }
  }

  /// ``stop()`` from a plain thread: it waits on the event loops alone, so a test stops the
  /// server when it means to even while every cooperative thread is busy elsewhere.
  public func stopBlocking() {
    try? listener.close().wait()
    for channel in connections.open { try? channel.close().wait() }
  }
}

/// The open connections, so that stopping the server ends them too instead of leaving clients
/// waiting on a stalled answer.
private final class Connections: Sendable {
  private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

  func opened(_ channel: any Channel) { channels.withLock { $0[ObjectIdentifier(channel)] = channel } }

  func closed(_ channel: any Channel) { _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) } }

  var open: [any Channel] { channels.withLock { Array($0.values) } }
}
