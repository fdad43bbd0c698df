import NIOCore
import NIOPosix

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

/// Sends raw bytes on one connection and reads until the server closes it: for what an HTTP
/// client hides (exact status lines, header order, a body cut short).
public func rawExchange(port: Int, _ text: String) async throws -> String {
  let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .connect(host: "127.0.0.1", port: port) { channel in
      channel.eventLoop.makeCompletedFuture {
        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
      }
    }
  return try await channel.executeThenClose { inbound, outbound in
    try await outbound.write(ByteBuffer(string: text))
    var received = ""
    for try await var chunk in inbound { received += chunk.readString(length: chunk.readableBytes) ?? "" }
    return received
  }
}

public struct RawSocketError: Error, CustomStringConvertible {
  public var description: String
}

/// Sends raw bytes on one connection and reads for `seconds`: what arrived, and whether the server
/// closed the connection meanwhile (which a stalled answer must not do).
public func rawReceive(port: Int, _ text: String, for seconds: Double) throws -> (received: [UInt8], closed: Bool) {
  #if canImport(Glibc)
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
  #endif
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else { throw RawSocketError(description: "cannot connect to 127.0.0.1:\(port)") }
  let bytes = Array(text.utf8)
  guard send(socket, bytes, bytes.count, 0) == bytes.count else { throw RawSocketError(description: "send failed") }
  var received: [UInt8] = []
  let deadline = Date().addingTimeInterval(seconds)
  var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
  var buffer = [UInt8](repeating: 0, count: 65536)
  while Date() < deadline {
    guard poll(&descriptor, 1, 50) > 0 else { continue }
    let count = recv(socket, &buffer, buffer.count, 0)
    if count <= 0 { return (received, true) }
    received += buffer.prefix(count)
  }
  return (received, false)
}
