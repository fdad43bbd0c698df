import Foundation
import Mail
import Testing
import Wire

@Suite struct MIMEStructureTests {
  @Test func nestedMultipartsGiveThePlainAlternativeAndEveryAttachment() throws {
    let bytes = try Array(Data(contentsOf: fixtures.appendingPathComponent("03-nested.eml")))
    let record = MailMessage(bytes).record()
    #expect(record.text == "Hallo Team,\n\nanbei der Bericht für März.\n\nGruß, Anna\n")
    #expect(record.hasHTML == true)
    let attachments = record.attachments ?? []
    #expect(attachments.map(\.mime) == ["image/png", "application/pdf"])
    #expect(
      attachments.first == MailAttachment(mime: "image/png", size: 70, contentID: "logo@example.org", inline: true))
    #expect(attachments.last?.filename == "bericht.pdf")
    #expect(attachments.last?.inline == false)
    #expect(record.warnings.isEmpty)
  }

  @Test func aMissingClosingBoundaryKeepsTheLastPart() {
    let record = message(
      """
      Content-Type: multipart/mixed; boundary=b

      --b
      Content-Type: text/plain

      Body
      --b
      Content-Type: application/zip
      Content-Transfer-Encoding: base64

      UEsDBA==
      """
    ).record()
    #expect(record.text == "Body\n")
    #expect(record.attachments?.map(\.size) == [4])
    #expect(record.warnings == [#"multipart/mixed: missing closing boundary "--b--""#])
  }

  @Test func aMultipartWithoutBoundaryIsReadAsText() {
    let noParameter = message("Content-Type: multipart/mixed\n\nJust text\n").record()
    #expect(noParameter.text == "Just text\n")
    #expect(noParameter.warnings == ["multipart/mixed without a boundary, taken as text/plain"])
    let neverAppears = message("Content-Type: multipart/alternative; boundary=zz\n\nNo delimiter here\n").record()
    #expect(neverAppears.text == "No delimiter here\n")
    #expect(neverAppears.warnings == ["multipart/alternative whose boundary never appears, taken as text/plain"])
  }

  @Test func boundaryLinesNeedTheWholeBoundary() {
    // "--ab" is not a delimiter of boundary "a"; trailing blanks after one are allowed.
    let record = message(
      "Content-Type: multipart/mixed; boundary=a\n\n--a \nContent-Type: text/plain\n\n--ab\nline\n--a-- \n"
    ).record()
    #expect(record.text == "--ab\nline\n")
    #expect(record.warnings.isEmpty)
  }

  @Test func badBase64IsDecodedAsFarAsItGoes() {
    let record = message("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\nSGFs*bG8=\n")
      .record()
    #expect(record.text == "Hallo\n")
    #expect(record.warnings == ["base64 with 1 invalid character skipped"])
  }

  @Test func unknownCharsetAndEightBitHeaders() {
    let bytes =
      Array("Subject: ".utf8) + [0x47, 0x72, 0xFC, 0xDF, 0x65]
      + Array("\nContent-Type: text/plain; charset=x-klingon\n\nCaf\u{E9}\n".utf8)
    let record = MailMessage(bytes).record()
    #expect(record.subject == "Grüße")
    #expect(record.text == "Café\n")
    #expect(
      record.warnings == [
        "8-bit bytes in the header that are not UTF-8, read as windows-1252",
        "unknown charset x-klingon, read as UTF-8",
      ])
  }

  @Test func aHeaderWithoutEmptyLineBeforeTheBody() {
    let record = message("Subject: s\nThis line is body text, not a field\nmore\n").record()
    #expect(record.subject == "s")
    #expect(record.text == "This line is body text, not a field\nmore\n")
    #expect(record.warnings == ["no empty line between header and body"])
  }

  @Test func foldedHeadersUnfoldAndAnMboxFromLineIsSkipped() {
    let record = message(
      "From someone@example.org Mon Jan  1 00:00:00 2024\nSubject: one\n two\n\tthree\nFrom: a@b.c\n\nx\n"
    ).record()
    #expect(record.subject == "one two\tthree")
    #expect(record.from?.address == "a@b.c")
  }

  @Test func deepNestingStopsAtTheCap() {
    var text = ""
    for level in 0..<100 { text += "Content-Type: multipart/mixed; boundary=b\(level)\n\n--b\(level)\n" }
    text += "Content-Type: text/plain\n\ndeep\n"
    let record = message(text).record()
    #expect(record.warnings.contains("parts nested deeper than 40 levels, the rest taken as one part"))
  }

  @Test func enclosedMessagesAreOneAttachmentAndNotSearchedForTheBody() throws {
    let bytes = try Array(Data(contentsOf: fixtures.appendingPathComponent("08-forwarded.eml")))
    let parsed = MailMessage(bytes)
    #expect(parsed.record().text == "See below.\n")
    #expect(parsed.record().attachments?.map(\.mime) == ["message/rfc822"])
    guard case .multipart(let parts) = parsed.root.content, case .message(let enclosed) = parts[1].content else {
      Issue.record("no enclosed message")
      return
    }
    #expect(enclosed.headers["Subject"] == "the original")
  }

  @Test func formatFlowedParagraphsAreJoined() {
    let record = message(
      "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=no\n\nThis is a \nflowed paragraph.\n> quoted \n> too\n \nFrom stuffed\n-- \nsig\n"
    ).record()
    #expect(record.text == "This is a flowed paragraph.\n> quoted too\n\nFrom stuffed\n-- \nsig\n")
    let delsp = message(
      "Content-Type: text/plain; format=flowed; delsp=yes\n\nWort-\ntrennung und Zusammen \nschreibung\n"
    ).record()
    #expect(delsp.text == "Wort-\ntrennung und Zusammenschreibung\n")
  }

  @Test func rfc2231AndEncodedWordFileNames() throws {
    let bytes = try Array(Data(contentsOf: fixtures.appendingPathComponent("04-rfc2231.eml")))
    let names = MailMessage(bytes).record().attachments?.map(\.filename)
    #expect(names == ["€ Rechnung März.pdf", "übersicht Teil 2.txt", "Bären.jpg"])
  }

  @Test func mediaTypeParameters() {
    let type = MediaType(
      parsing: #"Text/HTML (a comment); Charset="UTF-8"; name="a \"b\";c.txt"; title*=us-ascii'en'This%20is"#)
    #expect(type.value == "text/html")
    #expect(type[parameter: "charset"] == "UTF-8")
    #expect(type[parameter: "name"] == #"a "b";c.txt"#)
    #expect(type[parameter: "title"] == "This is")
    #expect(MediaType(parsing: "garbage").mimeType == ("text", "plain"))
  }
}
