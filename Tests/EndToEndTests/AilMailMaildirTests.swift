import Foundation
import TestSupport
import Testing
import Wire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ail-mail list` and `parse --maildir` on Maildirs holding what is not a message, and what a
/// listing's records claim about a message whose body they never read.
@Suite struct AilMailMaildirTests {
  func fixture(_ name: String) -> String { AilMailTests.fixtures.appendingPathComponent(name).path }

  /// The built tool, killed after 30 seconds: a run that once hung fails instead (status 137).
  func runBounded(_ arguments: [String], environment: [String: String] = [:]) throws -> ToolRun {
    try run(
      "/usr/bin/timeout", ["-s", "KILL", "30", binaries.appendingPathComponent("ail-mail").path] + arguments,
      environment: environment)
  }

  /// A Maildir of one message (with an HTML alternative and two attachments) in `cur/`.
  func makeMaildir() throws -> (root: String, inbox: String) {
    let root = TemporaryFolder.path("ail-mail-maildir")
    let inbox = root + "/INBOX"
    for sub in ["cur", "new", "tmp"] {
      try FileManager.default.createDirectory(atPath: "\(inbox)/\(sub)", withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(atPath: fixture("03-nested.eml"), toPath: inbox + "/cur/1.host:2,S")
    return (root, inbox)
  }

  @Test func aNamedPipeOrAFolderAmongTheMessagesIsSkippedWithAWarningInsteadOfHangingTheTool() throws {
    let (root, inbox) = try makeMaildir()
    defer { TemporaryFolder.remove(root) }
    #expect(mkfifo(inbox + "/new/2.host", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: inbox + "/cur/3.host:2,S", withIntermediateDirectories: true)

    for arguments in [["list", inbox], ["parse", "--maildir", inbox]] {
      let result = try runBounded(arguments, environment: ["LC_ALL": "C"])
      #expect(result.status == 0, "\(arguments[0]): \(result.status) \(result.stderr)")
      #expect(result.records(kind: "mail").map { $0["source"]?.stringValue } == [inbox + "/cur/1.host:2,S"])
      #expect(result.stderr.contains("warning: \(inbox)/new/2.host: not a regular file, skipped"), "\(result.stderr)")
      #expect(result.stderr.contains("warning: \(inbox)/cur/3.host:2,S: not a regular file, skipped"))
    }
    let german = try runBounded(["list", inbox], environment: ["LANG": "de_DE.UTF-8"])
    #expect(german.stderr.contains("\(inbox)/new/2.host: keine reguläre Datei, übersprungen"), "\(german.stderr)")
  }

  @Test func aListedRecordLeavesOutTheHTMLAndAttachmentsItCannotKnowAndParseTellsThem() throws {
    let (root, inbox) = try makeMaildir()
    defer { TemporaryFolder.remove(root) }
    let listed = try run("ail-mail", ["list", inbox])
    #expect(listed.status == 0, "\(listed.stderr)")
    let record = try #require(listed.records(kind: "mail").first)
    #expect(record["subject"] == "Nested multiparts")
    #expect(record["has_html"] == nil && record["attachments"] == nil && record["text"] == nil, "\(listed.stdout)")

    let parsed = try run("ail-mail", ["parse", "--maildir", inbox])
    let full = try #require(parsed.records(kind: "mail").first)
    #expect(full["has_html"] == true)
    #expect(
      full["attachments"]?.arrayValue?.compactMap { $0["mime"]?.stringValue } == ["image/png", "application/pdf"])
  }
}
