import Foundation
public import NIOHTTP1
import Wire

/// When and how long to wait before trying a request again: only what can succeed
/// later is retried — connection failures and 408, 425, 429, 500, 502, 503, 504 — never 400, 401,
/// 403, 404, 422, nor a 429 that says the quota is used up. Delays grow exponentially with jitter;
/// a `Retry-After` from the server wins, up to a cap.
public struct RetryPolicy: Sendable, Equatable {
  /// Retries after the first attempt (the original app: 2).
  public var maxRetries: Int
  /// The delay before the first retry; each further retry doubles it (the original app: 2 s, 4 s).
  public var baseDelay: Double
  /// No computed delay exceeds this.
  public var maxDelay: Double
  /// Each delay is scaled by a random factor in `1 ± jitter`, so that many clients do not retry in step.
  public var jitter: Double
  /// The longest `Retry-After` honoured; a longer one gives up instead of stalling the run.
  public var retryAfterCap: Double
  public var retryableStatuses: Set<Int>

  public init(
    maxRetries: Int = 2, baseDelay: Double = 2, maxDelay: Double = 30, jitter: Double = 0.1,
    retryAfterCap: Double = 60, retryableStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504]
  ) {
    self.maxRetries = maxRetries
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.jitter = jitter
    self.retryAfterCap = retryAfterCap
    self.retryableStatuses = retryableStatuses
  }

  /// No retries at all.
  public static let none = RetryPolicy(maxRetries: 0)

  /// Seconds to wait before retry number `retry` (1-based) after `failure`, or nil to give up.
  /// `random` yields values in 0..<1 (tests pass a fixed one).
  public func delay(
    beforeRetry retry: Int, after failure: AttemptFailure, random: () -> Double = { Double.random(in: 0..<1) }
  ) -> Double? {
    guard retry <= maxRetries, isRetryable(failure) else { return nil }
    if case .status(_, let retryAfter?, _) = failure {
      return retryAfter <= retryAfterCap ? max(0, retryAfter) : nil
    }
    let exponential = min(maxDelay, baseDelay * Double(1 << min(retry - 1, 30)))
    return exponential * (1 + jitter * (2 * random() - 1))
  }

  public func isRetryable(_ failure: AttemptFailure) -> Bool {
    switch failure {
    case .transport: true
    case .status(let code, _, let quotaExhausted): retryableStatuses.contains(code) && !quotaExhausted
    }
  }
}

/// Why one attempt failed.
public enum AttemptFailure: Sendable, Equatable {
  /// No HTTP answer: refused, reset, timed out, DNS.
  case transport(String)
  /// An HTTP answer with an error status, its `Retry-After` in seconds when it had one, and whether
  /// the body said the account's quota is exhausted (a 429 that waiting does not cure).
  case status(Int, retryAfter: Double?, quotaExhausted: Bool)
}

/// `Retry-After` (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date relative to `now`.
public enum RetryAfter {
  /// Seconds to wait, or nil when the value is neither form.
  public static func seconds(_ value: String, now: Double) -> Double? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(text), seconds >= 0 { return Double(seconds) }
    guard let date = HTTPDate.parse(text) else { return nil }
    return max(0, date - now)
  }

  /// What a response asks for: OpenAI's `retry-after-ms` wins over `Retry-After`.
  public static func seconds(in headers: HTTPHeaders, now: Double) -> Double? {
    if let milliseconds = headers.first(name: "retry-after-ms").flatMap(Double.init), milliseconds >= 0 {
      return milliseconds / 1000
    }
    return headers.first(name: "Retry-After").flatMap { seconds($0, now: now) }
  }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form servers send, as seconds since 1970.
enum HTTPDate {
  static func parse(_ text: String) -> Double? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = Int(parts[1]), let monthIndex = CivilDate.monthAbbreviations.firstIndex(of: String(parts[2])),
      let year = Int(parts[3])
    else { return nil }
    let clock = parts[4].split(separator: ":").compactMap { Int($0) }
    let date = CivilDate(year: year, month: monthIndex + 1, day: day)
    // IMF-fixdate's year has four digits; a day past its month's end is no date.
    guard clock.count == 3, (1000...9999).contains(year), date.isValid, (0..<24).contains(clock[0]),
      (0..<60).contains(clock[1]), (0...60).contains(clock[2])
    else { return nil }
    return Double(CivilTime(date: date, hour: clock[0], minute: clock[1], second: clock[2]).secondsSince1970)
  }
}
