public import AsyncHTTPClient
import NIOCore
public import NIOHTTP1

extension HTTPClient {
  /// One request, its answer read whole. The suites wrap it with the headers and body their
  /// protocol sends by default.
  public func exchange(
    _ url: String, method: HTTPMethod, headers: [(String, String)], body: [UInt8]?
  ) async throws -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    let response = try await execute(request, timeout: .seconds(30))
    var buffer = try await response.body.collect(upTo: 1 << 30)
    return Answer(
      status: Int(response.status.code), headers: response.headers,
      body: buffer.readBytes(length: buffer.readableBytes) ?? [])
  }
}

/// Starts a server and a client, runs `body`, and stops both whatever happens.
public func withServer<Server, T>(
  start: () async throws -> Server, stop: (Server) async throws -> Void,
  _ body: (Server, HTTPClient) async throws -> T
) async throws -> T {
  let server = try await start()
  let client = HTTPClient(eventLoopGroupProvider: .singleton)
  do {
    let result = try await body(server, client)
    try await client.shutdown()
    try await stop(server)
    return result
  } catch {
    try? await client.shutdown()
    try? await stop(server)
    throw error
  }
}
