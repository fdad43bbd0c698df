import Foundation
import TestSupport
import Testing
import Wire

/// `ail-mail outbox` through msmtp to a scripted SMTP server on 127.0.0.1: what the server
/// received, how often, without Bcc; the Sent copy; temporary and permanent failures; a send
/// killed while the server holds its answer.
@Suite(.serialized) struct AilMailOutboxTests {
  static let needsMsmtp = ConditionTrait.enabled(
    if: ["/usr/bin/msmtp", "/usr/bin/python3"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) },
    "msmtp or python3 is not installed (apt-get install msmtp python3)")

  static let message = """
    From: Zoë <zoe@example.org>
    To: Anna <anna@example.org>
    Bcc: hidden@example.org
    Subject: Minutes

    The minutes.

    """

  /// A fresh folder holding the outbox, the Sent Maildir and the server's files.
  func withFolder(_ body: (String) throws -> Void) throws {
    let root = TemporaryFolder.path("ail-mail-outbox")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(root) }
    try body(root)
  }

  func outbox(_ root: String, _ arguments: [String], stdin: String = "") throws -> ToolRun {
    try run("ail-mail", ["outbox"] + arguments + ["--outbox", root + "/outbox"], stdin: stdin)
  }

  func add(_ root: String) throws -> String {
    let added = try outbox(root, ["add"], stdin: Self.message)
    #expect(added.status == 0, "\(added.stderr)")
    return try #require(added.records(kind: "outbox_item").first?["id"]?.stringValue)
  }

  func status(_ root: String, _ id: String) throws -> JSONValue? {
    try outbox(root, ["list"]).records(kind: "outbox_item").first { $0["id"]?.stringValue == id }
  }

  @Test(needsMsmtp) func aMessageReachesTheServerOnceWithoutBccAndLandsInSent() throws {
    try withFolder { root in
      let server = try ScriptedSMTPServer.start(in: root + "/server", replies: ["250"])
      defer { server.stop() }
      let id = try add(root)
      let sent = try outbox(root, ["send", "--sendmail", server.sendmail, "--sent", root + "/Sent"])
      #expect(sent.status == 0, "\(sent.stderr)")
      #expect(sent.records(kind: "outbox_item").map { $0["status"]?.stringValue } == ["sent"])

      #expect(server.messages.count == 1)
      let delivered = try #require(server.messages.first)
      #expect(!delivered.contains("Bcc:") && !delivered.contains("hidden@example.org"), "msmtp -t took Bcc out")
      #expect(delivered.contains("Subject: Minutes") && delivered.contains("Message-ID: <"))
      #expect(server.transcript.contains("RCPT TO:<hidden@example.org>"), "the Bcc address got the message")
      #expect(server.transcript.contains("RCPT TO:<anna@example.org>"))

      let copies = try FileManager.default.contentsOfDirectory(atPath: root + "/Sent/cur")
      #expect(copies.count == 1 && copies[0].hasSuffix(":2,S"), "\(copies)")
      let copy = try String(contentsOfFile: root + "/Sent/cur/" + copies[0], encoding: .utf8)
      #expect(copy.contains("Bcc: hidden@example.org"), "the sender's own copy keeps Bcc")
      #expect(Self.mode(root + "/Sent/cur/" + copies[0]) == 0o600)
      #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/Sent/tmp").isEmpty)

      // Sent is never sent again.
      let again = try outbox(root, ["send", "--now", "--sendmail", server.sendmail])
      #expect(again.status == 0 && again.records.isEmpty, "\(again.stderr)")
      #expect(server.messages.count == 1)
      #expect(try status(root, id)?["status"] == "sent")
    }
  }

  @Test(needsMsmtp) func aReply451WaitsThirtySecondsAndA550FailsForGood() throws {
    try withFolder { root in
      let server = try ScriptedSMTPServer.start(in: root + "/server", replies: ["451", "550"])
      defer { server.stop() }
      let first = try add(root)
      let second = try add(root)
      let before = Date()
      let sent = try outbox(root, ["send", "--sendmail", server.sendmail])
      #expect(sent.status == 69, "a failure for good wins over a wait: \(sent.stderr)")
      #expect(sent.stderr.contains("550 5.1.1 no such user here"))

      let waiting = try #require(try status(root, first))
      #expect(waiting["status"] == "pending")
      #expect(waiting["attempts"]?.intValue == 1)
      #expect(waiting["last_error"] == "451 4.3.0 mailbox busy, try again later")
      let next = try #require(waiting["next_attempt"]?.stringValue.flatMap(RFC3339.date(from:)))
      #expect(next.timeIntervalSince(before) >= 30 && next.timeIntervalSince(before) < 40, "\(next)")
      let failed = try #require(try status(root, second))
      #expect(failed["status"] == "failed")
      #expect(failed["last_error"] == "550 5.1.1 no such user here")

      // Not due yet, and the failed one waits for a person: nothing is sent, one still waits.
      let early = try outbox(root, ["send", "--sendmail", server.sendmail])
      #expect(early.status == 75, "\(early.stderr)")
      #expect(server.messages.count == 2)

      // --now sends the waiting one (the script has run out: 250).
      let now = try outbox(root, ["send", "--now", "--sendmail", server.sendmail])
      #expect(now.status == 0, "\(now.stderr)")
      #expect(try status(root, first)?["status"] == "sent")
      #expect(try status(root, first)?["attempts"]?.intValue == 2)
      #expect(try status(root, second)?["status"] == "failed")
      #expect(server.messages.count == 3)
    }
  }

  @Test(needsMsmtp) func aSendKilledWhileTheServerHoldsItsAnswerLeavesTheMessageUnknownUntilRetry() throws {
    try withFolder { root in
      let server = try ScriptedSMTPServer.start(in: root + "/server", replies: ["hold"])
      defer { server.stop() }
      let id = try add(root)
      try runKilled(
        "ail-mail", ["outbox", "send", "--outbox", root + "/outbox", "--sendmail", server.sendmail], token: ""
      ) { server.hasHeld }
      #expect(server.hasHeld, "the server never got the message")

      let listed = try #require(try status(root, id))
      #expect(listed["status"] == "unknown")
      #expect(listed["attempts"]?.intValue == 1)

      let left = try outbox(root, ["send", "--now", "--sendmail", server.sendmail])
      #expect(left.status == 0, "\(left.stderr)")
      #expect(left.records.isEmpty)
      #expect(left.stderr.contains(id), "the unknown message is named: \(left.stderr)")
      server.release()
      #expect(server.messages.count == 1, "exactly once until the retry")

      let retried = try outbox(root, ["retry", id])
      #expect(retried.status == 0, "\(retried.stderr)")
      #expect(retried.records(kind: "outbox_item").first?["status"] == "pending")
      let sent = try outbox(root, ["send", "--sendmail", server.sendmail])
      #expect(sent.status == 0, "\(sent.stderr)")
      #expect(try status(root, id)?["status"] == "sent")
      #expect(server.messages.count == 2, "sent again because the person said so")
    }
  }

  /// The server holds its answer to the message it has received: the command stopped at its time
  /// limit may have handed the mail over, so the item fails for a person to retry, and no later
  /// send delivers it a second time by itself.
  @Test(needsMsmtp) func aCommandPastItsTimeLimitIsStoppedAndNotTriedAgainByItself() throws {
    try withFolder { root in
      let server = try ScriptedSMTPServer.start(in: root + "/server", replies: ["hold"])
      defer { server.stop() }
      let id = try add(root)
      let sent = try outbox(root, ["send", "--timeout", "2", "--sendmail", server.sendmail])
      server.release()
      #expect(sent.status == 69, "\(sent.stderr)")
      #expect(sent.seconds < 15)
      let item = try #require(try status(root, id))
      #expect(item["status"] == "failed")
      #expect(item["last_error"] == "the sendmail command did not end within 2 s and was stopped")
      let again = try outbox(root, ["send", "--now", "--sendmail", server.sendmail])
      #expect(again.status == 0, "\(again.stderr)")
      #expect(server.messages.count == 1, "sent once, by the stopped command")
    }
  }

  @Test(needsMsmtp) func aSecondSendWaitsForTheFirstAndSendsNothingTwice() async throws {
    let root = TemporaryFolder.path("ail-mail-outbox-two")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(root) }
    let server = try ScriptedSMTPServer.start(in: root + "/server", replies: ["hold"])
    defer { server.stop() }
    _ = try add(root)
    let arguments = ["outbox", "send", "--outbox", root + "/outbox", "--sendmail", server.sendmail]
    async let first = runInBackground("ail-mail", arguments)
    let deadline = Date().addingTimeInterval(20)
    while !server.hasHeld && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    let second = try await runInBackground("ail-mail", arguments + ["--now"])
    #expect(second.status == 75, "\(second.stderr)")
    #expect(second.stderr.contains("already running"))
    server.release()
    #expect(try await first.status == 0)
    #expect(server.messages.count == 1)
  }

  @Test func addRefusesAMessageWithoutRecipientsAndQueuesNothing() throws {
    try withFolder { root in
      try Self.message.write(toFile: root + "/good.eml", atomically: true, encoding: .utf8)
      try "From: zoe@example.org\nSubject: To nobody\n\ntext\n".write(
        toFile: root + "/bad.eml", atomically: true, encoding: .utf8)
      let added = try outbox(root, ["add", root + "/good.eml", root + "/bad.eml"])
      #expect(added.status == 65)
      #expect(added.stderr.contains("bad.eml: no recipient"), "\(added.stderr)")
      #expect(added.stdout.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: root + "/outbox"))
      let listed = try outbox(root, ["list"])
      #expect(listed.status == 0 && listed.stdout.isEmpty)
    }
  }

  @Test func theOutboxIsPrivateAndItsItemsCarryAMessageIDAndADate() throws {
    try withFolder { root in
      let id = try add(root)
      #expect(Self.mode(root + "/outbox") == 0o700)
      #expect(Self.mode("\(root)/outbox/\(id).eml") == 0o600)
      #expect(Self.mode("\(root)/outbox/\(id).json") == 0o600)
      let queued = try String(contentsOfFile: "\(root)/outbox/\(id).eml", encoding: .utf8)
      #expect(queued.hasPrefix("Message-ID: <") && queued.contains("\nDate: "))
      let item = try #require(try status(root, id))
      #expect(item["subject"] == "Minutes")
      #expect(item["to"]?.arrayValue?.first?["address"] == "anna@example.org")
      #expect(item["attempts"]?.intValue == 0)
      let table = try outbox(root, ["list", "--format", "table"])
      #expect(table.stdout.hasPrefix("ID") && table.stdout.contains("\(id)  pending"), "\(table.stdout)")
    }
  }

  @Test func cancelKeepsAMessageFromSendAndAnUnknownIdChangesNothing() throws {
    try withFolder { root in
      let id = try add(root)
      let unknown = try outbox(root, ["cancel", id, "no-such-id"])
      #expect(unknown.status == 66)
      #expect(unknown.stderr.contains("no-such-id"))
      #expect(try status(root, id)?["status"] == "pending")

      let cancelled = try outbox(root, ["cancel", id])
      #expect(cancelled.status == 0, "\(cancelled.stderr)")
      // A sendmail command that would leave a mark: it must never run.
      let sent = try outbox(root, ["send", "--now", "--sendmail", "touch \(root)/ran"])
      #expect(sent.status == 0)
      #expect(!FileManager.default.fileExists(atPath: root + "/ran"))
      #expect(try status(root, id)?["status"] == "cancelled")
    }
  }

  @Test func theSendmailCommandComesFromTheConfigFile() throws {
    try withFolder { root in
      try FileManager.default.createDirectory(atPath: root + "/config/ailo", withIntermediateDirectories: true)
      try "[ail-mail]\noutbox = \(root)/queue\nsendmail = cat > \(root)/delivered\n".write(
        toFile: root + "/config/ailo/config", atomically: true, encoding: .utf8)
      let environment = ["XDG_CONFIG_HOME": root + "/config"]
      #expect(try run("ail-mail", ["outbox", "add"], environment: environment, stdin: Self.message).status == 0)
      let sent = try run("ail-mail", ["outbox", "send"], environment: environment)
      #expect(sent.status == 0, "\(sent.stderr)")
      let delivered = try String(contentsOfFile: root + "/delivered", encoding: .utf8)
      #expect(delivered.contains("Bcc: hidden@example.org"), "the command gets Bcc, to send to it")
      #expect(delivered.hasSuffix("The minutes.\n"))
    }
  }

  @Test(.needsMake) func theMakeTargetSendsWhatIsDueAndAWaitDoesNotFailIt() throws {
    try withFolder { root in
      _ = try add(root)
      func make(_ sendmail: String) throws -> ToolRun {
        try run(
          "/usr/bin/make",
          [
            "-f", AilMakefileTests.makefile, "send", "AIL_BIN=\(binaries.path)", "OUTBOX=\(root)/outbox",
            "SENDMAIL=\(sendmail)", "SENT=\(root)/Sent",
          ])
      }
      let waiting = try make("exit 75")
      #expect(waiting.status == 0, "a wait is no failure of the target: \(waiting.stderr)")
      #expect(waiting.stderr.contains("waits for another try"))
      #expect(
        try status(root, try #require(try outbox(root, ["list"]).records.first?["id"]?.stringValue))?["status"]
          == "pending")

      _ = try add(root)
      let sent = try make("cat > \(root)/delivered")
      #expect(sent.status == 0, "\(sent.stderr)")
      #expect(try String(contentsOfFile: root + "/delivered", encoding: .utf8).contains("Subject: Minutes"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/Sent/cur").count == 1)

      _ = try add(root)
      let failed = try make("exit 1")
      #expect(failed.status == 2, "make fails when a message failed for good: \(failed.stderr)")
    }
  }

  static func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
  }
}
