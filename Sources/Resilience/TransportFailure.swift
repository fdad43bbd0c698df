import AsyncHTTPClient
import NIOCore
import NIOPosix

#if canImport(Glibc)
  import Glibc
#endif

/// Words for what went wrong below HTTP — timeouts, refused connections, resets — as every tool
/// that talks HTTP reports them, instead of AsyncHTTPClient's and NIO's type names.
public enum TransportFailure {
  /// A short description naming `host` (`host:port`) where the failure is about reaching it.
  public static func describe(_ error: any Error, host: String) -> String {
    switch error {
    case let error as RequestStalled:
      return error.description
    case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
      return "timed out"
    case let error as HTTPClientError where error == .connectTimeout:
      return "cannot connect to \(host): timed out"
    case let error as HTTPClientError where error == .remoteConnectionClosed:
      return "connection closed by the server"
    case let error as NIOConnectionError:
      return "cannot connect to \(host): "
        + (error.connectionErrors.first.map { String(describing: $0.error) } ?? "no address")
    case let error as IOError:
      // The system's words, not NIO's wrapping of them.
      let reason = String(cString: strerror(error.errnoCode)).lowercased()
      let connecting = [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(error.errnoCode)
      return connecting ? "cannot connect to \(host): \(reason)" : "\(host): \(reason)"
    default:
      let text = String(describing: error)
      return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
  }
}
