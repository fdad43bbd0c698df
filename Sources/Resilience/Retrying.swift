public import Localization
public import Wire

/// An attempt's failure, thrown by the operation given to ``withRetries(policy:breaker:host:sleep:onRetry:_:)``.
public struct AttemptError: Error, Sendable {
  public var failure: AttemptFailure
  /// What to tell the user, e.g. `HTTP 503 Service Unavailable` or `connection refused`, in every
  /// language (a record takes its English).
  public var wording: Wording
  /// An error answer's JSON body, for a caller that shows more of it (a form's field errors).
  public var body: JSONValue?
  /// What an error answer's body said (``HTTPErrorBody``), for a caller that words the status itself.
  public var serverMessage: String?

  /// What to tell the user, in the user's language.
  public var message: String {
    get { wording.text() }
    set { wording = Wording(verbatim: newValue) }
  }

  /// An error whose message is the same in every language (a server's words) or already in the
  /// user's.
  public init(_ failure: AttemptFailure, message: String, body: JSONValue? = nil, serverMessage: String? = nil) {
    self.init(failure, wording: Wording(verbatim: message), body: body, serverMessage: serverMessage)
  }

  public init(_ failure: AttemptFailure, wording: Wording, body: JSONValue? = nil, serverMessage: String? = nil) {
    self.failure = failure
    self.wording = wording
    self.body = body
    self.serverMessage = serverMessage
  }
}

/// Thrown instead of trying when the host's circuit is open.
public struct CircuitOpenError: Error, Sendable, CustomStringConvertible {
  public var host: String
  public var description: String { wording.text() }
  /// The message in every language.
  public var wording: Wording {
    Wording { tr("\(host) is unreachable (gave up after repeated connection failures)", in: $0) }
  }
}

/// Runs `operation` until it succeeds, a failure is not worth retrying, or the policy's retries are
/// spent. The breaker is asked once, before the first attempt: an open circuit fails a new request
/// at once, but the retries of a request already under way are what the user asked for and are
/// all made. The breaker sees each request's outcome once, after its retries: one item the server
/// chokes on, retried, is one failure, so it cannot open the circuit for every other item on its
/// own — failures of several requests in a row do.
///
/// - Parameters:
///   - sleep: waits the given seconds (tests pass one that records instead).
///   - onRetry: told about each retry before its wait (retry number, delay, the error).
public func withRetries<T: Sendable>(
  policy: RetryPolicy, breaker: CircuitBreaker?, host: String,
  sleep: @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
  onRetry: (Int, Double, AttemptError) -> Void = { _, _, _ in },
  _ operation: (_ attempt: Int) async throws -> T
) async throws -> T {
  if let breaker, !breaker.admit(host) { throw CircuitOpenError(host: host) }
  var retry = 0
  while true {
    do {
      let result = try await operation(retry + 1)
      breaker?.recordSuccess(host)
      return result
    } catch let error as AttemptError {
      retry += 1
      guard let delay = policy.delay(beforeRetry: retry, after: error.failure) else {
        breaker?.record(error.failure, host: host)
        throw error
      }
      onRetry(retry, delay, error)
      do {
        try await sleep(delay)
      } catch {
        breaker?.release(host)
        throw error
      }
    } catch {
      breaker?.release(host)
      throw error
    }
  }
}
