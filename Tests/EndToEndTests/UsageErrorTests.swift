import Foundation
import TestSupport
import Testing
import Wire

/// A bad flag value, an unknown option or a failed validation is an error like any other:
/// `tool: error: …` on standard error, status 64, with ArgumentParser's usage lines after it.
@Suite struct UsageErrorTests {
  /// Every built tool, each with an option given a value it cannot take.
  static let badValues: [(tool: String, arguments: [String])] = [
    ("rk-fetch", ["--timeout", "abc"]),
    ("rk-extract-images", ["--concurrency", "many"]),
    ("rk-cache", ["list", "--limit", "x"]),
    ("rk-prune", ["--keep", "x"]),
    ("ail-ai", ["--concurrency", "x"]),
    ("ail-mail", ["parse", "--bogus"]),
    ("ail-transcribe", ["--format", "mp3"]),
    ("ail-log", ["list", "--limit", "x"]),
    ("llm-fake", ["--port", "x"]),
    ("readeck-fake", ["--count", "x"]),
  ]

  static func check(_ result: ToolRun, _ tool: String, _ arguments: [String]) {
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(result.status == 64, "\(tool) \(arguments): \(result.status) \(result.stderr)")
    #expect(lines.first?.hasPrefix("\(tool): error: ") == true, "\(tool) \(arguments): \(result.stderr)")
    #expect(!lines.contains { $0.hasPrefix("Error:") }, "\(tool) \(arguments): \(result.stderr)")
    #expect(result.stderr.contains("Usage: "), "\(tool) \(arguments): the usage lines went: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: 0..<badValues.count)
  func aBadValueIsReportedAsToolError(_ index: Int) throws {
    let (tool, arguments) = Self.badValues[index]
    Self.check(try run(tool, arguments), tool, arguments)
  }

  @Test(arguments: badValues.map(\.tool))
  func anUnknownOptionIsReportedAsToolError(_ tool: String) throws {
    Self.check(try run(tool, ["--no-such-option"]), tool, ["--no-such-option"])
  }

  @Test func aFailedValidationIsReportedAsToolError() throws {
    let result = try run("rk-prune", ["--max-size", "lots"])
    Self.check(result, "rk-prune", ["--max-size", "lots"])
    #expect(result.stderr.hasPrefix("rk-prune: error: --max-size is a size such as 500MB or 2GiB."), "\(result.stderr)")
  }

  /// A mistyped option of a command that takes free text, and the word ArgumentParser took for a
  /// second text or link because of it: the option is named, with its right spelling.
  static let mistyped: [(tool: String, arguments: [String], message: String)] = [
    ("ail-log", ["add", "Call Bob", "--remnd", "tomorrow 9:00"], "Unknown option '--remnd'. Did you mean '--remind'?"),
    ("ail-log", ["add", "Call Bob", "--titel=Bob", "x"], "Unknown option '--titel'. Did you mean '--title'?"),
    (
      "rk-cache", ["add", "https://example.org/a", "--lable", "later"],
      "Unknown option '--lable'. Did you mean '--label'?"
    ),
  ]

  @Test(arguments: 0..<mistyped.count)
  func aMistypedOptionIsNamedNotTakenAsText(_ index: Int) throws {
    let (tool, arguments, message) = Self.mistyped[index]
    let folder = TemporaryFolder.path("mistyped")
    defer { TemporaryFolder.remove(folder) }
    let stores = ["AIL_LOG_DB": folder + "/log.sqlite", "RK_DB": folder + "/cache.sqlite"]
    let result = try run(tool, arguments, environment: stores)
    Self.check(result, tool, arguments)
    #expect(result.stderr.hasPrefix("\(tool): error: \(message)\nUsage: \(tool) add"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/log.sqlite"), "nothing filed")
    #expect(!FileManager.default.fileExists(atPath: folder + "/cache.sqlite"), "nothing queued")
  }

  @Test func afterTheTerminatorAWordWithDashesIsText() throws {
    let folder = TemporaryFolder.path("terminator")
    defer { TemporaryFolder.remove(folder) }
    let added = try run("ail-log", ["add", "--db", folder + "/log.sqlite", "--", "--remnd is no option"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.records.first?["title"]?.stringValue == "--remnd is no option")
  }

  @Test func helpAndVersionStayAsTheyWere() throws {
    let help = try run("rk-prune", ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: rk-prune"))
    #expect(help.stderr.isEmpty)
    let version = try run("rk-cache", ["--version"])
    #expect(version.status == 0)
    #expect(!version.stdout.isEmpty)
  }
}
