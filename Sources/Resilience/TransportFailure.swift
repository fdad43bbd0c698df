import AsyncHTTPClient
public import Localization
import NIOCore
import NIOPosix

#if canImport(Glibc)
  import Glibc
#endif

/// Words (in every language) for what went wrong below HTTP — timeouts, refused connections, resets — as every tool
/// that talks HTTP reports them, instead of AsyncHTTPClient's and NIO's type names.
public enum TransportFailure {
  /// A short description naming `host` (`host:port`) where the failure is about reaching it, in
  /// the user's language.
  public static func describe(_ error: any Error, host: String) -> String { wording(error, host: host).text() }

  /// The description in every language, for a caller that writes it into a record too.
  public static func wording(_ error: any Error, host: String) -> Wording {
    switch error {
    case let error as RequestStalled:
      return error.wording
    case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
      return Wording { tr("timed out", in: $0) }
    case let error as HTTPClientError where error == .connectTimeout:
      return Wording { tr("cannot connect to \(host): timed out", in: $0) }
    case let error as HTTPClientError where error == .remoteConnectionClosed:
      return Wording { tr("connection closed by the server", in: $0) }
    case let error as NIOConnectionError:
      guard let reason = error.connectionErrors.first.map({ String(describing: $0.error) }) else {
        return Wording { tr("cannot connect to \(host): no address", in: $0) }
      }
      // TRANSLATORS: {1} is the system's or the network library's words, in English.
      return Wording { tr("cannot connect to \(host): \(reason)", in: $0) }
    case let error as IOError:
      // The system's words, not NIO's wrapping of them.
      let reason = String(cString: strerror(error.errnoCode)).lowercased()
      let connecting = [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(error.errnoCode)
      return connecting
        ? Wording { tr("cannot connect to \(host): \(reason)", in: $0) } : Wording(verbatim: "\(host): \(reason)")
    default:
      let text = String(describing: error)
      return Wording(verbatim: text.count > 200 ? String(text.prefix(200)) + "…" : text)
    }
  }
}
