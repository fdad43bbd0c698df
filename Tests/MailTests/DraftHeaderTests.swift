import Foundation
import Mail
import Testing
import Wire

/// What the drafts take from an original or from the command line never splits their header:
/// `msmtp -t` and `sendmail -t` send to whatever a header line names.
@Suite struct DraftHeaderTests {
  let draft = ReplyDraft(
    from: MailAddress(name: "Me", address: "me@example.org"), all: true, date: Date(timeIntervalSince1970: 0),
    messageID: "new@example.org")

  /// The header block of a written message, its lines as bytes (a bare CR stays visible).
  func headerLines(_ written: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    for line in written.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      if line.isEmpty { break }
      lines.append(Array(line))
    }
    return lines
  }

  func expectOneLineHeaders(_ written: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    for line in headerLines(written) {
      #expect(
        !line.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }, "a control character in \(line)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func aBareCRInReplyToNeverReachesTheDraftsToLine() {
    let original = message(
      "From: Anna <anna@example.org>\nReply-To: <anna@example.org\rBcc: hidden@evil.example>\n"
        + "Subject: Hi\nMessage-ID: <m@example.org>\n\nHello\n")
    let written = draft.message(replyingTo: original, text: "Thanks\n")
    expectOneLineHeaders(written)
    let fields = MailMessage(written).headers
    #expect(fields["To"] == "Anna <anna@example.org>")
    #expect(fields["Bcc"] == nil)
    #expect(draft.recipients(replyingTo: original).leftOut == ["<anna@example.org\rBcc: hidden@evil.example>"])
  }

  @Test func aBareCRThatWouldMakeAGroupLeavesTheWholeFieldOut() {
    // Read leniently, "boss@example.org\rTo:" is a group's name and the hidden address its member.
    let original = message(
      "From: boss@example.org\nReply-To: boss@example.org\rTo: hidden@evil.example\nCc: c@example.org\r, d@example.org\n"
        + "Subject: Hi\n\nHello\n")
    let recipients = draft.recipients(replyingTo: original)
    #expect(recipients.to == [MailAddress(address: "boss@example.org")])
    #expect(recipients.cc == [])
    #expect(recipients.leftOut.count == 2)
  }

  @Test func aValueThatIsNotAnAddressIsLeftOutAndNamed() {
    let original = message(
      "From: Anna <anna@example.org>\nTo: me@example.org, Team, \"a b\"@example.org, <x y@example.org>\n"
        + "Subject: Hi\n\nHello\n")
    let recipients = draft.recipients(replyingTo: original)
    #expect(recipients.to == [MailAddress(name: "Anna", address: "anna@example.org")])
    #expect(recipients.cc == [MailAddress(address: "\"a b\"@example.org")])
    #expect(recipients.leftOut == ["Team", "x y@example.org"])
  }

  @Test func subjectsNamesAndThreadIDsFromTheOriginalStayOnOneLine() throws {
    let original = message(
      """
      From: =?utf-8?q?Anna=0D=0ABcc=3A_hidden=40evil.example?= <anna@example.org>
      Subject: =?utf-8?q?Plan=0D=0ABcc:_hidden@evil.example?=
      Message-ID: <m\u{1}1@example.org>
      References: <ok@example.org> <bad\u{1B}@example.org>

      Hello

      """)
    let reply = draft.message(replyingTo: original, text: "Thanks\n")
    expectOneLineHeaders(reply)
    let fields = MailMessage(reply).headers
    #expect(EncodedWords.decode(try #require(fields["Subject"])) == "Re: Plan Bcc: hidden@evil.example")
    #expect(
      AddressList.parse(try #require(fields["To"])) == [
        MailAddress(name: "Anna Bcc: hidden@evil.example", address: "anna@example.org")
      ])
    #expect(fields["In-Reply-To"] == nil, "an id that cannot be written back threads nothing")

    let forward = draft.message(forwarding: original, to: [MailAddress(address: "b@example.org")], text: "FYI\n")
    expectOneLineHeaders(forward)
    let text = try #require(MailMessage(forward).record().text)
    #expect(text.contains("\nSubject: Plan Bcc: hidden@evil.example\n"))
  }

  @Test func aForwardWritesOnlyAddressesIntoTo() {
    let original = message("From: a@example.org\nSubject: Hi\n\nHello\n")
    let written = draft.message(
      enclosing: original,
      to: [MailAddress(address: "b@example.org\rBcc: hidden@evil.example"), MailAddress(address: "c@example.org")],
      text: "FYI\n")
    expectOneLineHeaders(written)
    #expect(MailMessage(written).headers["To"] == "c@example.org")
  }

  @Test func aNewMessagesSubjectAndNamesStayOnOneLine() {
    let written = OutgoingMessage(
      from: MailAddress(name: "Me\r\nBcc: x@example.org", address: "me@example.org"),
      to: [MailAddress(address: "a@example.org")], subject: "Notes\r\nBcc: hidden@evil.example",
      date: Date(timeIntervalSince1970: 0), messageID: "n@example.org"
    ).bytes(text: "Hello\n")
    expectOneLineHeaders(written)
    #expect(MailMessage(written).headers["Bcc"] == nil)
  }

  /// A caller that takes an address without checking it (ail-log mail once did) still writes one
  /// line per header.
  @Test func anUncheckedAddressWithACRStillWritesOneLine() {
    let written = OutgoingMessage(
      from: MailAddress(address: "me@example.org\rBcc: x@evil.example"),
      to: [MailAddress(address: "a@example.org\r\nBcc: y@evil.example")], subject: "Notes",
      date: Date(timeIntervalSince1970: 0), messageID: "n@example.org"
    ).bytes(text: "Hello\n")
    expectOneLineHeaders(written)
    #expect(MailMessage(written).headers["Bcc"] == nil)
  }

  @Test(arguments: [
    ("anna@example.org", true), ("a.b+c@example.org", true), ("\"a b\"@example.org", true), ("zoë@exämple.org", true),
    ("a@[192.0.2.1]", true), ("anna", false), ("@example.org", false), ("anna@", false), ("a b@example.org", false),
    ("a@example.org\rBcc: b@example.org", false), ("a..b@example.org", false), ("a@example..org", false),
    ("\"a\rb\"@example.org", false), ("\"a>b\"@example.org", false), ("a,b@example.org", false),
    ("a@exa mple.org", false), ("a\u{2028}@x.org", false), ("\u{301}a@example.org", false),
  ])
  func addresses(address: String, isOne: Bool) {
    #expect(HeaderValue.isAddress(address) == isOne)
  }
}
