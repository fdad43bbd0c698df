public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where an outbox item stands.
public enum OutboxStatus: String, Sendable, CaseIterable {
  case pending, sending, sent, failed, cancelled
  /// Found `sending` with no send running: the command was started and its end never recorded
  /// (a crash, a kill). The message may have gone out, so only a person sends it again.
  case unknown
}

/// The life of an outbox item: what `send`, `retry` and `cancel` make of its state, with nothing
/// run or stored.
public enum OutboxLife {
  /// Whether `send` takes the item now: pending and due, or pending at all with `--now`.
  public static func isDue(_ item: OutboxItemRecord, at now: Date, ignoringWait: Bool = false) -> Bool {
    guard item.status == OutboxStatus.pending.rawValue else { return false }
    return ignoringWait || (item.nextAttempt.map { $0 <= now } ?? true)
  }

  /// The item as found when no send is running: one still `sending` is `unknown`.
  public static func found(_ item: OutboxItemRecord) -> OutboxItemRecord {
    guard item.status == OutboxStatus.sending.rawValue else { return item }
    var found = item
    found.status = OutboxStatus.unknown.rawValue
    return found
  }

  /// The item as stored before its command starts.
  public static func sending(_ item: OutboxItemRecord, at now: Date) -> OutboxItemRecord {
    var next = item
    next.status = OutboxStatus.sending.rawValue
    next.attempts += 1
    next.lastAttempt = now
    next.nextAttempt = nil
    return next
  }

  /// The item after its attempt (the one ``sending(_:at:)`` counted) ended with `outcome`.
  public static func after(_ item: OutboxItemRecord, _ outcome: SendmailOutcome, at now: Date) -> OutboxItemRecord {
    var next = item
    switch outcome {
    case .sent:
      next.status = OutboxStatus.sent.rawValue
      next.lastError = nil
    case .temporary(let reason):
      next.status = OutboxStatus.pending.rawValue
      next.nextAttempt = now.addingTimeInterval(OutboxBackoff.delay(afterAttempts: item.attempts))
      next.lastError = reason
    case .permanent(let reason):
      next.status = OutboxStatus.failed.rawValue
      next.lastError = reason
    }
    return next
  }

  /// Why `retry` or `cancel` leaves an item as it is: it went out (`add` queues it again).
  public enum Refusal: Error, Equatable { case alreadySent }

  /// The item made pending and due at once, whatever happened to it, unless it was sent. Callers hold the
  /// outbox's lock, so an item `sending` is `unknown` by then (``found(_:)``).
  public static func retried(_ item: OutboxItemRecord) throws(Refusal) -> OutboxItemRecord {
    try check(item)
    var next = item
    next.status = OutboxStatus.pending.rawValue
    next.nextAttempt = nil
    return next
  }

  /// The item never to be sent by `send`, unless retried.
  public static func cancelled(_ item: OutboxItemRecord) throws(Refusal) -> OutboxItemRecord {
    try check(item)
    var next = item
    next.status = OutboxStatus.cancelled.rawValue
    next.nextAttempt = nil
    return next
  }

  private static func check(_ item: OutboxItemRecord) throws(Refusal) {
    if item.status == OutboxStatus.sent.rawValue { throw .alreadySent }
  }
}
