import Foundation
import Mail
import Testing
import Wire

/// `forward --as-attachment` promises the original enclosed unchanged: every byte of it, whatever
/// its bytes are, under the transfer encoding that names them as they are.
@Suite struct EnclosedForwardTests {
  let draft = ReplyDraft(
    from: MailAddress(address: "me@example.org"), date: Date(timeIntervalSince1970: 0), messageID: "new@example.org")

  /// A legal 8bit message in Latin-1: "Grüße aus Köln" with bytes that are not UTF-8.
  static let latin1 =
    Array("From: anna@example.org\nSubject: Gruss\nContent-Type: text/plain; charset=iso-8859-1\n".utf8)
    + Array("Content-Transfer-Encoding: 8bit\n\nGr".utf8) + [0xFC, 0xDF, 0x65] + Array(" aus K".utf8) + [0xF6]
    + Array("ln\n".utf8)

  func enclose(_ original: [UInt8]) throws -> (written: [UInt8], part: MIMEPart, back: MailMessage) {
    let written = draft.message(
      enclosing: MailMessage(original), to: [MailAddress(address: "b@example.org")], text: "See the mail.")
    let back = MailMessage(written)
    return (written, try #require(back.attachmentParts.first), back)
  }

  @Test func aLatin1OriginalIsEnclosedByteForByteAs8bit() throws {
    let (written, part, back) = try enclose(Self.latin1)
    #expect(back.content(of: part).bytes == Self.latin1)
    #expect(written.firstRange(of: Self.latin1) != nil, "the original's bytes in the draft as they were")
    #expect(part.transferEncoding == "8bit")
    #expect(back.record().text == "See the mail.\n")
  }

  @Test(arguments: [
    ("a NUL byte", Array("Subject: x\n\nnul \u{0} here\n".utf8)),
    ("a line of 1,000 bytes", Array("Subject: x\n\n".utf8) + [UInt8](repeating: 0x61, count: 1000) + [0x0A]),
    ("a CR alone", Array("Subject: x\n\nover\rwritten\n".utf8)),
  ])
  func anOriginalThatIsNot8bitIsEnclosedAsBinary(_ what: String, original: [UInt8]) throws {
    let (_, part, back) = try enclose(original)
    #expect(back.content(of: part).bytes == original, "\(what)")
    #expect(part.transferEncoding == "binary", "\(what)")
  }

  @Test func anASCIIOriginalWithCRLFLineEndsIs7bitAndWhole() throws {
    let original = Array("Subject: x\r\n\r\nline one\r\nline two\r\n".utf8)
    let (_, part, back) = try enclose(original)
    #expect(back.content(of: part).bytes == original)
    #expect(part.transferEncoding == "7bit")
  }

  @Test func anOriginalWithoutALastLineBreakReadsBackWithoutOne() throws {
    let original = Array("Subject: x\n\nno line break at the end".utf8)
    let (_, part, back) = try enclose(original)
    #expect(back.content(of: part).bytes == original)
  }
}
