import Synchronization

/// A circuit breaker per host: after `threshold` consecutive failures that count (by default only
/// transport failures — the host is unreachable), requests to that host fail at once instead of
/// each waiting for its own timeouts. After `cooldown` seconds one trial request is let through;
/// its success closes the circuit again. Client errors never open it.
public final class CircuitBreaker: Sendable {
  public let threshold: Int
  public let cooldown: Double
  private let counts: @Sendable (AttemptFailure) -> Bool
  private let clock: @Sendable () -> Double
  private let hosts = Mutex([String: HostState]())

  private struct HostState {
    var consecutiveFailures = 0
    var openedAt: Double?
  }

  /// - Parameters:
  ///   - counts: which failures count towards opening (transport failures unless told otherwise).
  ///   - clock: monotonic seconds.
  public init(
    threshold: Int = 3, cooldown: Double = 30,
    counts: @escaping @Sendable (AttemptFailure) -> Bool = { if case .transport = $0 { true } else { false } },
    clock: @escaping @Sendable () -> Double
  ) {
    self.threshold = max(1, threshold)
    self.cooldown = cooldown
    self.counts = counts
    self.clock = clock
  }

  /// Whether a request to `host` may go out now.
  public func allows(_ host: String) -> Bool {
    hosts.withLock { hosts in
      guard let openedAt = hosts[host]?.openedAt else { return true }
      return clock() - openedAt >= cooldown
    }
  }

  public func isOpen(_ host: String) -> Bool { !allows(host) }

  public func recordSuccess(_ host: String) {
    hosts.withLock { $0[host] = nil }
  }

  public func record(_ failure: AttemptFailure, host: String) {
    guard counts(failure) else {
      recordSuccess(host)  // the host answered: it is reachable
      return
    }
    hosts.withLock { hosts in
      var state = hosts[host] ?? HostState()
      state.consecutiveFailures += 1
      if state.consecutiveFailures >= threshold { state.openedAt = clock() }
      hosts[host] = state
    }
  }
}
