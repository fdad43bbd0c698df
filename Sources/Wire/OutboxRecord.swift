#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `outbox_item`: one message in ail-mail's outbox and how far its sending got, as
/// `ail-mail outbox list` writes it. The outbox keeps the same object beside each message as its
/// state, so what is listed is what is stored.
public struct OutboxItemRecord: WireRecord, Hashable {
  public static let kind = "outbox_item"

  /// The item's name in the outbox: its queuing time (UTC) and a counter, so that names sort in
  /// queuing order.
  public var id: String
  /// The Message-ID without its angle brackets.
  public var messageID: String?
  public var subject: String?
  public var to: [MailAddress]
  /// `pending`, `sending`, `sent`, `failed`, `cancelled`, or `unknown` (found `sending` with no
  /// send running: it may have gone out).
  public var status: String
  /// How many times the sendmail command was started for it.
  public var attempts: Int
  public var lastAttempt: Date?
  /// When `send` tries a pending item again; nil when it is due at once.
  public var nextAttempt: Date?
  /// The server's reply or the command's complaint from the last attempt that failed.
  public var lastError: String?
  public var unknownFields: JSONObject

  public init(
    id: String, messageID: String? = nil, subject: String? = nil, to: [MailAddress] = [], status: String,
    attempts: Int = 0, lastAttempt: Date? = nil, nextAttempt: Date? = nil, lastError: String? = nil,
    unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.messageID = messageID
    self.subject = subject
    self.to = to
    self.status = status
    self.attempts = attempts
    self.lastAttempt = lastAttempt
    self.nextAttempt = nextAttempt
    self.lastError = lastError
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    messageID = try members.optionalString("message_id")
    subject = try members.optionalString("subject")
    to = try members.optionalObjects("to") ?? []
    status = try members.string("status")
    attempts = try members.optionalInt("attempts") ?? 0
    lastAttempt = try members.optionalDate("last_attempt")
    nextAttempt = try members.optionalDate("next_attempt")
    lastError = try members.optionalString("last_error")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("message_id", messageID)
    members.put("subject", subject)
    members.put("to", to)
    members.put("status", status)
    members.put("attempts", attempts)
    members.put("last_attempt", lastAttempt)
    members.put("next_attempt", nextAttempt)
    members.put("last_error", lastError)
  }
}
