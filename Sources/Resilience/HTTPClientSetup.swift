public import AsyncHTTPClient
import NIOCore

/// The HTTP client every tool talks through, set up so that the retry policy sees each failure.
public enum RetryingHTTP {
  /// The connect timeout set, and AsyncHTTPClient's own reconnects off: a refused connection
  /// fails at once, and retrying it is the policy's job (backoff, circuit breaker, every attempt
  /// counted), not a silent loop until the connect timeout. `connectionsPerHost` replaces
  /// AsyncHTTPClient's 8 HTTP/1 connections to one host, for a tool whose requests in flight
  /// may all go to one server.
  public static func configuration(connectTimeout seconds: Double, connectionsPerHost: Int? = nil)
    -> HTTPClient.Configuration
  {
    var configuration = HTTPClient.Configuration()
    configuration.timeout = .init(connect: .milliseconds(Int64(seconds * 1000)))
    configuration.connectionPool.retryConnectionEstablishment = false
    if let connectionsPerHost {
      configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connectionsPerHost
    }
    return configuration
  }

  public static func client(connectTimeout seconds: Double) -> HTTPClient {
    HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(connectTimeout: seconds))
  }
}

/// Runs `body` with a client set up as ``RetryingHTTP/configuration(connectTimeout:)`` says, and
/// shuts the client down after it, whether `body` returned or threw (AsyncHTTPClient requires the
/// shutdown before the client goes away).
public func withHTTPClient<T>(
  connectTimeout seconds: Double, isolation: isolated (any Actor)? = #isolation, _ body: (HTTPClient) async throws -> T
) async throws -> T {
  let http = RetryingHTTP.client(connectTimeout: seconds)
  return try await shuttingDown(http) { try await body(http) }
}

/// Runs `body`, then shuts `http` down, whether `body` returned or threw; for a client that is
/// made only when the work turns out to need one. A failed shutdown counts only after success:
/// after a failure, the failure is what the caller must hear about.
public func shuttingDown<T>(
  _ http: HTTPClient?, isolation: isolated (any Actor)? = #isolation, after body: () async throws -> T
) async throws -> T {
  let result: T
  do {
    result = try await body()
  } catch {
    try? await http?.shutdown()
    throw error
  }
  try await http?.shutdown()
  return result
}
