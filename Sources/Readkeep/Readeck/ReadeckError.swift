public import Localization

/// What can go wrong talking to Readeck, in the terms the tools report and map to exit statuses.
public enum ReadeckError: Error, Sendable, Equatable, CustomStringConvertible {
  /// 401 or 403: the token is wrong, expired, or lacks the scope.
  case tokenRejected(status: Int)
  /// The server cannot be reached (connection failures until the circuit opened).
  case unreachable(Wording)
  /// One request got no answer through its retries (timed out, stalled, cut off) while the server
  /// answered a fresh one: a failure of that item, not of the run.
  case unanswered(Wording)
  /// An HTTP error that retries did not cure.
  case http(status: Int, message: String)
  /// A form the server refused (400, 422), with its messages.
  case formRejected(status: Int, message: String, errors: FormErrors)
  /// The server answered something this client cannot use.
  case invalidResponse(Wording)
  /// The server address given is not an http(s) URL: a mistake in the settings, not the server's.
  case invalidServer(String)

  /// The message in the user's language.
  public var description: String { text(in: .current) }

  /// The message in English, for records (a failure's `"reason"`): the same under every locale.
  public var english: String { text(in: .english) }

  public func text(in language: Language) -> String {
    switch self {
    case .tokenRejected(let status):
      return tr("token rejected by the server (HTTP \(status))", in: language)
    case .unreachable(let detail):
      let reason = detail.text(in: language)
      return tr("server unreachable: \(reason)", in: language)
    case .unanswered(let detail):
      let reason = detail.text(in: language)
      // TRANSLATORS: {0} is what went wrong with one request ("timed out: no answer within 30 s").
      return tr("\(reason), although the server answers other requests", in: language)
    // The message already begins "HTTP 400 Bad Request" as the client words it.
    case .http(let status, let message):
      return message.isEmpty ? "HTTP \(status)" : message
    // The server's own words.
    case .formRejected(_, let message, let errors):
      return "\(message): \(errors.summary)"
    case .invalidResponse(let detail):
      let reason = detail.text(in: language)
      return tr("invalid response: \(reason)", in: language)
    case .invalidServer(let detail):
      return tr("not an http(s) URL: \(detail)", in: language)
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
