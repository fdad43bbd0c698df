import Dispatch
import Synchronization

/// A circuit breaker per host, as the original app had it: after `threshold` consecutive failures
/// that count (by default only transport failures — the host is unreachable), new requests to that
/// host fail at once instead of each waiting for its own timeouts. After a cooldown the circuit is
/// half-open: one probe at a time goes through, and `probesToClose` successful probes close it; a
/// failed probe opens it again for twice as long, up to `maxCooldown`. Client errors never open it.
///
/// It guards the *other* requests to a host: a request already under way keeps the retries its
/// policy gives it (see ``withRetries(policy:breaker:host:sleep:onRetry:_:)``).
public final class CircuitBreaker: Sendable {
  public let threshold: Int
  /// The first cooldown; each re-open doubles it.
  public let cooldown: Double
  public let maxCooldown: Double
  public let probesToClose: Int
  private let counts: @Sendable (AttemptFailure) -> Bool
  private let clock: @Sendable () -> Double
  private let hosts = Mutex([String: HostState]())

  private struct HostState {
    /// Consecutive failures that count, while closed.
    var failures = 0
    /// Times opened since the circuit was last closed; sets the cooldown.
    var opens = 0
    /// While open: the time from which probes may go.
    var openUntil: Double?
    var halfOpen = false
    var probeInFlight = false
    var probeSuccesses = 0
  }

  /// - Parameters:
  ///   - counts: which failures count towards opening (transport failures unless told otherwise).
  ///   - clock: monotonic seconds.
  public init(
    threshold: Int = 3, cooldown: Double = 10, maxCooldown: Double = 50, probesToClose: Int = 3,
    counts: @escaping @Sendable (AttemptFailure) -> Bool = { if case .transport = $0 { true } else { false } },
    clock: @escaping @Sendable () -> Double = CircuitBreaker.uptime
  ) {
    self.threshold = max(1, threshold)
    self.cooldown = cooldown
    self.maxCooldown = max(cooldown, maxCooldown)
    self.probesToClose = max(1, probesToClose)
    self.counts = counts
    self.clock = clock
  }

  /// Monotonic seconds, the default clock.
  @Sendable public static func uptime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// Whether a new request to `host` may go out now. When the circuit is half-open this takes the
  /// one probe slot, which the request's outcome (``recordSuccess(_:)``, ``record(_:host:)``) or
  /// ``release(_:)`` gives back.
  public func admit(_ host: String) -> Bool {
    hosts.withLock { hosts in
      guard var state = hosts[host] else { return true }
      if let openUntil = state.openUntil {
        guard clock() >= openUntil else { return false }
        state.openUntil = nil
        state.halfOpen = true
        state.probeSuccesses = 0
      }
      guard state.halfOpen else { return true }
      guard !state.probeInFlight else {
        hosts[host] = state
        return false
      }
      state.probeInFlight = true
      hosts[host] = state
      return true
    }
  }

  /// Whether new requests to `host` are refused right now (open, or half-open with its probe out).
  public func isOpen(_ host: String) -> Bool {
    hosts.withLock { hosts in
      guard let state = hosts[host] else { return false }
      if let openUntil = state.openUntil { return clock() < openUntil }
      return state.halfOpen && state.probeInFlight
    }
  }

  public func recordSuccess(_ host: String) {
    hosts.withLock { hosts in
      guard var state = hosts[host] else { return }
      if state.openUntil != nil { return }  // an answer from before it opened does not shorten the cooldown
      guard state.halfOpen else {
        hosts[host] = nil
        return
      }
      state.probeInFlight = false
      state.probeSuccesses += 1
      hosts[host] = state.probeSuccesses >= probesToClose ? nil : state
    }
  }

  public func record(_ failure: AttemptFailure, host: String) {
    guard counts(failure) else {
      recordSuccess(host)  // the host answered: it is reachable
      return
    }
    hosts.withLock { hosts in
      var state = hosts[host] ?? HostState()
      if state.halfOpen {
        open(&state)
      } else if state.openUntil == nil {
        state.failures += 1
        if state.failures >= threshold { open(&state) }
      }
      hosts[host] = state
    }
  }

  /// Forgets what the circuit knew of `host`: a fresh request just got an answer from it, so the
  /// failures that opened it were the requests', not the host's.
  public func reset(_ host: String) {
    hosts.withLock { hosts in hosts[host] = nil }
  }

  /// Gives back a probe slot taken by ``admit(_:)`` when the request ended without telling
  /// anything about the host (cancelled, or refused for a reason of its own).
  public func release(_ host: String) {
    hosts.withLock { hosts in hosts[host]?.probeInFlight = false }
  }

  private func open(_ state: inout HostState) {
    state.opens += 1
    let doubled = cooldown * Double(1 << min(state.opens - 1, 16))
    state.openUntil = clock() + min(maxCooldown, doubled)
    state.halfOpen = false
    state.probeInFlight = false
    state.probeSuccesses = 0
    state.failures = 0
  }
}
