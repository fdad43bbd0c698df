import Foundation
import Mail
import Testing
import Wire

@Suite struct ReplyDraftTests {
  let original = message(
    """
    From: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <jm@example.net>
    To: Me <me@example.org>, Other <other@example.org>
    Cc: third@example.org, ME@example.org
    Subject: AW: Re: RE[2]: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= aus Berlin
    Date: Tue, 1 Jul 2003 10:52:37 +0200
    Message-ID: <parent@example.net>
    References: <root@example.net>
     <middle@example.net>
    Content-Type: text/plain; charset=utf-8

    Hallo,
    > earlier quote

    wie geht's?
    -- 
    Jürgen

    """)

  func draft(all: Bool = false, from: MailAddress? = MailAddress(name: "Me", address: "me@example.org")) -> String {
    let written = ReplyDraft(
      from: from, all: all, date: Date(timeIntervalSince1970: 1_795_338_000), offsetSeconds: 3600,
      messageID: "new@example.org"
    )
    .message(replyingTo: original, text: "Danke, gut!")
    return String(decoding: written, as: UTF8.self)
  }

  func headers(_ draft: String) -> HeaderFields { MailMessage(Array(draft.utf8)).headers }

  @Test func headersThreadAndDoNotStackPrefixes() {
    let fields = headers(draft())
    #expect(fields["From"] == "Me <me@example.org>")
    #expect(AddressList.parse(fields["To"]!) == [MailAddress(name: "Jürgen Müller", address: "jm@example.net")])
    #expect(fields["Cc"] == nil)
    #expect(EncodedWords.decode(fields["Subject"]!) == "Re: Grüße aus Berlin")
    #expect(fields["In-Reply-To"] == "<parent@example.net>")
    #expect(fields["References"] == "<root@example.net> <middle@example.net> <parent@example.net>")
    #expect(fields["Message-ID"] == "<new@example.org>")
    #expect(fields["Date"] == "Sun, 22 Nov 2026 10:00:00 +0100")
    #expect(fields["Content-Transfer-Encoding"] == "quoted-printable")
  }

  @Test func bodyQuotesTheOriginalWithoutItsSignature() {
    let record = MailMessage(Array(draft().utf8)).record()
    #expect(
      record.text == """
        Danke, gut!

        On Tue, 1 Jul 2003 09:52:37 +0100, Jürgen Müller wrote:
        > Hallo,
        >> earlier quote
        >
        > wie geht's?

        """)
  }

  @Test func replyToAllLeavesOutYourselfAndDuplicates() {
    let fields = headers(draft(all: true))
    #expect(AddressList.parse(fields["Cc"]!).map(\.address) == ["other@example.org", "third@example.org"])
  }

  @Test func replyToWinsOverFrom() {
    let withReplyTo = message(
      "From: a@example.org\nReply-To: List <list@example.org>\nSubject: x\nMessage-ID: <m@x>\n\nbody\n")
    let written = ReplyDraft(from: nil, date: Date(timeIntervalSince1970: 0), messageID: "n@x").message(
      replyingTo: withReplyTo, text: "ok\n")
    let fields = headers(String(decoding: written, as: UTF8.self))
    #expect(fields["To"] == "List <list@example.org>")
    #expect(fields["From"] == nil)
    #expect(fields["References"] == "<m@x>")
    #expect(fields["Content-Transfer-Encoding"] == "7bit")
  }

  @Test(arguments: [
    ("Hello", "Re: Hello"), ("Re: Hello", "Re: Hello"), ("RE: re: Hello", "Re: Hello"), ("AW: Hello", "Re: Hello"),
    ("Re[3]: Hello", "Re: Hello"), ("Sv: Vs: Hello", "Re: Hello"), ("Regarding: x", "Re: Regarding: x"), ("", "Re: "),
  ])
  func subjects(subject: String, expected: String) {
    #expect(ReplyDraft.replySubject(subject) == expected)
  }

  @Test func addressesAreQuotedOrEncodedAsNeeded() {
    #expect(ReplyDraft.format(MailAddress(name: "Doe, John", address: "j@x")) == #""Doe, John" <j@x>"#)
    #expect(ReplyDraft.format(MailAddress(name: "Say \"hi\"", address: "j@x")) == #""Say \"hi\"" <j@x>"#)
    #expect(ReplyDraft.format(MailAddress(name: "Plain Name", address: "j@x")) == "Plain Name <j@x>")
    let encoded = ReplyDraft.format(MailAddress(name: "Müller, Jürgen", address: "j@x"))
    #expect(AddressList.parse(encoded) == [MailAddress(name: "Müller, Jürgen", address: "j@x")])
  }

  /// A name whose text looks like an encoded word is encoded, or the reader would decode it (found
  /// by fuzz-mail: "=?UPF-0?B?QO8bmNo2=af?=ag" came back as "@ï…ag").
  @Test(arguments: ["=?UPF-0?B?QO8bmNo2=af?=ag", "=?utf-8?q?x?=", "Ann =?x", "\"=?utf-8?q?x?=\""])
  func namesThatLookEncodedReadBackAsWritten(name: String) {
    let address = MailAddress(name: name, address: "a@example.org")
    let formatted = ReplyDraft.format(address)
    #expect(formatted.lowercased().hasPrefix("=?utf-8?"), "\(formatted)")
    #expect(AddressList.parse(formatted) == [address], "\(formatted)")
  }

  /// Python's email package reads the draft as we meant it.
  @Test(.enabled(if: python3 != nil, "python3 is not on PATH (apt-get install python3)"))
  func pythonReadsTheDraft() throws {
    let python = try #require(python3)
    let script = """
      import email, email.policy, json, sys
      m = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
      print(json.dumps({"subject": str(m["subject"]), "to": [a.display_name for a in m["to"].addresses],
        "cc": [a.addr_spec for a in m["cc"].addresses], "body": m.get_body(("plain",)).get_content()}))
      """
    let output = try runPython(python, ["-c", script], stdin: Data(draft(all: true).utf8))
    let value = try Array(output.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    #expect(value["subject"] == "Re: Grüße aus Berlin")
    #expect(value["to"] == .array(["Jürgen Müller"]))
    #expect(value["cc"] == .array(["other@example.org", "third@example.org"]))
    #expect(
      value["body"]?.stringValue?.hasPrefix(
        "Danke, gut!\n\nOn Tue, 1 Jul 2003 09:52:37 +0100, Jürgen Müller wrote:\n> Hallo,\n") == true)
  }
}
