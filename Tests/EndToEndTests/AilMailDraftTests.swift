import Foundation
import TestSupport
import Testing
import Wire

/// The built ail-mail writing drafts and showing mail: what reaches `msmtp -t` and a terminal.
@Suite struct AilMailDraftTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("MailTests/Fixtures")

  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]

  func folder() throws -> String {
    let folder = TemporaryFolder.path("ail-mail-drafts")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  func write(_ bytes: [UInt8], _ name: String, in folder: String) throws -> String {
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `ail-mail ARGUMENTS > out` through a shell, the output's bytes as they are (`run` decodes
  /// them as UTF-8, which would hide exactly what is tested).
  func runToFile(_ arguments: [String], in folder: String) throws -> (run: ToolRun, bytes: [UInt8]) {
    let tool = binaries.appendingPathComponent("ail-mail").path
    let quoted = ([tool] + arguments).map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
    let result = try run("/bin/sh", ["-c", quoted + " > '\(folder)/out.eml' < /dev/null"])
    return (result, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.eml"))))
  }

  @Test func attachTakesEveryFileUpToTheNextOptionAndTheTextComesFromStandardInput() throws {
    let folder = try folder()
    defer { TemporaryFolder.remove(folder) }
    let minutes = try write(Array("# Minutes\n".utf8), "a.md", in: folder)
    let image = try write(Self.png, "b.png", in: folder)
    let result = try run(
      "ail-mail", ["compose", "--to", "anna@example.org", "--subject", "Minutes", "--attach", minutes, image],
      stdin: "Here are the minutes.\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("filename=\"a.md\"") && result.stdout.contains("filename=\"b.png\""))
    #expect(result.stdout.contains("Content-Type: image/png"))
    #expect(result.stdout.contains("\n\nHere are the minutes.\n"), "the text piped in is the body")
  }

  @Test func aBinaryFileIsNeverTakenForTheText() throws {
    let folder = try folder()
    defer { TemporaryFolder.remove(folder) }
    let image = try write(Self.png, "b.png", in: folder)
    let latin1 = try write(Array("Gr".utf8) + [0xFC, 0xDF, 0x65, 0x0A], "latin1.txt", in: folder)
    let composed = try run("ail-mail", ["compose", "--to", "anna@example.org", "--subject", "S", image])
    #expect(composed.status == 65)
    #expect(composed.stdout.isEmpty)
    #expect(composed.stderr.contains("b.png: binary data (a NUL byte at offset 8), not text"))
    #expect(composed.stderr.contains("--attach"))
    let original = Self.fixtures.appendingPathComponent("03-nested.eml").path
    let replied = try run(
      "ail-mail", ["reply", "--original", original, latin1], environment: ["EMAIL": "me@example.org"])
    #expect(replied.status == 65)
    #expect(replied.stdout.isEmpty)
    #expect(replied.stderr.contains("latin1.txt: not UTF-8 text"))
    let forwarded = try run(
      "ail-mail", ["forward", "--original", original, "--to", "b@example.org", "-"], stdinBytes: Data(Self.png))
    #expect(forwarded.status == 65)
    #expect(forwarded.stderr.contains("standard input: binary data"))
  }

  @Test func forwardAsAttachmentEnclosesALatin1OriginalByteForByte() throws {
    let folder = try folder()
    defer { TemporaryFolder.remove(folder) }
    let bytes =
      Array("From: anna@example.org\nSubject: Gruss\nContent-Type: text/plain; charset=iso-8859-1\n".utf8)
      + Array("Content-Transfer-Encoding: 8bit\n\nGr".utf8) + [0xFC, 0xDF, 0x65, 0x0A]
    let original = try write(bytes, "latin1.eml", in: folder)
    let text = try write(Array("See below.\n".utf8), "note.txt", in: folder)
    let (result, written) = try runToFile(
      [
        "forward", "--original", original, "--to", "b@example.org", "--from", "me@example.org", "--as-attachment", text,
      ],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(written.firstRange(of: Array("Content-Transfer-Encoding: 8bit\n\n".utf8) + bytes) != nil)
  }

  @Test func aBareCRInTheOriginalsReplyToIsLeftOutWithAWarning() throws {
    let folder = try folder()
    defer { TemporaryFolder.remove(folder) }
    let original = try write(
      Array(
        "From: Anna <anna@example.org>\nReply-To: <anna@example.org\rBcc: hidden@evil.example>\nSubject: Hi\n\nHello\n"
          .utf8), "cr.eml", in: folder)
    let replied = try run(
      "ail-mail", ["reply", "--original", original, "--from", "me@example.org"], stdin: "Thanks\n")
    #expect(replied.status == 0)
    let header = replied.stdout.components(separatedBy: "\n\n").first ?? ""
    #expect(!replied.stdout.utf8.contains(0x0D), "no CR anywhere in the draft")
    #expect(replied.stdout.contains("\nTo: Anna <anna@example.org>\n"))
    #expect(!header.contains("hidden@evil.example"))
    #expect(
      replied.stderr.contains(
        "cr.eml: not an address, left out of the draft: <anna@example.org^MBcc: hidden@evil.example>"))
  }

  /// --from is resolved with the config's and EMAIL's sender when the run starts, so its check is
  /// made there (--subject and --to are checked in process, CommandTests).
  @Test func aSenderOnTheCommandLineIsOneAddress() throws {
    let from = try run(
      "ail-mail",
      ["compose", "--to", "anna@example.org", "--subject", "Hi", "--from", "me@example.org\rBcc: x@y.example"],
      stdin: "x\n")
    #expect(from.status == 64)
  }

  @Test func showWritesControlCharactersAsTextNotAsEscapes() throws {
    let message = """
      From: Anna <anna@example.org>
      Subject: =?utf-8?q?=1B]0;owned=07Invoice=1B[2J?=
      MIME-Version: 1.0
      Content-Type: multipart/mixed; boundary="b"

      --b
      Content-Type: text/plain; charset=utf-8

      Line one\u{1B}[1A\tand a tab
      --b
      Content-Type: application/pdf
      Content-Disposition: attachment; filename*=utf-8''evil%1B%5B31m.pdf

      %PDF
      --b--

      """
    let result = try run("ail-mail", ["show", "-"], stdin: message)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"), "no ESC reaches the terminal")
    #expect(result.stdout.contains("Subject: \\e]0;owned^GInvoice\\e[2J\n"))
    #expect(result.stdout.contains("Line one\\e[1A\tand a tab\n"))
    #expect(result.stdout.contains(", evil\\e[31m.pdf\n"))
  }
}
