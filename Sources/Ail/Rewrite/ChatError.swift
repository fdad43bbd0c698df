import Wire

/// Why a rewrite failed, in words for the user. Keys and prompts never appear in these.
public enum ChatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An error status, with the message found in its body.
  case http(provider: String, status: Int, message: String)
  /// No answer: refused, reset, timed out.
  case unreachable(provider: String, message: String)
  /// The model is not on the provider; `available` lists what is (may be empty when unknown).
  case modelNotFound(model: String, provider: String, available: [String])
  /// The stream reported an error after it had started.
  case midStream(provider: String, message: String)
  /// The stream ended before it said it was complete.
  case truncated(provider: String)
  /// The model answered with nothing.
  case empty(provider: String, model: String)
  /// The answer is not in the protocol's shape.
  case malformed(provider: String, message: String)
  /// Every provider of the chain failed; the reasons in order.
  case allFailed([ChatError])
  case configuration(String)

  public var description: String {
    switch self {
    case .http(let provider, let status, let message): "\(provider): HTTP \(status): \(message)"
    case .unreachable(let provider, let message): "\(provider): \(message)"
    case .modelNotFound(let model, let provider, let available):
      "model \(model) not found on provider \(provider)"
        + (available.isEmpty
          ? "" : " (available: \(available.prefix(20).joined(separator: ", "))\(available.count > 20 ? ", …" : ""))")
    case .midStream(let provider, let message): "\(provider): the answer broke off: \(message)"
    case .truncated(let provider): "\(provider): the answer ended before it was complete"
    case .empty(let provider, let model): "\(provider): \(model) gave an empty answer"
    case .malformed(let provider, let message): "\(provider): unreadable answer: \(message)"
    case .allFailed(let errors): errors.map(\.description).joined(separator: "; then ")
    case .configuration(let message): message
    }
  }

  /// Whether the provider gave no answer at all (refused, reset, timed out, through its retries),
  /// and so might be unreachable; every provider of a chain, for ``allFailed(_:)``.
  public var isNoAnswer: Bool {
    switch self {
    case .unreachable: true
    case .allFailed(let errors): errors.allSatisfy(\.isNoAnswer)
    default: false
    }
  }

  /// Whether the next provider of a fallback chain may do better: not for errors in what we sent.
  var movesDownTheChain: Bool {
    switch self {
    case .http(_, let status, _): ![400, 413, 422].contains(status)
    case .configuration: false
    case .allFailed: false
    default: true
    }
  }
}
