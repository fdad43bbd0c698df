import Foundation
import TestSupport
import Testing

/// An empty reply never goes out: `reply` refuses new text that is empty or only whitespace
/// (status 65, nothing on standard output) unless told `--allow-empty`.
@Suite struct AilMailEmptyReplyTests {
  let original = AilMailTests.fixtures.appendingPathComponent("03-nested.eml").path
  let sender = ["EMAIL": "Team <team@example.org>"]

  @Test(arguments: ["", "\n", " \t\n\n  \r\n"])
  func emptyOrWhitespaceTextWritesNoDraft(_ text: String) throws {
    let result = try run("ail-mail", ["reply", "--original", original], environment: sender, stdin: text)
    #expect(result.status == 65, "\(result.status) \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(
      result.stderr.contains("standard input: no text to reply with (empty or only whitespace)"), "\(result.stderr)")
  }

  @Test func anEmptyTextFileIsNamed() throws {
    let file = TemporaryFolder.path("empty-answer") + ".txt"
    defer { TemporaryFolder.remove(file) }
    try Data().write(to: URL(fileURLWithPath: file))
    let result = try run("ail-mail", ["reply", "--original", original, file], environment: sender)
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(file): no text to reply with"), "\(result.stderr)")
  }

  @Test func allowEmptyWritesTheDraft() throws {
    let result = try run(
      "ail-mail", ["reply", "--original", original, "--allow-empty"], environment: sender, stdin: " \n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("From: Team <team@example.org>\n"))
    #expect(result.stdout.contains("> anbei der Bericht"))
  }

  /// The README's pipeline with an ail-ai that cannot reach its server: no draft reaches msmtp.
  @Test func aFailedAilAIInThePipelineSendsNothing() throws {
    let script = """
      "$0/ail-mail" body "$1" | "$0/ail-ai" --base-url http://127.0.0.1:9/v1 --type openai --model m --retries 0 \
        | "$0/ail-mail" reply --original "$1" > "$2"; echo "reply=$?"
      """
    let draft = TemporaryFolder.path("draft") + ".eml"
    defer { TemporaryFolder.remove(draft) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, binaries.path, original, draft]
    process.environment = ProcessInfo.processInfo.environment.merging(sender) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(printed == "reply=65\n")
    #expect(FileManager.default.contents(atPath: draft)?.isEmpty == true)
  }
}
