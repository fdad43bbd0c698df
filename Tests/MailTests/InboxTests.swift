import Foundation
import Mail
import Testing
import Wire

@Suite struct InboxTests {
  @Test func maildirNamesKeepTheirUniquePartAndSortTheirFlags() {
    let name = MaildirName("1700000000.M1P2.host,U=17:2,Sa")
    #expect(name.unique == "1700000000.M1P2.host,U=17")
    #expect(name.flags == [.seen])
    #expect(name.renamed(setting: [.flagged, .replied], clearing: []) == "1700000000.M1P2.host,U=17:2,FRSa")
    #expect(name.renamed(setting: [], clearing: [.seen]) == "1700000000.M1P2.host,U=17:2,a")
    #expect(MaildirName("plain").renamed(setting: [.seen, .seen], clearing: []) == "plain:2,S")
    #expect(MaildirName("x:2,SFS").renamed(setting: [.flagged], clearing: []) == "x:2,FS")
    #expect(MaildirName("x:1,old").flagLetters == nil)
    #expect(MaildirName("x:1,old").renamed(setting: [.seen], clearing: []) == "x:2,S")
  }

  @Test func aSeenMessageMovesFromNewToCur() {
    let seen = Maildir.destination(of: "/m/INBOX/new/1.host", setting: [.seen], clearing: [])
    #expect(seen?.folder == "/m/INBOX/cur")
    #expect(seen?.name == "1.host:2,S")
    let flaggedOnly = Maildir.destination(of: "/m/INBOX/new/1.host", setting: [.flagged], clearing: [])
    #expect(flaggedOnly?.folder == "/m/INBOX/new")
    #expect(flaggedOnly?.name == "1.host:2,F")
    let unseen = Maildir.destination(of: "cur/2.host:2,RS", setting: [], clearing: [.seen])
    #expect(unseen?.folder == "cur")
    #expect(unseen?.name == "2.host:2,R")
    for outside in ["/m/INBOX/tmp/3.host", "/m/message.eml", "message.eml", "/m/cur/", "/m/cur/.hidden"] {
      #expect(Maildir.destination(of: outside, setting: [.seen], clearing: []) == nil, "\(outside)")
    }
  }

  /// Found by fuzz-mail: a name beginning with a combining mark made one Character with the
  /// slash before it, so the message had no folder and could not be flagged.
  @Test func aNameBeginningWithACombiningMarkIsStillInItsMaildir() {
    let moved = Maildir.destination(of: "box/cur/\u{301}p", setting: [.seen], clearing: [])
    #expect(moved?.folder == "box/cur")
    #expect(moved?.name == "\u{301}p:2,S")
    #expect(Maildir.flags(of: "box/cur/x:\u{301}2,S") == nil)
    #expect(Maildir.flags(of: "box/cur/\u{301}x:2,\u{301}S") == "\u{301}S")
    #expect(MaildirName("x\u{600}:2,S").unique == "x\u{600}")
    #expect(MaildirName("x\u{600}:2,S").flags == [.seen])
    let listed = Maildir.messagePaths(in: "box") { $0 == "box/cur" ? [".\u{301}hidden", "\u{301}p"] : nil }
    #expect(listed == ["box/cur/\u{301}p"])
    #expect(Maildir.destination(of: "box/cur/.\u{301}hidden", setting: [.seen], clearing: []) == nil)
  }

  func entry(_ header: String, position: Int, flags: Set<MailFlag>? = []) -> InboxEntry {
    InboxEntry(head: Array(header.utf8), source: "m\(position)", position: position, maildirFlags: flags)
  }

  @Test func theHeaderAloneMakesTheRecord() {
    let listed = entry(
      """
      From: =?UTF-8?Q?J=C3=BCrgen?= <j@example.org>
      Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=
      Date: Mon, 15 Jan 2024 14:30:00 +0100
      Message-ID: <a@example.org>
      Content-Type: multipart/mixed; boundary=x

      --x
      never read
      """, position: 0, flags: [.seen, .flagged])
    #expect(listed.record.from == MailAddress(name: "Jürgen", address: "j@example.org"))
    #expect(listed.record.subject == "Grüße")
    #expect(listed.record.date == Date(timeIntervalSince1970: 1_705_325_400))
    #expect(listed.record.text == nil)
    #expect(listed.record.flags == ["flagged", "seen"])
    #expect(listed.record.source == "m0")
    #expect(listed.hasAttachments)
    #expect(!entry("Subject: x\n\n", position: 1).hasAttachments)
  }

  @Test func aListedRecordLeavesOutWhatOnlyTheBodyTells() throws {
    let listed = entry(
      "Subject: x\nContent-Type: multipart/mixed; boundary=x\n\n--x\nContent-Type: text/html\n\n<p>never read\n",
      position: 0)
    #expect(listed.hasAttachments)
    #expect(listed.record.hasHTML == nil && listed.record.attachments == nil)
    let line = String(decoding: try WireCoding.line(listed.record), as: UTF8.self)
    #expect(!line.contains("has_html") && !line.contains("attachments"), "\(line)")
    let parsed = message("Subject: x\n\nplain\n").record()
    #expect(parsed.hasHTML == false && parsed.attachments == [])
  }

  @Test func mboxFlagsComeFromStatusLines() {
    let read = entry("Status: RO\nX-Status: AF\nSubject: x\n\n", position: 0, flags: nil)
    #expect(read.flags == [.seen, .replied, .flagged])
    let new = entry("Status: O\nSubject: y\n\n", position: 1, flags: nil)
    #expect(new.flags.isEmpty)
  }

  @Test func viewsFilterSortAndLimit() {
    let entries = [
      entry("From: Zoe <z@example.org>\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\n", position: 0, flags: [.seen]),
      entry("From: anna@example.org\nDate: Wed, 3 Jan 2024 10:00:00 +0000\n\n", position: 1, flags: [.flagged]),
      entry("From: Bert <b@example.org>\n\n", position: 2, flags: []),
      entry("From: Anna <anna@example.org>\nDate: Tue, 2 Jan 2024 10:00:00 +0000\n\n", position: 3, flags: [.seen]),
      entry("From: Zoe <z@example.org>\nDate: Thu, 4 Jan 2024 10:00:00 +0000\n\n", position: 4, flags: [.flagged]),
    ]
    func sources(_ view: InboxView) -> [String] { view.apply(entries).compactMap(\.record.source) }
    #expect(sources(InboxView()) == ["m4", "m1", "m3", "m0", "m2"])
    #expect(sources(InboxView(unreadOnly: true)) == ["m4", "m1", "m2"])
    #expect(sources(InboxView(flaggedOnly: true)) == ["m4", "m1"])
    #expect(sources(InboxView(unreadOnly: true, flaggedOnly: true, limit: 1)) == ["m4"])
    #expect(sources(InboxView(order: .from)) == ["m3", "m1", "m2", "m4", "m0"])  // "anna" before "anna@example.org"
    #expect(sources(InboxView(limit: 0)) == [])
  }
}
