/// What can go wrong talking to Readeck, in the terms the tools report and map to exit statuses.
public enum ReadeckError: Error, Sendable, Equatable, CustomStringConvertible {
  /// 401 or 403: the token is wrong, expired, or lacks the scope.
  case tokenRejected(status: Int)
  /// The server cannot be reached (connection failures until the circuit opened).
  case unreachable(String)
  /// One request got no answer through its retries (timed out, stalled, cut off) while the server
  /// answered a fresh one: a failure of that item, not of the run.
  case unanswered(String)
  /// An HTTP error that retries did not cure.
  case http(status: Int, message: String)
  /// A form the server refused (400, 422), with its messages.
  case formRejected(status: Int, message: String, errors: FormErrors)
  /// The server answered something this client cannot use.
  case invalidResponse(String)
  /// The server address given is not an http(s) URL: a mistake in the settings, not the server's.
  case invalidServer(String)

  public var description: String {
    switch self {
    case .tokenRejected(let status): "token rejected by the server (HTTP \(status))"
    case .unreachable(let detail): "server unreachable: \(detail)"
    case .unanswered(let detail): "\(detail), although the server answers other requests"
    // The message already begins "HTTP 400 Bad Request" as the client words it.
    case .http(let status, let message): message.isEmpty ? "HTTP \(status)" : message
    case .formRejected(_, let message, let errors): "\(message): \(errors.summary)"
    case .invalidResponse(let detail): "invalid response: \(detail)"
    case .invalidServer(let detail): "not an http(s) URL: \(detail)"
    }
  }

  /// The HTTP status, when the server answered.
  public var status: Int? {
    switch self {
    case .tokenRejected(let status), .http(let status, _), .formRejected(let status, _, _): status
    default: nil
    }
  }
}
