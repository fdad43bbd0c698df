import Foundation
import HTMLScan
import Mail
import Testing
import Wire

@Suite struct AddressListTests {
  @Test(arguments: [
    ("Anna <anna@example.org>", [MailAddress(name: "Anna", address: "anna@example.org")]),
    (
      #""Doe, John" <john@example.com>, jane@example.com"#,
      [MailAddress(name: "Doe, John", address: "john@example.com"), MailAddress(address: "jane@example.com")]
    ),
    (
      "=?UTF-8?Q?J=C3=BCrgen?= =?UTF-8?Q?_M=C3=BCller?= <jm@example.net>",
      [MailAddress(name: "Jürgen Müller", address: "jm@example.net")]
    ),
    (#""=?UTF-8?B?Q2Fmw6k=?=" <c@example.org>"#, [MailAddress(name: "Café", address: "c@example.org")]),
    ("sender@example.org (Sender Name)", [MailAddress(name: "Sender Name", address: "sender@example.org")]),
    ("undisclosed-recipients:;", []),
    (
      "Friends: a@example.org, B <b@example.org>;, c@example.org",
      [
        MailAddress(address: "a@example.org"), MailAddress(name: "B", address: "b@example.org"),
        MailAddress(address: "c@example.org"),
      ]
    ),
    ("<@relay.example:user@example.org>", [MailAddress(address: "user@example.org")]),
    (#""quoted local"@example.org"#, [MailAddress(address: #""quoted local"@example.org"#)]),
    ("Ann (the boss) Example <ann@example.org>", [MailAddress(name: "Ann Example", address: "ann@example.org")]),
    (", ,", []),
  ])
  func parses(header: String, expected: [MailAddress]) {
    #expect(AddressList.parse(header) == expected)
  }
}

@Suite struct MailDateTests {
  func utc(_ header: String) -> String? { MailDate.parse(header).map { RFC3339.string(from: $0) } }

  @Test func forms() {
    #expect(utc("Tue, 1 Jul 2003 10:52:37 +0200") == "2003-07-01T08:52:37Z")
    #expect(utc("1 Jul 2003 10:52 -0130") == "2003-07-01T12:22:00Z")
    #expect(utc("Sat, 6 Apr 2024 09:10:11 GMT") == "2024-04-06T09:10:11Z")
    #expect(utc("3 Mar 24 03:03 EST") == "2024-03-03T08:03:00Z")
    #expect(utc("Thu, 29 Feb 1996 23:59:59 +0000 (UTC)") == "1996-02-29T23:59:59Z")
    #expect(utc("Tue Jul  1 10:52:37 2003") == "2003-07-01T10:52:37Z")
    #expect(utc("Wed, 31 Dec 99 23:00:00 PST") == "2000-01-01T07:00:00Z")
    #expect(utc("next Tuesday") == nil)
    #expect(utc("Tue, 1 Jul 2003 25:00:00 +0000") == nil)
  }

  @Test func formatting() {
    let date = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z, a Sunday
    #expect(MailDate.format(date, offsetSeconds: 3600) == "Sun, 22 Nov 2026 10:00:00 +0100")
    #expect(MailDate.format(date, offsetSeconds: -(9 * 3600 + 30 * 60)) == "Sat, 21 Nov 2026 23:30:00 -0930")
    #expect(MailDate.parse(MailDate.format(date, offsetSeconds: 19800)) == date)
  }
}

@Suite struct HTMLTextTests {
  @Test func blocksLinksListsAndHiddenElements() {
    let html = """
      <html><head><title>T</title><style>p { color: red }</style></head><body>
      <h1>Newsletter</h1><p>Read   <a href="https://example.org/a">the
      article</a> &amp; <a href="https://example.org/b">https://example.org/b</a>.</p>
      <ul><li>One</li><li>Two<br>lines</li></ul><script>alert("no")</script>
      <p>Mail <a href="mailto:x@example.org">x@example.org</a> <img src="cid:a" alt="Logo"></p>
      <pre>  keep   spacing
      here</pre><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>
      </body></html>
      """
    #expect(
      HTMLPlainText.text(html, layout: .lines) == """
        Newsletter

        Read the article <https://example.org/a> & https://example.org/b.

        - One
        - Two
        lines

        Mail x@example.org [Logo]

          keep   spacing
        here

        a\tb
        c\td

        """)
  }
}

@Suite struct AddressListRobustnessTests {
  /// Found by fuzz-mail: "\r\n" is one Character, which the tokenizer once took for neither
  /// white space nor an atom, and looped on.
  @Test func carriageReturnLineFeedAndStrayCharactersEnd() {
    #expect(
      AddressList.parse("a@example.org,\r\n b@example.org") == [
        MailAddress(address: "a@example.org"), MailAddress(address: "b@example.org"),
      ])
    #expect(AddressList.parse("Name\r\n <n@example.org>") == [MailAddress(name: "Name", address: "n@example.org")])
  }
}
