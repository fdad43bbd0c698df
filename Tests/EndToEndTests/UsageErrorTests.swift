import Foundation
import Testing

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
