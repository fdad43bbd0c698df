public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A new plain-text message, with attachments or without, written as a complete RFC 5322
/// message for `sendmail -t` / `msmtp -t`: what `ail-mail compose` writes and `ail-log mail`
/// sends a note as.
public struct OutgoingMessage: Sendable {
  public var from: MailAddress?
  public var to: [MailAddress]
  public var cc: [MailAddress] = []
  /// Written as a Bcc line, which `sendmail -t` and `msmtp -t` send to and then take out.
  public var bcc: [MailAddress] = []
  public var subject: String
  public var date: Date
  /// The zone the Date line is written in, seconds east of UTC.
  public var offsetSeconds: Int
  /// Without angle brackets.
  public var messageID: String

  public init(
    from: MailAddress?, to: [MailAddress], subject: String, date: Date, offsetSeconds: Int = 0, messageID: String
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.date = date
    self.offsetSeconds = offsetSeconds
    self.messageID = messageID
  }

  /// The message, every attachment as its bytes are. The subject and the names go on one line
  /// (``HeaderValue/singleLine(_:)``): no value splits a header.
  public func bytes(text: String, attachments: [OutgoingAttachment] = []) -> [UInt8] {
    var lines: [String] = []
    if let from { lines.append("From: " + ReplyDraft.format(from)) }
    lines.append(ReplyDraft.addressField("To", to))
    if !cc.isEmpty { lines.append(ReplyDraft.addressField("Cc", cc)) }
    if !bcc.isEmpty { lines.append(ReplyDraft.addressField("Bcc", bcc)) }
    lines.append("Subject: " + EncodedWords.encode(HeaderValue.singleLine(subject)))
    lines.append("Date: " + MailDate.format(date, offsetSeconds: offsetSeconds))
    lines.append("Message-ID: <\(messageID)>")
    return MessageBody.finish(lines, text: text, attachments: attachments)
  }
}

/// A text/plain body as it goes into a message.
public enum PlainTextBody {
  /// 7bit when the text is plain ASCII with short lines and no line a mailbox would take for a
  /// separator ("From "), else quoted-printable.
  public static func encode(_ text: String) -> (transferEncoding: String, body: String) {
    // Lines split at the byte: "\r\n" is one Character, and a "From " line after it was missed.
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"))
    let plain =
      text.utf8.allSatisfy { $0 < 0x80 } && lines.allSatisfy { $0.count <= 78 }
      && !lines.contains { $0.starts(with: "From ".utf8) }
    if plain { return ("7bit", text) }
    var body = TransferEncoding.quotedPrintableEncode(text)
    if !body.hasSuffix("\n") { body += "\n" }
    return ("quoted-printable", body)
  }
}
