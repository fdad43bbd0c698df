import Foundation
import TestSupport
import Testing
import Wire

/// The built ail-mail as an inbox: list, show, flag and save on a real Maildir, and compose and
/// forward read back by Python's email package.
@Suite struct AilMailInboxTests {
  func fixture(_ name: String) -> String { AilMailTests.fixtures.appendingPathComponent(name).path }

  /// A Maildir of four messages (two seen, one of them flagged; two new) and one in tmp/.
  func makeMaildir() throws -> String {
    let folder = TemporaryFolder.path("ail-mail-inbox")
    for sub in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: "\(folder)/INBOX/\(sub)", withIntermediateDirectories: true)
    }
    let files = [
      ("05-base64-text.eml", "cur/1.host:2,S"), ("03-nested.eml", "cur/2.host,U=7:2,FS"),
      ("13-utf8-headers.eml", "new/3.host"), ("04-rfc2231.eml", "new/4.host"),
      ("02-quoted-printable.eml", "tmp/5.host"),
    ]
    for (name, place) in files {
      try FileManager.default.copyItem(atPath: fixture(name), toPath: "\(folder)/INBOX/\(place)")
    }
    return folder
  }

  @Test func listShowsTheInboxNewestFirstWithFiltersAndATable() throws {
    let folder = try makeMaildir()
    defer { TemporaryFolder.remove(folder) }
    let inbox = folder + "/INBOX"
    func sources(_ arguments: [String]) throws -> [String] {
      let result = try run("ail-mail", ["list", inbox] + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      return result.records(kind: "mail").compactMap { $0["source"]?.stringValue?.replacing(inbox + "/", with: "") }
    }
    #expect(try sources([]) == ["new/3.host", "cur/1.host:2,S", "new/4.host", "cur/2.host,U=7:2,FS"])
    #expect(try sources(["--unread"]) == ["new/3.host", "new/4.host"])
    #expect(try sources(["--flagged"]) == ["cur/2.host,U=7:2,FS"])
    #expect(try sources(["--sort", "from"]) == ["cur/2.host,U=7:2,FS", "cur/1.host:2,S", "new/4.host", "new/3.host"])
    #expect(try sources(["--unread", "--limit", "1"]) == ["new/3.host"])

    let records = try run("ail-mail", ["list", inbox]).records(kind: "mail")
    #expect(records[0]["subject"] == "Grüße direkt in UTF-8 (RFC 6532)")
    #expect(records[0]["from"]?["name"] == "Zoë Ünal")
    #expect(records[0]["date"] == "2024-11-05T10:00:00Z")
    #expect(records[0]["flags"] == .array([]))
    #expect(records[3]["flags"] == .array(["flagged", "seen"]))
    #expect(records[0]["text"] == nil)

    let table = try run("ail-mail", ["list", inbox, "--format", "table"], environment: ["TZ": "UTC"])
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true) == ["DATE", "FLAGS", "FROM", "SUBJECT"])
    #expect(lines[1] == "2024-11-05 10:00  N      Zoë Ünal           Grüße direkt in UTF-8 (RFC 6532)")
    #expect(lines[3] == "2024-02-29 23:59  N@     files@example.org  RFC 2231 file names")
    #expect(lines[4] == "2024-01-15 13:30  F@     Anna Example       Nested multiparts")

    let mbox = folder + "/box.mbox"
    let text = try ["05-base64-text.eml", "13-utf8-headers.eml"].map { name in
      "From x@example.org Mon Jan  1 00:00:00 2024\n" + (name.hasPrefix("05") ? "Status: RO\n" : "")
        + (try String(contentsOfFile: fixture(name), encoding: .utf8)) + "\n"
    }.joined()
    try text.write(toFile: mbox, atomically: true, encoding: .utf8)
    let fromMbox = try run("ail-mail", ["list", mbox, "--unread"])
    #expect(fromMbox.records(kind: "mail").map { $0["source"]?.stringValue } == ["\(mbox)#2"])

    let missing = try run("ail-mail", ["list", folder + "/INBOX/cur/nothing"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("nothing"))
    let notMaildir = try run("ail-mail", ["list", folder])
    #expect(notMaildir.status == 66)
    #expect(notMaildir.stderr.contains("not a Maildir"))
  }

  @Test func flagRenamesAsMaildirSaysAndRefusesWhatIsNotInOne() throws {
    let folder = try makeMaildir()
    defer { TemporaryFolder.remove(folder) }
    let inbox = folder + "/INBOX"
    let flagged = try run("ail-mail", ["flag", "--seen", "--flagged", inbox + "/new/3.host"])
    #expect(flagged.status == 0, "\(flagged.stderr)")
    #expect(flagged.stdout == inbox + "/cur/3.host:2,FS\n")
    #expect(FileManager.default.fileExists(atPath: inbox + "/cur/3.host:2,FS"))
    #expect(!FileManager.default.fileExists(atPath: inbox + "/new/3.host"))
    let unread = try run("ail-mail", ["list", inbox, "--unread"]).records(kind: "mail")
    #expect(unread.map { $0["source"]?.stringValue } == [inbox + "/new/4.host"])

    let again = try run("ail-mail", ["flag", "--unseen", "--replied", inbox + "/cur/3.host:2,FS"])
    #expect(again.stdout == inbox + "/cur/3.host:2,FR\n")
    let kept = try run("ail-mail", ["flag", "--unflagged", inbox + "/cur/2.host,U=7:2,FS"])
    #expect(kept.stdout == inbox + "/cur/2.host,U=7:2,S\n")
    let contents = try String(contentsOfFile: inbox + "/cur/2.host,U=7:2,S", encoding: .utf8)
    #expect(contents == (try String(contentsOfFile: fixture("03-nested.eml"), encoding: .utf8)))

    let outside = fixture("01-encoded-words.eml")
    let mixed = try run("ail-mail", ["flag", "--seen", outside, inbox + "/new/4.host", inbox + "/tmp/5.host"])
    #expect(mixed.status == 65)
    #expect(mixed.stderr.contains("\(outside): not a message in a Maildir"))
    #expect(mixed.stderr.contains("tmp/5.host: not a message in a Maildir"))
    #expect(mixed.stdout == inbox + "/cur/4.host:2,S\n")
    #expect(FileManager.default.fileExists(atPath: inbox + "/tmp/5.host"))

    let gone = try run("ail-mail", ["flag", "--seen", inbox + "/new/4.host"])
    #expect(gone.status == 66)
    #expect(gone.stderr.contains("new/4.host: no such message"))
    let names = try FileManager.default.contentsOfDirectory(atPath: inbox + "/cur").sorted()
    #expect(names == ["1.host:2,S", "2.host,U=7:2,S", "3.host:2,FR", "4.host:2,S"])
  }

  @Test func showWritesHeadersTextAndNumberedAttachments() throws {
    let shown = try run("ail-mail", ["show", fixture("04-rfc2231.eml")])
    #expect(shown.status == 0)
    #expect(
      shown.stdout.hasPrefix("From: files@example.org\nTo: you@example.org\nDate: Thu, 29 Feb 2024 23:59:59 +0000\n"))
    #expect(shown.stdout.contains("Subject: RFC 2231 file names\n\nSee the attachments.\n"))
    #expect(shown.stdout.contains("\nAttachments:\n[1] application/octet-stream, 10 B, € Rechnung März.pdf\n"))
    #expect(shown.stdout.contains("[2] text/plain, 10 B, übersicht Teil 2.txt\n"))
    #expect(shown.stdout.contains("[3] image/jpeg, 13 B, Bären.jpg\n"))

    let all = try run("ail-mail", ["show", "--headers", fixture("01-encoded-words.eml")])
    #expect(all.stdout.contains("Subject: Preis in € und plain text Café end\n"))
    #expect(all.stdout.contains("From: Café in München <cafe@example.org>\n"))
    #expect(all.stdout.contains("Message-ID: <"))

    let part = try run("ail-mail", ["show", "--part", "1", fixture("04-rfc2231.eml")])
    #expect(Array(part.stdout.utf8) == Array(0..<10))
    let none = try run("ail-mail", ["show", "--part", "4", fixture("04-rfc2231.eml")])
    #expect(none.status == 65)
    #expect(none.stderr.contains("no attachment 4 (it has 3)"))

    let damaged = try run(
      "ail-mail", ["show"], stdin: "Subject: cut\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nstill here\n")
    #expect(damaged.status == 0)
    #expect(damaged.stdout == "Subject: cut\n\nstill here\n")
    #expect(damaged.stderr.contains("missing closing boundary"))
  }

  /// Attachment names that try to leave the folder, hide, or trick a terminal.
  static let hostile = """
    From: mallory@example.org
    Subject: files
    MIME-Version: 1.0
    Content-Type: multipart/mixed; boundary=b

    --b
    Content-Type: text/plain

    Take these.
    --b
    Content-Type: text/plain
    Content-Disposition: attachment; filename="../../escaped.txt"

    one
    --b
    Content-Type: text/plain
    Content-Disposition: attachment; filename*=utf-8''%2Fetc%2Fpasswd

    two
    --b
    Content-Type: text/plain
    Content-Disposition: attachment; filename=".bashrc"

    three
    --b
    Content-Type: text/plain
    Content-Disposition: attachment; filename="=?utf-8?q?bell=07=1B=5B2J.txt?="

    four
    --b
    Content-Type: application/pdf
    Content-Disposition: attachment; filename=".."

    five
    --b
    Content-Type: text/plain
    Content-Disposition: attachment; filename="report.txt"

    six
    --b--

    """

  @Test func saveKeepsEveryFileInsideTheFolderAndReplacesNothing() throws {
    let folder = TemporaryFolder.path("ail-mail-save")
    let target = folder + "/in/deeper"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    try "mine\n".write(toFile: target + "/report.txt", atomically: true, encoding: .utf8)
    let message = folder + "/hostile.eml"
    try Self.hostile.write(toFile: message, atomically: true, encoding: .utf8)

    let saved = try run("ail-mail", ["save", message, "--to", target])
    #expect(saved.status == 0, "\(saved.stderr)")
    let expected = ["_.._escaped.txt", "_etc_passwd", "bashrc", "bell[2J.txt", "part-5.pdf", "report-1.txt"]
    #expect(saved.stdout == expected.map { target + "/" + $0 + "\n" }.joined())
    #expect(try FileManager.default.contentsOfDirectory(atPath: target).sorted() == expected + ["report.txt"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["hostile.eml", "in"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/in") == ["deeper"])
    #expect(try String(contentsOfFile: target + "/report.txt", encoding: .utf8) == "mine\n")
    #expect(try String(contentsOfFile: target + "/report-1.txt", encoding: .utf8) == "six")
    #expect(try String(contentsOfFile: target + "/_etc_passwd", encoding: .utf8) == "two")
    for name in expected {
      let mode = try FileManager.default.attributesOfItem(atPath: target + "/" + name)[.posixPermissions] as? Int
      #expect(mode == 0o600, "\(name)")
    }

    let one = try run("ail-mail", ["save", message, "--to", target, "--part", "6", "--part", "1"])
    #expect(one.stdout == "\(target)/report-2.txt\n\(target)/_.._escaped-1.txt\n")
    let bad = try run("ail-mail", ["save", message, "--to", target, "--part", "1", "--part", "7"])
    #expect(bad.status == 65)
    #expect(bad.stdout.isEmpty)
    let noFolder = try run("ail-mail", ["save", message, "--to", folder + "/missing"])
    #expect(noFolder.status == 66)
    #expect(noFolder.stderr.contains("missing: no such folder"))
  }

  /// Python's email package reading what the built tool wrote.
  func readByPython(_ written: String) throws -> JSONValue {
    let script = AilMailTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/mail-written.py").path
    let result = try run("/usr/bin/python3", [script], stdin: written)
    #expect(result.status == 0, "\(result.stderr)")
    return try Array(result.stdout.utf8).withUnsafeBytes { try WireCoding.parse($0) }
  }

  @Test(.needsPython3) func composeAndForwardAreReadBackByPython() throws {
    let folder = TemporaryFolder.path("ail-mail-compose")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let file = folder + "/Übersicht März.csv"
    try "a;b\n1;2\n".write(toFile: file, atomically: true, encoding: .utf8)
    let composed = try run(
      "ail-mail",
      [
        "compose", "--to", "Jürgen Müller <jm@example.net>", "--cc", "b@example.org", "--subject", "Zahlen für März",
        "--attach", file,
      ],
      environment: ["EMAIL": "Zoë <zoe@example.org>"], stdin: "Hallo Jürgen,\nanbei die Zahlen.\n")
    #expect(composed.status == 0, "\(composed.stderr)")
    let read = try readByPython(composed.stdout)
    #expect(read["defects"] == .array([]))
    #expect(read["from"] == .array([.object(["name": "Zoë", "address": "zoe@example.org"])]))
    #expect(read["to"] == .array([.object(["name": "Jürgen Müller", "address": "jm@example.net"])]))
    #expect(read["cc"] == .array([.object(["name": .null, "address": "b@example.org"])]))
    #expect(read["subject"] == "Zahlen für März")
    #expect(read["message_id"]?.stringValue?.hasSuffix("@example.org>") == true)
    #expect(read["date"] != .null)
    #expect(read["text"] == "Hallo Jürgen,\nanbei die Zahlen.\n")
    let attachment = read["attachments"]?.arrayValue?.first
    #expect(attachment?["filename"] == "Übersicht März.csv")
    #expect(attachment?["content_type"] == "text/csv")
    #expect(attachment?["hex"] == .string(Array("a;b\n1;2\n".utf8).map { String(format: "%02x", $0) }.joined()))

    let empty = try run("ail-mail", ["compose", "--to", "a@example.org", "--subject", "x"], stdin: "  \n")
    #expect(empty.status == 65)
    #expect(empty.stdout.isEmpty)
    let missing = try run(
      "ail-mail", ["compose", "--to", "a@example.org", "--subject", "x", "--attach", folder + "/nope.pdf"], stdin: "x")
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("nope.pdf"))
    #expect(missing.stdout.isEmpty)

    let forwarded = try run(
      "ail-mail", ["forward", "--original", fixture("04-rfc2231.eml"), "--to", "anna@example.org", "--as-attachment"],
      environment: ["EMAIL": "zoe@example.org"], stdin: "See below.\n")
    let enclosed = try readByPython(forwarded.stdout)
    #expect(enclosed["subject"] == "Fwd: RFC 2231 file names")
    #expect(enclosed["text"] == "See below.\n")
    #expect(enclosed["attachments"]?.arrayValue?.first?["content_type"] == "message/rfc822")
    #expect(enclosed["attachments"]?.arrayValue?.first?["subject"] == "RFC 2231 file names")

    let inline = try run(
      "ail-mail", ["forward", "--original", fixture("04-rfc2231.eml"), "--to", "anna@example.org", "--attach", file],
      environment: ["EMAIL": "zoe@example.org"], stdin: "FYI\n")
    let carried = try readByPython(inline.stdout)
    #expect(carried["defects"] == .array([]))
    #expect(
      carried["attachments"]?.arrayValue?.map { $0["filename"] } == [
        "€ Rechnung März.pdf", "übersicht Teil 2.txt", "Bären.jpg", "Übersicht März.csv",
      ])
    #expect(carried["attachments"]?.arrayValue?.first?["hex"] == "00010203040506070809")

    let replied = try run(
      "ail-mail", ["reply", "--original", fixture("04-rfc2231.eml"), "--attach", file],
      environment: ["EMAIL": "zoe@example.org"], stdin: "Thanks.\n")
    let reply = try readByPython(replied.stdout)
    #expect(reply["in_reply_to"] == "<rfc2231@example.org>")
    #expect(reply["attachments"]?.arrayValue?.map { $0["filename"] } == ["Übersicht März.csv"])
  }
}
