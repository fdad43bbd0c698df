import Foundation
import Mail
import Testing
import Wire

/// Every kind of message ail-mail writes, read back by Python's `email` package
/// (scripts/mail-written.py) and compared field by field with what was meant.
@Suite(.enabled(if: python3 != nil, "python3 is not on PATH (apt-get install python3)"))
struct WrittenMessageTests {
  static let date = Date(timeIntervalSince1970: 1_795_338_000)
  static let pdf = Array("%PDF-1.4\n".utf8) + (0..<600).map { UInt8($0 % 256) }
  static let note = OutgoingAttachment(
    file: "Grüße an Zoë – Protokoll März 2024, endgültige Fassung.txt", content: Array("Zeile 1\nZeile 2\n".utf8))
  static let report = OutgoingAttachment(file: "report.pdf", content: pdf)

  let original = message(
    """
    From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@example.net>
    To: Me <me@example.org>
    Subject: Fwd: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= aus Berlin
    Date: Tue, 1 Jul 2003 10:52:37 +0200
    Message-ID: <parent@example.net>
    MIME-Version: 1.0
    Content-Type: multipart/mixed; boundary="b"

    --b
    Content-Type: text/plain; charset=utf-8
    Content-Transfer-Encoding: 8bit

    Hallo, anbei das Bild.
    --b
    Content-Type: image/png
    Content-Disposition: attachment; filename*=utf-8''Bild%20f%C3%BCr%20dich.png
    Content-Transfer-Encoding: base64

    iVBORw0KGgoAAAANSUhEUg==
    --b--

    """)

  func read(_ written: String) throws -> JSONValue { try read(Array(written.utf8)) }

  func read(_ written: [UInt8]) throws -> JSONValue {
    let python = try #require(python3)
    let output = try runPython(
      python, [repositoryRoot.appendingPathComponent("scripts/mail-written.py").path], stdin: Data(written))
    return try Array(output.utf8).withUnsafeBytes { try WireCoding.parse($0) }
  }

  func hex(_ bytes: [UInt8]) -> JSONValue { .string(bytes.map { String(format: "%02x", $0) }.joined()) }

  var draft: ReplyDraft {
    ReplyDraft(
      from: MailAddress(name: "Zoë Ünal", address: "zoe@example.org"), date: Self.date, offsetSeconds: 3600,
      messageID: "new@example.org")
  }

  @Test func composeWithNonASCIINamesAndText() throws {
    var outgoing = OutgoingMessage(
      from: MailAddress(name: "Zoë Ünal", address: "zoe@example.org"),
      to: [MailAddress(name: "Jürgen Müller", address: "jm@example.net"), MailAddress(address: "b@example.org")],
      subject: "Protokoll – Grüße aus Köln", date: Self.date, offsetSeconds: 3600, messageID: "c1@example.org")
    outgoing.cc = [MailAddress(name: "Anna, Team", address: "anna@example.org")]
    outgoing.bcc = [MailAddress(address: "hidden@example.org")]
    let written = String(
      decoding: outgoing.bytes(
        text: "Hallo Jürgen,\n\nanbei das Protokoll.\nFrom here on\n", attachments: [Self.note, Self.report]),
      as: UTF8.self)
    let read = try read(written)
    #expect(read["defects"] == .array([]))
    #expect(read["from"] == .array([.object(["name": "Zoë Ünal", "address": "zoe@example.org"])]))
    #expect(
      read["to"]
        == .array([
          .object(["name": "Jürgen Müller", "address": "jm@example.net"]),
          .object(["name": .null, "address": "b@example.org"]),
        ]))
    #expect(read["cc"] == .array([.object(["name": "Anna, Team", "address": "anna@example.org"])]))
    #expect(read["bcc"] == .array([.object(["name": .null, "address": "hidden@example.org"])]))
    #expect(read["subject"] == "Protokoll – Grüße aus Köln")
    #expect(read["date"] == "2026-11-22T10:00:00+01:00")
    #expect(read["message_id"] == "<c1@example.org>")
    #expect(read["text"] == "Hallo Jürgen,\n\nanbei das Protokoll.\nFrom here on\n")
    let attachments = read["attachments"]?.arrayValue ?? []
    #expect(attachments.count == 2)
    #expect(attachments.first?["filename"]?.stringValue == Self.note.filename)
    #expect(attachments.first?["content_type"] == "text/plain")
    #expect(attachments.first?["hex"] == hex(Self.note.content))
    #expect(attachments.last?["filename"] == "report.pdf")
    #expect(attachments.last?["content_type"] == "application/pdf")
    #expect(attachments.last?["hex"] == hex(Self.pdf))
    #expect(written.split(separator: "\n").allSatisfy { $0.utf8.count <= 78 }, "a line longer than 78")
  }

  @Test func forwardInlineCarriesTheOriginalsAttachments() throws {
    let written = draft.message(
      forwarding: original, to: [MailAddress(address: "anna@example.org")], text: "FYI", attachments: [Self.report])
    let read = try read(written)
    #expect(read["defects"] == .array([]))
    #expect(read["subject"] == "Fwd: Grüße aus Berlin")
    #expect(read["in_reply_to"] == .null)
    let text = read["text"]?.stringValue ?? ""
    #expect(text.hasPrefix("FYI\n\n---------- Forwarded message ----------\nFrom: Jürgen Müller <jm@example.net>\n"))
    #expect(text.contains("Subject: Fwd: Grüße aus Berlin\nTo: Me <me@example.org>\n\nHallo, anbei das Bild.\n"))
    let attachments = read["attachments"]?.arrayValue ?? []
    #expect(attachments.map { $0["filename"] } == ["Bild für dich.png", "report.pdf"])
    #expect(attachments.first?["content_type"] == "image/png")
    #expect(
      attachments.first?["hex"]
        == hex([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]))
  }

  @Test func forwardAsAttachmentEnclosesTheOriginalWhole() throws {
    let written = draft.message(
      enclosing: original, to: [MailAddress(address: "anna@example.org")], text: "See the mail.")
    let read = try read(written)
    #expect(read["defects"] == .array([]))
    #expect(read["subject"] == "Fwd: Grüße aus Berlin")
    #expect(read["text"] == "See the mail.\n")
    let attachments = read["attachments"]?.arrayValue ?? []
    #expect(attachments.count == 1)
    #expect(attachments.first?["content_type"] == "message/rfc822")
    #expect(attachments.first?["filename"] == "Fwd: Grüße aus Berlin.eml")
    #expect(attachments.first?["subject"] == "Fwd: Grüße aus Berlin")
    #expect(attachments.first?["from"] == "Jürgen Müller <jm@example.net>")
    // And our own reader finds the enclosed message byte for byte.
    let back = MailMessage(written)
    let enclosed = try #require(back.attachmentParts.first)
    #expect(back.content(of: enclosed).bytes == original.bytes)
  }

  @Test func replyWithAnAttachmentKeepsItsThread() throws {
    let written = draft.message(replyingTo: original, text: "Danke!", attachments: [Self.report])
    let read = try read(written)
    #expect(read["defects"] == .array([]))
    #expect(read["subject"] == "Re: Fwd: Grüße aus Berlin")
    #expect(read["to"] == .array([.object(["name": "Jürgen Müller", "address": "jm@example.net"])]))
    #expect(read["in_reply_to"] == "<parent@example.net>")
    #expect(read["references"] == "<parent@example.net>")
    #expect(
      read["text"]?.stringValue?.hasPrefix(
        "Danke!\n\nOn Tue, 1 Jul 2003 09:52:37 +0100, Jürgen Müller wrote:\n> Hallo, anbei das Bild.\n") == true)
    #expect(read["attachments"]?.arrayValue?.map { $0["filename"] } == ["report.pdf"])
  }
}
