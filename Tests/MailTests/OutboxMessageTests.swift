import Foundation
import Mail
import Testing
import Wire

/// What the outbox takes: a message with a sender and a recipient, completed with a Message-ID
/// and a Date when it has none.
@Suite struct OutboxMessageTests {
  let now = Date(timeIntervalSince1970: 1_768_473_000)  // 2026-01-15 10:30:00 UTC

  func admit(_ text: String) throws -> OutboxMessage {
    try OutboxMessage(Array(text.utf8), now: now, offsetSeconds: 3600)
  }

  @Test func aMessageWithoutFromIsRefused() {
    #expect(throws: OutboxMessage.Refusal.self) { try admit("To: anna@example.org\nSubject: x\n\ntext\n") }
  }

  @Test func aMessageWithoutRecipientsIsRefused() {
    #expect(throws: OutboxMessage.Refusal.self) { try admit("From: zoe@example.org\nSubject: x\n\ntext\n") }
    #expect(throws: OutboxMessage.Refusal.self) {
      try admit("From: zoe@example.org\nTo: undisclosed-recipients:;\n\ntext\n")
    }
  }

  @Test func aBccAloneIsARecipient() throws {
    let queued = try admit("From: zoe@example.org\nBcc: anna@example.org\nMessage-ID: <a@b>\nDate: x\n\ntext\n")
    #expect(queued.to.isEmpty)
    #expect(queued.messageID == "a@b")
  }

  @Test func aMissingMessageIDAndDateAreAddedOnTop() throws {
    let queued = try admit(
      "From: Zoë <zoe@example.org>\nTo: anna@example.org\nSubject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\n\nhi\n")
    let text = String(decoding: queued.bytes, as: UTF8.self)
    #expect(queued.messageID.hasPrefix("1768473000.") && queued.messageID.hasSuffix("@example.org"))
    #expect(
      text
        == "Message-ID: <\(queued.messageID)>\nDate: Thu, 15 Jan 2026 11:30:00 +0100\nFrom: Zoë <zoe@example.org>\n"
        + "To: anna@example.org\nSubject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\n\nhi\n")
    #expect(queued.subject == "Grüße")
    #expect(queued.to.map(\.address) == ["anna@example.org"])
  }

  @Test func aCompleteMessageIsKeptByteForByte() throws {
    let text =
      "From: zoe@example.org\r\nTo: anna@example.org\r\nDate: Thu, 15 Jan 2026 11:30:00 +0100\r\n"
      + "Message-ID: <kept@example.org>\r\n\r\nhi\r\n"
    let queued = try admit(text)
    #expect(queued.bytes == Array(text.utf8))
    #expect(queued.messageID == "kept@example.org")
  }

  @Test func addedLinesEndAsTheMessagesLinesEnd() throws {
    let queued = try admit("From: zoe@example.org\r\nTo: anna@example.org\r\nDate: x\r\n\r\nhi\r\n")
    #expect(String(decoding: queued.bytes, as: UTF8.self).hasPrefix("Message-ID: <\(queued.messageID)>\r\nFrom:"))
  }
}
