import Foundation
import TestSupport
import Testing
import Wire

/// The built ail-mail on real files, folders and pipes.
@Suite struct AilMailTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("MailTests/Fixtures")

  func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  func temporaryFolder() throws -> String {
    let folder = TemporaryFolder.path("ail-mail-e2e")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func bodyFromStandardInputAndFromAFile() throws {
    let message = try String(contentsOfFile: fixture("01-encoded-words.eml"), encoding: .utf8)
    let fromStdin = try run("ail-mail", ["body"], stdin: message)
    #expect(fromStdin.status == 0)
    #expect(fromStdin.stdout == "Body text.\n")
    #expect(fromStdin.stderr.isEmpty)
    let withHeaders = try run("ail-mail", ["body", "--with-headers", fixture("03-nested.eml")])
    #expect(
      withHeaders.stdout.hasPrefix(
        """
        From: Anna Example <anna@example.org>
        To: team@example.org
        Date: Mon, 15 Jan 2024 14:30:00 +0100
        Subject: Nested multiparts

        Hallo Team,

        anbei der Bericht für März.
        """))
  }

  @Test func htmlOnlyMailBecomesText() throws {
    let result = try run("ail-mail", ["body", fixture("10-html-only.eml")])
    #expect(result.stdout == "Newsletter\n\nRead the article <https://example.org/a>.\n\n- One\n- Two\n")
  }

  @Test func damagedMailIsDecodedWithAWarning() throws {
    let result = try run(
      "ail-mail", ["body"], stdin: "Content-Type: multipart/mixed; boundary=b\n\n--b\n\nstill here\n")
    #expect(result.status == 0)
    #expect(result.stdout == "still here\n")
    #expect(result.stderr.contains(#"ail-mail: warning: <stdin>: multipart/mixed: missing closing boundary "--b--""#))
  }

  @Test func parseWritesOneRecordPerFileInOrder() throws {
    let names = ["01-encoded-words.eml", "04-rfc2231.eml", "12-inline-image.eml"]
    let result = try run("ail-mail", ["parse"] + names.map(fixture))
    #expect(result.status == 0)
    let records = result.records(kind: "mail")
    #expect(records.map { $0["source"]?.stringValue } == names.map(fixture))
    #expect(records[0]["subject"] == "Preis in € und plain text Café end")
    #expect(records[0]["from"]?["name"] == "Café in München")
    #expect(records[1]["attachments"]?.arrayValue?.count == 3)
    #expect(records[2]["attachments"]?.arrayValue?.first?["content_id"] == "dot@example.org")
    #expect(records[2]["attachments"]?.arrayValue?.first?["inline"] == true)
  }

  /// Three fixtures and a message with quoted From lines, as one mbox file in `folder`.
  private func writeMbox(in folder: String) throws -> String {
    var mbox = ""
    for name in ["02-quoted-printable.eml", "05-base64-text.eml", "13-utf8-headers.eml"] {
      let text = try String(contentsOfFile: fixture(name), encoding: .utf8)
      mbox += "From sender@example.org Mon Jan  1 00:00:00 2024\n" + text + "\n"
    }
    mbox += "From quoted@example.org Mon Jan  1 00:00:00 2024\nSubject: quoted\n\n>From the top\n>>From deeper\n\n"
    let path = folder + "/box.mbox"
    try mbox.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func mboxMessagesComeOneByOne() throws {
    let folder = try temporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let path = try writeMbox(in: folder)
    let result = try run("ail-mail", ["parse", "--mbox", path])
    #expect(result.status == 0)
    let records = result.records(kind: "mail")
    #expect(records.map { $0["source"]?.stringValue } == (1...4).map { "\(path)#\($0)" })
    #expect(records[3]["text"] == "From the top\n>From deeper\n")
  }

  @Test(.needsPython3)
  func mboxMessagesAgreeWithPython() throws {
    let folder = try temporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let path = try writeMbox(in: folder)
    let records = try run("ail-mail", ["parse", "--mbox", path]).records(kind: "mail")
    let script = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/mail-reference.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, "--mbox", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let python = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      try? Array(line.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    }
    #expect(python.count == 4)
    for (ours, theirs) in zip(records, python) {
      #expect(ours["text"] == theirs?["text"])
      #expect(ours["subject"] == theirs?["subject"])
    }
  }

  @Test func maildirAndItsErrors() throws {
    let folder = try temporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    for sub in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: "\(folder)/\(sub)", withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(atPath: fixture("05-base64-text.eml"), toPath: "\(folder)/cur/1.host:2,S")
    try FileManager.default.copyItem(atPath: fixture("06-windows-1252.eml"), toPath: "\(folder)/new/2.host")
    try FileManager.default.copyItem(atPath: fixture("07-crlf.eml"), toPath: "\(folder)/tmp/3.host")
    let result = try run("ail-mail", ["parse", "--maildir", folder])
    #expect(result.status == 0)
    #expect(
      result.records(kind: "mail").map { $0["subject"]?.stringValue } == [
        "Base64 body in UTF-8", "\u{201C}Zitat\u{201D} \u{2013} € 100",
      ])

    let missing = try run(
      "ail-mail", ["parse", "--maildir", folder + "/cur", fixture("01-encoded-words.eml"), folder + "/nope.eml"])
    #expect(missing.status == 66)
    #expect(missing.records(kind: "mail").count == 1)
    #expect(missing.stderr.contains("not a Maildir"))
    #expect(missing.stderr.contains("nope.eml"))

    let empty = try run("ail-mail", ["body"], stdin: "")
    #expect(empty.status == 65)
    #expect(empty.stderr.contains("<stdin>: empty, no message"))
  }

  @Test func replyDraftFromStandardInput() throws {
    let result = try run(
      "ail-mail", ["reply", "--original", fixture("03-nested.eml"), "--all"],
      environment: ["EMAIL": "Team <team@example.org>"], stdin: "Danke, Anna!\n")
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "From: Team <team@example.org>\nTo: Anna Example <anna@example.org>\nSubject: Re: Nested multiparts\n"))
    #expect(!result.stdout.contains("Cc:"))  // the only other recipient was ourselves
    #expect(result.stdout.contains("In-Reply-To: <nested@example.org>\nReferences: <nested@example.org>\n"))
    #expect(result.stdout.contains("\n\nDanke, Anna!\n\nOn Mon, 15 Jan 2024 "))
    #expect(result.stdout.contains("> anbei der Bericht f=C3=BCr M=C3=A4rz."))

    let badFrom = try run(
      "ail-mail", ["reply", "--original", fixture("03-nested.eml")], environment: ["EMAIL": "nobody"], stdin: "x")
    #expect(badFrom.status == 78)
    #expect(badFrom.stderr.contains("environment variable EMAIL: not an address"))
  }

  @Test func aClosedPipeEndsQuietly() throws {
    var paths: [String] = []
    for _ in 0..<2000 { paths.append(fixture("03-nested.eml")) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "\"$0\" parse \"$@\" | head -1 >/dev/null", binaries.appendingPathComponent("ail-mail").path] + paths
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
  }
}

/// The guard in ``run`` that every end-to-end test goes through: a tool that prints a configured
/// secret fails the test that ran it.
@Suite struct SecretGuardTests {
  @Test func theGuardFindsAConfiguredSecretInWhatAToolPrinted() throws {
    // ail-mail body prints a message's body, so a secret in it comes out.
    let message = "From: a@example.org\nSubject: x\n\nThe token is \(RKFetchTests.token).\n"
    let leaking = try run("ail-mail", ["body"], stdin: message, guardingSecrets: false)
    #expect(leakedSecrets(leaking) == [RKFetchTests.token])
    // And a tool that prints none passes untouched.
    let clean = try run("ail-mail", ["body"], stdin: "Subject: x\n\nnothing secret\n")
    #expect(clean.stdout.contains("nothing secret"))
    #expect(leakedSecrets(clean).isEmpty)
  }
}
