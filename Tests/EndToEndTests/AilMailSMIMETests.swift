import Foundation
import TestSupport
import Testing
import Wire

/// ail-mail's S/MIME with the openssl command as the independent judge, both ways: what
/// `compose`, `reply` and `forward --sign` write verifies with `openssl smime -verify`, and what
/// `openssl smime -sign` writes is judged by parse, list and show as openssl judges it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "openssl is not installed"))
struct AilMailSMIMETests {
  let folder: String
  let environment: [String: String]

  /// A CA, anna@example.org issued by it (kept as a PKCS#12 file with a password), a self-signed
  /// signer, all made now: no key here outlives the test.
  init() throws {
    folder = try TemporaryFolder.made("ail-mail-smime")
    environment = ["XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config", "TZ": "UTC"]
    try openssl(
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "30", "-subj",
      "/CN=Test CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign")
    try openssl(
      "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "anna.key", "-out", "anna.csr", "-subj",
      "/CN=Anna/emailAddress=anna@example.org")
    try write("subjectAltName=email:anna@example.org\nextendedKeyUsage=emailProtection\n", "anna.ext")
    try openssl(
      "x509", "-req", "-in", "anna.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-set_serial", "4242", "-out",
      "anna.crt", "-days", "30", "-extfile", "anna.ext")
    try write("correct horse\n", "password")
    try openssl(
      "pkcs12", "-export", "-in", "anna.crt", "-inkey", "anna.key", "-certfile", "ca.crt", "-out", "anna.p12",
      "-passout", "file:password")
    try openssl(
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "self.key", "-out", "self.crt", "-days", "30",
      "-subj", "/CN=Self/emailAddress=self@example.org")
  }

  func path(_ name: String) -> String { folder + "/" + name }

  func write(_ text: String, _ name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
  }

  @discardableResult
  func openssl(_ arguments: String...) throws -> ToolRun {
    try inFolder("/usr/bin/openssl", arguments)
  }

  /// openssl runs in the test's folder: its arguments name files there.
  func inFolder(_ tool: String, _ arguments: [String]) throws -> ToolRun {
    let ran = try FolderProcess.run(tool, arguments, in: folder)
    let result = ToolRun(
      status: ran.status, stdout: String(decoding: ran.output, as: UTF8.self), stderr: ran.errors, seconds: 0)
    #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
    return result
  }

  func importAnna() throws {
    let imported = try run(
      "ail-mail", ["cert", "import", path("anna.p12"), "--password-file", path("password")], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
  }

  /// `openssl smime -verify` with the test's CA alone; its status.
  func opensslVerifies(_ message: String) throws -> Int32 {
    try write(message, "check.eml")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = [
      "smime", "-verify", "-in", path("check.eml"), "-CAfile", path("ca.crt"), "-purpose", "any", "-out",
      path("verified"),
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func importKeepsTheIdentityPrivateAndListsIt() throws {
    try importAnna()
    let certs = folder + "/data/ailo/certs"
    let files = try FileManager.default.contentsOfDirectory(atPath: certs).sorted()
    #expect(files.count == 2 && files[0].hasSuffix(".key") && files[1].hasSuffix(".pem"))
    for file in files {
      let mode = try FileManager.default.attributesOfItem(atPath: certs + "/" + file)[.posixPermissions] as? Int
      #expect(mode == 0o600, "\(file)")
    }
    let listed = try run("ail-mail", ["cert", "list"], environment: environment)
    #expect(listed.status == 0)
    let record = try #require(listed.records(kind: "certificate").first)
    #expect(record["email"]?.stringValue == "anna@example.org")
    #expect(record["has_key"]?.boolValue == true)
    // The id is the fingerprint openssl computes, without its colons.
    let fingerprint = try openssl("x509", "-in", "anna.crt", "-noout", "-fingerprint", "-sha256").stdout
      .split(separator: "=").last.map { $0.replacingOccurrences(of: ":", with: "").lowercased() }
    #expect(record["id"]?.stringValue.map { $0 + "\n" } == fingerprint)

    let deleted = try run("ail-mail", ["cert", "delete", "anna@example.org"], environment: environment)
    #expect(deleted.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: certs).isEmpty)
  }

  @Test func aWrongPasswordKeepsNothing() throws {
    try write("wrong\n", "wrong")
    let result = try run(
      "ail-mail", ["cert", "import", path("anna.p12"), "--password-file", path("wrong")], environment: environment)
    #expect(result.status == 65)
    #expect(result.stderr.contains("wrong password"))
    #expect(result.stdout.isEmpty)
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/data/ailo/certs")) ?? []
    #expect(kept.isEmpty)
  }

  /// The review found the password file read by openssl, whose standard input was /dev/null:
  /// `--password-file /dev/stdin` then always read an empty password.
  @Test func thePasswordMayComeOnStandardInput() throws {
    let password = try String(contentsOfFile: path("password"), encoding: .utf8)
    let imported = try run(
      "ail-mail", ["cert", "import", path("anna.p12"), "--password-file", "/dev/stdin"], environment: environment,
      stdin: password)
    #expect(imported.status == 0, "\(imported.stderr)")
    let listed = try run("ail-mail", ["cert", "list"], environment: environment)
    #expect(listed.records(kind: "certificate").first?["has_key"]?.boolValue == true)
  }

  /// Signed, queued, sent by msmtp: what the SMTP server received still verifies.
  @Test(AilMailOutboxTests.needsMsmtp) func aSignedMessageSentThroughTheOutboxVerifiesAtTheServer() throws {
    try importAnna()
    try write("Grüße aus dem Postausgang,\nAnna\n", "note.txt")
    let composed = try run(
      "ail-mail",
      [
        "compose", "--from", "Anna <anna@example.org>", "--to", "ben@example.org", "--subject", "Unterwegs",
        "--sign", "--", path("note.txt"),
      ], environment: environment)
    #expect(composed.status == 0, "\(composed.stderr)")
    let server = try ScriptedSMTPServer.start(in: path("server"), replies: ["250"])
    defer { server.stop() }
    let outbox = ["--outbox", path("outbox"), "--sendmail", server.sendmail]
    let added = try run("ail-mail", ["outbox", "add"] + outbox, environment: environment, stdin: composed.stdout)
    #expect(added.status == 0, "\(added.stderr)")
    let sent = try run("ail-mail", ["outbox", "send"] + outbox, environment: environment)
    #expect(sent.status == 0, "\(sent.stderr)")
    let received = try #require(server.messages.first)
    #expect(server.messages.count == 1)
    #expect(try opensslVerifies(received) == 0, "\(received)")
  }

  @Test func aSignedComposeWithAttachmentAndUmlautsVerifiesWithOpenSSL() throws {
    try importAnna()
    try write("Schöne Grüße vom See,\nAnna\n", "note.txt")
    try Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: URL(fileURLWithPath: path("blob.bin")))
    let composed = try run(
      "ail-mail",
      [
        "compose", "--from", "Anna <anna@example.org>", "--to", "ben@example.org", "--subject", "Grüße", "--sign",
        "--attach", path("blob.bin"), "--", path("note.txt"),
      ], environment: environment)
    #expect(composed.status == 0, "\(composed.stderr)")
    #expect(composed.stdout.contains("multipart/signed; protocol=\"application/pkcs7-signature\"; micalg=sha-256"))
    #expect(try opensslVerifies(composed.stdout) == 0)
    // What openssl took as signed: the text and the attachment, with CRLF line breaks.
    let signed = try String(contentsOfFile: path("verified"), encoding: .utf8)
    #expect(signed.contains("Sch=C3=B6ne Gr=C3=BC=C3=9Fe vom See,\r\n"))
    #expect(signed.contains("blob.bin"))

    // The reader's side agrees, and shows no smime.p7s.
    try write(composed.stdout, "signed.eml")
    let parsed = try run(
      "ail-mail", ["parse", "--ca", path("ca.crt"), path("signed.eml")], environment: environment)
    let record = try #require(parsed.records(kind: "mail").first)
    #expect(record["signature"]?["status"]?.stringValue == "valid")
    #expect(record["signature"]?["matches_from"]?.boolValue == true)
    #expect(record["text"]?.stringValue == "Schöne Grüße vom See,\nAnna\n")
    #expect(record["attachments"]?.arrayValue?.compactMap { $0["filename"]?.stringValue } == ["blob.bin"])

    // A changed signed message no longer verifies, for openssl as for ail-mail.
    let changed = composed.stdout.replacingOccurrences(of: "Anna\n", with: "Anne\n")
    #expect(changed != composed.stdout)
    #expect(try opensslVerifies(changed) != 0)
  }

  @Test func replyAndForwardSignToo() throws {
    try importAnna()
    try write("From: ben@example.org\nTo: anna@example.org\nSubject: Plan\nMessage-ID: <p@x>\n\nNine?\n", "orig.eml")
    for arguments in [
      ["reply", "--original", path("orig.eml")], ["forward", "--original", path("orig.eml"), "--to", "c@example.org"],
    ] {
      let result = try run(
        "ail-mail", arguments + ["--from", "anna@example.org", "--sign"], environment: environment,
        stdin: "Gern, um neun.\n")
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try opensslVerifies(result.stdout) == 0, "\(arguments[0])")
    }
  }

  @Test func signingWithoutAnIdentityWritesNothing() throws {
    let result = try run(
      "ail-mail", ["compose", "--from", "anna@example.org", "--to", "ben@example.org", "--subject", "x", "--sign"],
      environment: environment, stdin: "Hello\n")
    #expect(result.status == 78)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("anna@example.org: no identity to sign with"))
  }

  /// openssl signs a text part as `signer`; `-nodetach` for an opaque signature.
  func opensslSigned(_ signer: String, opaque: Bool = false) throws -> String {
    try write("Content-Type: text/plain; charset=utf-8\n\nHello Ben,\nsee you at nine.\n", "in.txt")
    let arguments =
      [
        "smime", "-sign", "-in", "in.txt", "-signer", "\(signer).crt", "-inkey", "\(signer).key", "-from",
        "\(signer)@example.org", "-to", "ben@example.org", "-subject", "Hello", "-md", "sha256", "-out", "out.eml",
      ] + (opaque ? ["-nodetach"] : [])
    _ = try inFolder("/usr/bin/openssl", arguments)
    return try String(contentsOfFile: path("out.eml"), encoding: .utf8)
  }

  /// parse's signature status and text for `message`.
  func parsed(_ message: String) throws -> (status: String?, text: String?) {
    try write(message, "judged.eml")
    let result = try run(
      "ail-mail", ["parse", "--ca", path("ca.crt"), path("judged.eml")], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let record = result.records(kind: "mail").first
    return (record?["signature"]?["status"]?.stringValue, record?["text"]?.stringValue)
  }

  @Test func openSSLSignaturesAreJudgedAsOpenSSLJudgesThem() throws {
    let detached = try opensslSigned("anna")
    #expect(try parsed(detached) == ("valid", "Hello Ben,\nsee you at nine.\n"))
    #expect(try parsed(try opensslSigned("anna", opaque: true)) == ("valid", "Hello Ben,\nsee you at nine.\n"))
    #expect(try parsed(try opensslSigned("self")).status == "untrusted")
    let changed = detached.replacingOccurrences(of: "at nine", with: "at ten")
    #expect(try opensslVerifies(changed) != 0)
    #expect(try parsed(changed) == ("invalid", "Hello Ben,\nsee you at ten.\n"))
  }

  @Test func aCorruptSignatureIsInvalid() throws {
    var message = try opensslSigned("anna")
    let start = try #require(message.range(of: "filename=\"smime.p7s\"\n\n")).upperBound
    let damaged = message.index(start, offsetBy: 300)
    message.replaceSubrange(damaged..<message.index(damaged, offsetBy: 12), with: "ABCDEFGHIJKL")
    #expect(try parsed(message).status == "invalid")
  }

  @Test func listAndShowNameTheSignature() throws {
    let maildir = folder + "/Mail"
    for sub in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: maildir + "/" + sub, withIntermediateDirectories: true)
    }
    try Data(try opensslSigned("anna").utf8).write(to: URL(fileURLWithPath: maildir + "/cur/1.host:2,S"))
    try Data(try opensslSigned("self").utf8).write(to: URL(fileURLWithPath: maildir + "/cur/2.host:2,S"))
    let listed = try run("ail-mail", ["list", "--ca", path("ca.crt"), maildir], environment: environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    let statuses = listed.records(kind: "mail").map { $0["signature"]?["status"]?.stringValue ?? "-" }.sorted()
    #expect(statuses == ["untrusted", "valid"])

    let shown = try run(
      "ail-mail", ["show", "--ca", path("ca.crt"), maildir + "/cur/1.host:2,S"], environment: environment)
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("Signature: valid, signed by anna@example.org\n"))
    #expect(shown.stdout.contains("Hello Ben,\nsee you at nine.\n"))
    #expect(!shown.stdout.contains("smime.p7s"))
  }
}

extension DocumentedExamples {
  /// A CA (company-ca.pem) and an identity for me@example.org (the sandbox's EMAIL) in
  /// anna.p12 with its password file, made with openssl once per test run, so that the English and
  /// the German run of an example keep the same certificate (its id is its fingerprint).
  static let smimeFolder: String = {
    let folder = NSTemporaryDirectory() + "smime-examples-\(getpid())"
    let script = """
      set -e
      mkdir -p '\(folder)' && cd '\(folder)'
      openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out company-ca.pem -days 30 -subj /CN=CA \\
        -addext basicConstraints=critical,CA:TRUE 2>/dev/null
      openssl req -newkey rsa:2048 -nodes -keyout me.key -out me.csr -subj /CN=Me 2>/dev/null
      printf 'subjectAltName=email:me@example.org\\n' > me.ext
      openssl x509 -req -in me.csr -CA company-ca.pem -CAkey ca.key -set_serial 7 -days 30 -extfile me.ext \\
        -out me.crt 2>/dev/null
      printf 'secret\\n' > p12-password
      openssl pkcs12 -export -in me.crt -inkey me.key -out anna.p12 -passout file:p12-password
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    if (try? process.run()) != nil { process.waitUntilExit() }
    return folder
  }()

  static var identityFiles: String {
    "cp '\(smimeFolder)/company-ca.pem' '\(smimeFolder)/anna.p12' . && cp '\(smimeFolder)/p12-password' ~/.p12-password"
  }

  /// The identity imported, and a message signed with it in signed.eml.
  static var importedIdentity: String {
    identityFiles + "\nail-mail cert import anna.p12 --password-file ~/.p12-password > /dev/null"
  }
  static var signedMessage: String {
    importedIdentity + "\nail-mail compose --to anna@example.org --subject Signed --sign < note.txt > signed.eml"
  }

  static let smime: [String: DocumentedExample] = [
    "ail-mail cert import anna.p12 --password-file ~/.p12-password": .runs(before: identityFiles) { run in
      run.expect(run.records(kind: "certificate").first?["email"] == "me@example.org", "the identity kept")
      run.expect(run.records(kind: "certificate").first?["has_key"] == true, "with its key")
    },
    "pass show mail/p12 | ail-mail cert import anna.p12 --password-file /dev/stdin": .notRun(
      "needs the pass password manager and its store; the import itself runs in the example before"),
    "ail-mail cert list --format table": .runs(before: importedIdentity) { run in
      run.expect(run.stdout.contains("me@example.org"), "the kept certificate listed")
    },
    "ail-mail cert list | jq -r 'select(.has_key) | .email'": .runs(before: importedIdentity) { run in
      run.expect(run.stdout == "me@example.org\n", "the address it signs for")
    },
    "ail-mail cert delete anna@example.org": .runs(before: importedIdentity, status: 66) { run in
      run.expect(run.stdout.isEmpty, "no certificate of anna@ kept here, so none removed")
    },
    "ail-mail cert delete 3f2a9c01": .runs(before: importedIdentity, status: 66) { run in
      run.expect(run.shell("ls ~/.local/share/ailo/certs | wc -l") == "2\n", "nothing removed: the ID names none")
    },
    "ail-mail compose --to anna@example.org --subject Contract --sign --attach contract.pdf -- note.txt | msmtp -t":
      .runs(before: importedIdentity + "\nprintf '%%PDF-1.4\\n' > contract.pdf") { run in
        let sent = run.file("msmtp.log") ?? ""
        run.expect(sent.contains("multipart/signed") && sent.contains("smime.p7s"), "sent signed")
        run.expect(sent.contains("filename=\"contract.pdf\""), "with the contract")
      },
    "ail-mail compose --to ben@example.org --subject Contract --sign --attach contract.pdf -- note.txt | msmtp -t":
      .runs(before: importedIdentity + "\nprintf '%%PDF-1.4\\n' > contract.pdf") { run in
        run.expect(run.file("msmtp.log")?.contains("micalg=sha-256") == true, "sent signed")
      },
    "ail-mail list ~/Mail/INBOX --format table": .runs { run in
      run.expect(run.lines.first?.hasPrefix("DATE") == true, "a table under its heading")
    },
    "ail-mail show --ca company-ca.pem signed.eml": .runs(before: signedMessage) { run in
      run.expect(run.stdout.contains("Signature: valid, signed by me@example.org"), "the signature named")
    },
    "ail-mail show --ca company-ca.pem m.eml": .runs(before: identityFiles) { run in
      run.expect(!run.stdout.contains("Signature:"), "an unsigned message has no signature line")
    },
    "ail-mail parse --maildir ~/Mail/INBOX | jq -r 'select(.signature.status == \"invalid\") | .source'": .runs(
      before: signedMessage + "\nsed 's/^teh note/the note/' signed.eml > ~/Mail/INBOX/cur/9.host:2,S"
    ) { run in
      run.expect(run.stdout.hasSuffix("/Mail/INBOX/cur/9.host:2,S\n"), "the changed message found")
    },
  ]
}
