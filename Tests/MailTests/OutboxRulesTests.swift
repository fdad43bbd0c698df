import Foundation
import Mail
import Testing
import Wire

/// The outbox's rules, with nothing run or stored: the wait between attempts, what a sendmail
/// command's end means, and how an item's status moves.
@Suite struct OutboxRulesTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  func item(_ status: OutboxStatus, attempts: Int = 0, next: Date? = nil) -> OutboxItemRecord {
    OutboxItemRecord(id: "260115-103000-01", status: status.rawValue, attempts: attempts, nextAttempt: next)
  }

  @Test func theFirstRetryComesThirtySecondsAfterTheFirstAttempt() {
    #expect(OutboxBackoff.delay(afterAttempts: 1) == 30)
  }

  @Test func theWaitDoublesWithEachAttempt() {
    #expect((1...5).map(OutboxBackoff.delay(afterAttempts:)) == [30, 60, 120, 240, 480])
  }

  @Test func theWaitStopsGrowingAtADay() {
    // 30 s × 2^12 = 122 880 s is past a day; so is every later one, and no count overflows.
    #expect(OutboxBackoff.delay(afterAttempts: 12) == 61_440)
    #expect(OutboxBackoff.delay(afterAttempts: 13) == 86_400)
    #expect(OutboxBackoff.delay(afterAttempts: Int.max) == 86_400)
  }

  @Test func statusZeroIsSent() {
    #expect(SendmailOutcome(.exited(status: 0, standardError: "")) == .sent)
  }

  @Test func aReply4xxIsTemporaryThoughMsmtpExits69() {
    let stderr = """
      msmtp: the server did not accept the mail
      msmtp: server message: 451 4.3.0 mailbox busy, try again later
      msmtp: could not send mail

      """
    #expect(
      SendmailOutcome(.exited(status: 69, standardError: stderr))
        == .temporary(reason: "451 4.3.0 mailbox busy, try again later"))
  }

  @Test func aReply5xxIsPermanent() {
    let stderr =
      "msmtp: recipient address x@example.org not accepted by the server\n"
      + "msmtp: server message: 550 5.1.1 no such user here\nmsmtp: could not send mail\n"
    #expect(
      SendmailOutcome(.exited(status: 69, standardError: stderr)) == .permanent(reason: "550 5.1.1 no such user here"))
  }

  @Test func aNumberInsideTheTextIsNoReply() {
    let outcome = SendmailOutcome(.exited(status: 1, standardError: "sendmail: port 4500 refused\n"))
    #expect(outcome == .permanent(reason: "sendmail: port 4500 refused"))
  }

  @Test func status75WithoutAReplyIsTemporary() {
    let stderr = "msmtp: cannot connect to 127.0.0.1, port 1: Connection refused\nmsmtp: could not send mail\n"
    #expect(
      SendmailOutcome(.exited(status: 75, standardError: stderr))
        == .temporary(
          reason: "msmtp: cannot connect to 127.0.0.1, port 1: Connection refused; msmtp: could not send mail"))
  }

  @Test func anUnresolvableHostIsTemporaryAsWhenOffline() {
    let stderr = "msmtp: cannot locate host smtp.example.org: Name or service not known\n"
    guard case .temporary = SendmailOutcome(.exited(status: 68, standardError: stderr)) else {
      Issue.record("68 is not temporary")
      return
    }
  }

  @Test func anyOtherStatusIsPermanentAndNamedWhenSilent() {
    #expect(
      SendmailOutcome(.exited(status: 127, standardError: ""))
        == .permanent(reason: "the sendmail command failed with status 127"))
  }

  @Test func aCommandStoppedAtItsTimeLimitIsPermanentForItMayHaveSent() {
    #expect(
      SendmailOutcome(.timedOut(seconds: 120))
        == .permanent(reason: "the sendmail command did not end within 120 s and was stopped"))
  }

  @Test func aCommandWhoseEndWasNotSeenIsPermanent() {
    #expect(
      SendmailOutcome(.unwatched(reason: "No child processes"))
        == .permanent(reason: "the end of the sendmail command could not be seen: No child processes"))
  }

  @Test func aCommandKilledByOthersIsPermanent() {
    #expect(
      SendmailOutcome(.killed(signal: 9)) == .permanent(reason: "the sendmail command was killed by signal 9"))
  }

  @Test func aPendingItemIsDueOnceItsNextAttemptHasCome() {
    #expect(OutboxLife.isDue(item(.pending), at: now))
    #expect(OutboxLife.isDue(item(.pending, next: now), at: now))
    #expect(!OutboxLife.isDue(item(.pending, next: now.addingTimeInterval(1)), at: now))
    #expect(OutboxLife.isDue(item(.pending, next: now.addingTimeInterval(1)), at: now, ignoringWait: true))
  }

  @Test func onlyPendingItemsAreEverDue() {
    for status in OutboxStatus.allCases where status != .pending {
      #expect(!OutboxLife.isDue(item(status), at: now, ignoringWait: true), "\(status)")
    }
  }

  @Test func anItemLeftSendingIsFoundUnknown() {
    #expect(OutboxLife.found(item(.sending)).status == "unknown")
    #expect(OutboxLife.found(item(.failed)).status == "failed")
  }

  @Test func anAttemptIsCountedWhenItStarts() {
    let marked = OutboxLife.sending(item(.pending, attempts: 2, next: now), at: now)
    #expect(marked.status == "sending")
    #expect(marked.attempts == 3)
    #expect(marked.lastAttempt == now)
    #expect(marked.nextAttempt == nil)
  }

  @Test func aTemporaryFailureWaitsAccordingToTheAttemptsMade() {
    let marked = OutboxLife.sending(item(.pending, attempts: 2), at: now)
    let after = OutboxLife.after(marked, .temporary(reason: "451 busy"), at: now)
    #expect(after.status == "pending")
    // The third attempt failed: 30 s × 2² = 120 s.
    #expect(after.nextAttempt == now.addingTimeInterval(120))
    #expect(after.lastError == "451 busy")
  }

  @Test func aPermanentFailureWaitsForAPerson() {
    let after = OutboxLife.after(item(.sending, attempts: 1), .permanent(reason: "550 no"), at: now)
    #expect(after.status == "failed")
    #expect(after.lastError == "550 no")
    #expect(!OutboxLife.isDue(after, at: now.addingTimeInterval(1e9), ignoringWait: true))
  }

  @Test func aSentItemForgetsItsLastError() {
    var marked = item(.sending, attempts: 2)
    marked.lastError = "451 busy"
    let after = OutboxLife.after(marked, .sent, at: now)
    #expect(after.status == "sent" && after.lastError == nil)
  }

  @Test func retryMakesAnyUnsentItemDueAtOnce() throws {
    for status in [OutboxStatus.failed, .cancelled, .unknown, .pending] {
      let retried = try OutboxLife.retried(item(status, attempts: 3, next: now.addingTimeInterval(600)))
      #expect(retried.status == "pending" && retried.nextAttempt == nil && retried.attempts == 3, "\(status)")
    }
  }

  @Test func aSentItemCannotBeRetriedOrCancelled() {
    #expect(throws: OutboxLife.Refusal.alreadySent) { try OutboxLife.retried(item(.sent)) }
    #expect(throws: OutboxLife.Refusal.alreadySent) { try OutboxLife.cancelled(item(.sent)) }
  }
}
