public import AsyncHTTPClient
import NIOCore

/// The HTTP client every tool talks through, set up so that the retry policy sees each failure.
public enum RetryingHTTP {
  /// The connect timeout set, and AsyncHTTPClient's own reconnects off: a refused connection
  /// fails at once, and retrying it is the policy's job (backoff, circuit breaker, every attempt
  /// counted), not a silent loop until the connect timeout.
  public static func configuration(connectTimeout seconds: Double) -> HTTPClient.Configuration {
    var configuration = HTTPClient.Configuration()
    configuration.timeout = .init(connect: .milliseconds(Int64(seconds * 1000)))
    configuration.connectionPool.retryConnectionEstablishment = false
    return configuration
  }

  public static func client(connectTimeout seconds: Double) -> HTTPClient {
    HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(connectTimeout: seconds))
  }
}
