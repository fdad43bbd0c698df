import Synchronization
import Testing

@testable import Resilience

@Suite struct RetryPolicyTests {
  let policy = RetryPolicy()  // the original app's 2 retries, 2 s then 4 s

  @Test func defaultsMatchTheOriginalApp() {
    let unavailable = AttemptFailure.status(503, retryAfter: nil, quotaExhausted: false)
    #expect(policy.delay(beforeRetry: 1, after: unavailable, random: { 0.5 }) == 2)
    #expect(policy.delay(beforeRetry: 2, after: unavailable, random: { 0.5 }) == 4)
    #expect(policy.delay(beforeRetry: 3, after: unavailable, random: { 0.5 }) == nil)
  }

  @Test func jitterStaysWithinItsBand() {
    let failure = AttemptFailure.transport("reset")
    #expect(policy.delay(beforeRetry: 1, after: failure, random: { 0 }) == 1.8)
    #expect(abs(policy.delay(beforeRetry: 1, after: failure, random: { 0.999999 })! - 2.2) < 1e-5)
    let capped = RetryPolicy(maxRetries: 10, baseDelay: 2, maxDelay: 5, jitter: 0)
    #expect(capped.delay(beforeRetry: 8, after: failure) == 5)
  }

  @Test(arguments: [408, 425, 429, 500, 502, 503, 504])
  func retriesWhatCanSucceedLater(status: Int) {
    #expect(policy.isRetryable(.status(status, retryAfter: nil, quotaExhausted: false)))
  }

  @Test(arguments: [400, 401, 403, 404, 409, 422, 501])
  func neverRetriesClientErrors(status: Int) {
    #expect(!policy.isRetryable(.status(status, retryAfter: nil, quotaExhausted: false)))
  }

  @Test func anExhaustedQuotaIsNotRetried() {
    #expect(!policy.isRetryable(.status(429, retryAfter: 1, quotaExhausted: true)))
  }

  @Test func retryAfterWinsUpToTheCap() {
    #expect(policy.delay(beforeRetry: 1, after: .status(429, retryAfter: 7, quotaExhausted: false)) == 7)
    #expect(policy.delay(beforeRetry: 1, after: .status(503, retryAfter: 0, quotaExhausted: false)) == 0)
    #expect(policy.delay(beforeRetry: 1, after: .status(503, retryAfter: 3600, quotaExhausted: false)) == nil)
  }

  @Test func retryAfterInBothForms() {
    #expect(RetryAfter.seconds(" 120 ", now: 0) == 120)
    // Sun, 06 Nov 1994 08:49:37 GMT is 784111777 seconds after 1970.
    #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_767) == 10)
    #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_800) == 0)
    #expect(RetryAfter.seconds("soon", now: 0) == nil)
    #expect(RetryAfter.seconds("-5", now: 0) == nil)
  }
}

@Suite struct CircuitBreakerTests {
  final class Clock: Sendable {
    let now = Mutex(0.0)
    func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
  }

  @Test func defaultsAreTheOriginalApps() {
    let breaker = CircuitBreaker()
    #expect(breaker.threshold == 3)
    #expect(breaker.cooldown == 10)
    #expect(breaker.maxCooldown == 50)
    #expect(breaker.probesToClose == 3)
  }

  @Test func opensAfterThreeConsecutiveTransportFailuresOnlyForThatHost() {
    let clock = Clock()
    let breaker = CircuitBreaker(clock: { clock.now.withLock { $0 } })
    for _ in 1...2 { breaker.record(.transport("refused"), host: "a") }
    #expect(breaker.admit("a"))
    breaker.record(.transport("refused"), host: "a")
    #expect(!breaker.admit("a"))
    #expect(breaker.isOpen("a"))
    #expect(breaker.admit("b"))
    clock.advance(9.9)
    #expect(!breaker.admit("a"))
  }

  @Test func halfOpenLetsOneProbeAtATimeAndThreeSuccessesCloseIt() {
    let clock = Clock()
    let breaker = CircuitBreaker(clock: { clock.now.withLock { $0 } })
    for _ in 1...3 { breaker.record(.transport("refused"), host: "a") }
    clock.advance(10)
    for probe in 1...3 {
      #expect(breaker.admit("a"), "probe \(probe) goes out")
      #expect(!breaker.admit("a"), "a second request waits while probe \(probe) is out")
      breaker.recordSuccess("a")
    }
    // Closed: requests go out side by side, and it takes three failures again to open it.
    #expect(breaker.admit("a") && breaker.admit("a"))
    for _ in 1...2 { breaker.record(.transport("refused"), host: "a") }
    #expect(breaker.admit("a"))
  }

  @Test func aFailedProbeReopensForTwiceAsLongUpToFiftySeconds() {
    let clock = Clock()
    let breaker = CircuitBreaker(clock: { clock.now.withLock { $0 } })
    for _ in 1...3 { breaker.record(.transport("refused"), host: "a") }
    for cooldown in [10.0, 20, 40, 50, 50] {
      clock.advance(cooldown - 0.5)
      #expect(!breaker.admit("a"), "still open \(cooldown - 0.5) s into a \(cooldown) s cooldown")
      clock.advance(0.5)
      #expect(breaker.admit("a"), "a probe after \(cooldown) s")
      breaker.record(.transport("refused"), host: "a")
    }
  }

  @Test func aProbeThatEndsWithoutAnOutcomeGivesItsSlotBack() {
    let clock = Clock()
    let breaker = CircuitBreaker(clock: { clock.now.withLock { $0 } })
    for _ in 1...3 { breaker.record(.transport("refused"), host: "a") }
    clock.advance(10)
    #expect(breaker.admit("a"))
    breaker.release("a")
    #expect(breaker.admit("a"))
  }

  @Test func anAnswerResetsTheCountAndClientErrorsNeverOpenIt() {
    let breaker = CircuitBreaker(threshold: 2, cooldown: 10, clock: { 0 })
    breaker.record(.transport("reset"), host: "a")
    breaker.record(.status(404, retryAfter: nil, quotaExhausted: false), host: "a")
    breaker.record(.transport("reset"), host: "a")
    #expect(breaker.admit("a"))
    for _ in 1...10 { breaker.record(.status(401, retryAfter: nil, quotaExhausted: false), host: "b") }
    #expect(breaker.admit("b"))
  }
}

@Suite struct WithRetriesTests {
  final class Recorder: Sendable {
    let sleeps = Mutex([Double]())
  }

  @Test func retriesThenSucceeds() async throws {
    let recorder = Recorder()
    var attempts: [Int] = []
    let value = try await withRetries(
      policy: RetryPolicy(jitter: 0), breaker: nil, host: "h",
      sleep: { delay in recorder.sleeps.withLock { $0.append(delay) } }
    ) { attempt in
      attempts.append(attempt)
      if attempt < 3 { throw AttemptError(.status(503, retryAfter: nil, quotaExhausted: false), message: "HTTP 503") }
      return "ok"
    }
    #expect(value == "ok")
    #expect(attempts == [1, 2, 3])
    #expect(recorder.sleeps.withLock { $0 } == [2, 4])
  }

  @Test func givesUpOnAClientErrorAtOnce() async {
    var attempts = 0
    let error = await #expect(throws: AttemptError.self) {
      try await withRetries(policy: RetryPolicy(), breaker: nil, host: "h", sleep: { _ in }) { _ -> Int in
        attempts += 1
        throw AttemptError(.status(404, retryAfter: nil, quotaExhausted: false), message: "HTTP 404")
      }
    }
    #expect(attempts == 1)
    #expect(error?.message == "HTTP 404")
  }

  @Test func aRequestCountsOnceHoweverOftenItIsRetried() async {
    let breaker = CircuitBreaker(threshold: 2, cooldown: 60, clock: { 0 })
    var attempts = 0
    func failing() async {
      await #expect(throws: AttemptError.self) {
        try await withRetries(policy: RetryPolicy(maxRetries: 5), breaker: breaker, host: "h", sleep: { _ in }) {
          _ -> Int in
          attempts += 1
          throw AttemptError(.transport("timed out"), message: "timed out")
        }
      }
    }
    await failing()
    #expect(attempts == 6, "the first attempt and all five retries asked for")
    #expect(!breaker.isOpen("h"), "one request the host chokes on does not close it to the others")
    await failing()
    #expect(breaker.isOpen("h"), "a second request in a row that gets no answer does")
    var later = 0
    await #expect(throws: CircuitOpenError.self) {
      try await withRetries(policy: RetryPolicy(), breaker: breaker, host: "h", sleep: { _ in }) { _ -> Int in
        later += 1
        return 1
      }
    }
    #expect(later == 0)
    breaker.reset("h")
    #expect(breaker.admit("h"), "a reset closes it at once")
  }

}
