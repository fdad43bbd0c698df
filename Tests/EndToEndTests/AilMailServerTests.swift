import Foundation
import TestSupport
import Testing
import Wire

/// ail-mail between the real tools that fetch and send: Dovecot and mbsync for an IMAP round
/// trip of flags, msmtp against a local SMTP sink. Every server is started by the test on
/// 127.0.0.1, on a free port, and stopped after it; nothing leaves the machine.
@Suite(.serialized) struct AilMailServerTests {
  static let imapTools = ["/usr/sbin/dovecot", "/usr/bin/mbsync", "/usr/bin/python3"]

  @Test(
    .enabled(
      if: imapTools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) },
      "Dovecot, mbsync or python3 is not installed (apt-get install dovecot-imapd isync python3)"))
  func flagsTravelToTheIMAPServerThroughMbsync() throws {
    let root = TemporaryFolder.path("ail-mail-imap")
    defer { TemporaryFolder.remove(root) }
    let server = try Dovecot.start(in: root)
    defer { server.stop() }
    try FileManager.default.createDirectory(atPath: root + "/mail", withIntermediateDirectories: true)
    let mbsync = try server.mbsyncConfiguration(maildirs: root + "/mail")
    func sync() throws {
      let result = try run("/usr/bin/mbsync", ["-c", mbsync, "-a"])
      #expect(result.status == 0, "mbsync: \(result.stderr)")
    }

    try sync()
    let inbox = root + "/mail/INBOX"
    let unread = try run("ail-mail", ["list", inbox, "--unread"])
    #expect(unread.status == 0, "\(unread.stderr)")
    let records = unread.records(kind: "mail")
    #expect(records.map { $0["subject"]?.stringValue } == ["Hello over IMAP"])
    let path = try #require(records.first?["source"]?.stringValue)
    #expect(path.contains("/new/"))

    let flagged = try run("ail-mail", ["flag", "--seen", "--flagged", path])
    #expect(flagged.status == 0, "\(flagged.stderr)")
    #expect(flagged.stdout.contains("/cur/") && flagged.stdout.hasSuffix(":2,FS\n"))
    #expect(try run("ail-mail", ["list", inbox, "--unread"]).records(kind: "mail").isEmpty)
    try sync()

    #expect(try server.flags() == ["<new@example.org>": "\\Flagged \\Seen", "<old@example.org>": "\\Seen"])
  }

  @Test(
    .enabled(
      if: ["/usr/bin/msmtp", "/usr/bin/python3"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) },
      "msmtp or python3 is not installed (apt-get install msmtp python3)"))
  func msmtpSendsWhatComposeWrote() throws {
    let root = TemporaryFolder.path("ail-mail-smtp")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(root) }
    let sink = try ScriptedSMTPServer.start(in: root + "/smtp", replies: [])
    defer { sink.stop() }
    try "a;b\n".write(toFile: root + "/Zahlen März.csv", atomically: true, encoding: .utf8)
    let script = """
      ail-mail compose --to 'Jürgen <jm@example.net>' --bcc hidden@example.org --subject 'Grüße' \
        "$1/text.txt" --attach "$1/Zahlen März.csv" |
      msmtp --host=127.0.0.1 --port=$2 --auth=off --tls=off --from=zoe@example.org -t
      """
    try "Hallo Jürgen!\n".write(toFile: root + "/text.txt", atomically: true, encoding: .utf8)
    let result = try run(
      "/bin/sh", ["-c", script, "sh", root, String(sink.port)],
      environment: ["PATH": binaries.path + ":/usr/bin:/bin", "EMAIL": "Zoë <zoe@example.org>"])
    #expect(result.status == 0, "\(result.stderr)")
    // msmtp ended after the server's answer, which the server gives once it has kept the message.
    try #require(sink.messages.count == 1, "the sink got no message")
    let session = sink.transcript
    #expect(session.contains("RCPT TO:<jm@example.net>"))
    #expect(session.contains("RCPT TO:<hidden@example.org>"))
    let data = sink.messages[0]
    #expect(!data.contains("hidden@example.org"), "msmtp -t takes the Bcc line out")
    let read = try AilMailInboxTests().readByPython(data.replacing("\r\n", with: "\n"))
    #expect(read["subject"] == "Grüße")
    #expect(read["text"] == "Hallo Jürgen!\n")
    #expect(read["attachments"]?.arrayValue?.first?["filename"] == "Zahlen März.csv")
  }
}

/// A port on 127.0.0.1 that was free a moment ago.
func freeLoopbackPort() throws -> Int {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
      bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
    }
  }
  guard bound else { throw CocoaError(.fileWriteUnknown) }
  return Int(UInt16(bigEndian: address.sin_port))
}

/// Runs `argv[1…]` with no signal blocked. A process started from a test inherits the mask of
/// the thread that started it, and the test runner's threads block SIGTERM: Dovecot's master
/// would never hear ``stopProcess(_:)``.
let unblockingSignals =
  "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"

/// SIGTERM, and SIGKILL when the process has not ended 10 seconds later, so that a test never
/// waits for a server forever.
func stopProcess(_ process: Process) {
  guard process.isRunning else { return }
  process.terminate()
  let deadline = Date().addingTimeInterval(10)
  while process.isRunning && Date() < deadline { usleep(20_000) }
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
}

/// Waits until something listens on 127.0.0.1:`port`, for at most `seconds`.
func waitForListener(_ port: Int, seconds: Double = 10) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    close(descriptor)
    if connected { return true }
    usleep(50_000)
  }
  return false
}

/// A Dovecot of the test's own: its configuration, state and mail under `root`, IMAP without
/// TLS on 127.0.0.1 only, one user `test` whose INBOX holds a seen and a new message.
struct Dovecot {
  let root: String
  let port: Int
  let process: Process
  static let password = "imap-test-password"

  static func start(in root: String) throws -> Dovecot {
    let maildir = root + "/home/test/Maildir"
    for sub in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: "\(maildir)/\(sub)", withIntermediateDirectories: true)
    }
    try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: true)
    try
      "From: Anna <anna@example.org>\nTo: test@example.org\nSubject: Hello over IMAP\nDate: Mon, 15 Jan 2024 14:30:00 +0100\nMessage-ID: <new@example.org>\n\nNew mail.\n"
      .write(toFile: maildir + "/new/1.server", atomically: true, encoding: .utf8)
    try
      "From: Bert <bert@example.org>\nSubject: Read long ago\nDate: Mon, 1 Jan 2024 10:00:00 +0100\nMessage-ID: <old@example.org>\n\nOld mail.\n"
      .write(toFile: maildir + "/cur/2.server:2,S", atomically: true, encoding: .utf8)
    try "test:{PLAIN}\(password)\n".write(toFile: root + "/passwd", atomically: true, encoding: .utf8)
    // Run as root (CI), Dovecot wants its own unprivileged users for login and for the mail, so
    // the mail belongs to `dovecot`; run as anyone else, everything runs as that user.
    let (user, uid, gid): (String, uid_t, gid_t)
    if getuid() == 0, let entry = getpwnam("dovecot") {
      (user, uid, gid) = ("dovecot", entry.pointee.pw_uid, entry.pointee.pw_gid)
      for path in [root + "/home"]
        + ((FileManager.default.subpaths(atPath: root + "/home") ?? []).map { root + "/home/" + $0 })
      {
        chown(path, uid, gid)
      }
    } else {
      (user, uid, gid) = (String(cString: getpwuid(getuid()).pointee.pw_name), getuid(), getgid())
    }
    let login = getuid() == 0 ? "dovenull" : user
    let port = try freeLoopbackPort()
    let configuration = """
      base_dir = \(root)/run
      state_dir = \(root)/state
      log_path = \(root)/dovecot.log
      protocols = imap
      listen = 127.0.0.1
      ssl = no
      disable_plaintext_auth = no
      auth_mechanisms = plain login
      first_valid_uid = 0
      default_internal_user = \(user)
      default_login_user = \(login)
      passdb {
        driver = passwd-file
        args = scheme=PLAIN username_format=%u \(root)/passwd
      }
      userdb {
        driver = static
        args = uid=\(uid) gid=\(gid) home=\(root)/home/%u
      }
      mail_location = maildir:~/Maildir
      service imap-login {
        inet_listener imap {
          address = 127.0.0.1
          port = \(port)
        }
        inet_listener imaps {
          port = 0
        }
        chroot =
      }
      service anvil {
        chroot =
      }

      """
    try configuration.write(toFile: root + "/dovecot.conf", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", unblockingSignals, "/usr/sbin/dovecot", "-F", "-c", root + "/dovecot.conf"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let server = Dovecot(root: root, port: port, process: process)
    guard waitForListener(port) else {
      server.stop()
      let log = (try? String(contentsOfFile: root + "/dovecot.log", encoding: .utf8)) ?? ""
      Issue.record("Dovecot did not start:\n\(log)")
      throw CocoaError(.fileReadUnknown)
    }
    return server
  }

  func stop() { stopProcess(process) }

  /// An mbsync configuration that syncs the INBOX both ways into `maildirs`.
  func mbsyncConfiguration(maildirs: String) throws -> String {
    let text = """
      IMAPAccount test
      Host 127.0.0.1
      Port \(port)
      User test
      Pass \(Self.password)
      SSLType None
      AuthMechs LOGIN

      IMAPStore remote
      Account test

      MaildirStore local
      Path \(maildirs)/
      Inbox \(maildirs)/INBOX
      SubFolders Verbatim

      Channel inbox
      Far :remote:
      Near :local:
      Patterns INBOX
      Create Near
      SyncState *
      Sync All

      """
    let path = root + "/mbsyncrc"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Each message's flags as the server reports them over IMAP, by Message-ID.
  func flags() throws -> [String: String] {
    let script = """
      import imaplib, json, re, sys
      m = imaplib.IMAP4("127.0.0.1", int(sys.argv[1]))
      m.login("test", sys.argv[2])
      m.select("INBOX", readonly=True)
      status, data = m.fetch("1:*", "(FLAGS BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])")
      result = {}
      for item in data:
          if isinstance(item, tuple):
              flags = re.search(rb"FLAGS \\(([^)]*)\\)", item[0]).group(1).decode()
              result[item[1].decode().split(":", 1)[1].strip()] = " ".join(sorted(flags.split()))
      m.logout()
      print(json.dumps(result))
      """
    let result = try run("/usr/bin/python3", ["-c", script, String(port), Self.password])
    #expect(result.status == 0, "\(result.stderr)")
    let value = try Array(result.stdout.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    var flags: [String: String] = [:]
    for (key, flag) in value.objectValue ?? [:] { flags[key] = flag.stringValue }
    return flags
  }
}
