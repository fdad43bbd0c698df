import CommandTestSupport
import Testing

/// A bad flag value, an unknown option or a failed validation is an error like any other:
/// `tool: error: …` on standard error, status 64, with ArgumentParser's usage lines after it.
@Suite(.inEnglish) struct UsageErrorTests {
  /// Every tool, each with an option given a value it cannot take.
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

  static func check(_ refusal: CommandLineCheck.Refusal, _ tool: String, _ arguments: [String]) {
    let lines = refusal.message.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(refusal.status == 64, "\(tool) \(arguments): \(refusal)")
    #expect(lines.first?.hasPrefix("\(tool): error: ") == true, "\(tool) \(arguments): \(refusal)")
    #expect(!lines.contains { $0.hasPrefix("Error:") }, "\(tool) \(arguments): \(refusal)")
    #expect(refusal.message.contains("Usage: "), "\(tool) \(arguments): the usage lines went: \(refusal)")
  }

  @Test(arguments: 0..<badValues.count)
  func aBadValueIsReportedAsToolError(_ index: Int) async {
    let (tool, arguments) = Self.badValues[index]
    Self.check(await Tools.refusal(tool, arguments), tool, arguments)
  }

  @Test(arguments: badValues.map(\.tool))
  func anUnknownOptionIsReportedAsToolError(_ tool: String) async {
    Self.check(await Tools.refusal(tool, ["--no-such-option"]), tool, ["--no-such-option"])
  }

  @Test func aFailedValidationIsReportedAsToolError() async {
    let refusal = await Tools.refusal("rk-prune", ["--max-size", "lots"])
    Self.check(refusal, "rk-prune", ["--max-size", "lots"])
    #expect(refusal.message.hasPrefix("rk-prune: error: --max-size is a size such as 500MB or 2GiB."), "\(refusal)")
  }

  /// A mistyped option of a command that takes free text, and the word ArgumentParser took for a
  /// second text or link because of it: the option is named, with its right spelling, and the
  /// command line is refused before anything is filed or queued.
  static let mistyped: [(tool: String, arguments: [String], message: String)] = [
    ("ail-log", ["add", "Call Bob", "--remnd", "tomorrow 9:00"], "Unknown option '--remnd'. Did you mean '--remind'?"),
    ("ail-log", ["add", "Call Bob", "--titel=Bob", "x"], "Unknown option '--titel'. Did you mean '--title'?"),
    (
      "rk-cache", ["add", "https://example.org/a", "--lable", "later"],
      "Unknown option '--lable'. Did you mean '--label'?"
    ),
  ]

  @Test(arguments: 0..<mistyped.count)
  func aMistypedOptionIsNamedNotTakenAsText(_ index: Int) async {
    let (tool, arguments, message) = Self.mistyped[index]
    let refusal = await Tools.refusal(tool, arguments)
    Self.check(refusal, tool, arguments)
    #expect(refusal.message.hasPrefix("\(tool): error: \(message)\nUsage: \(tool) add"), "\(refusal)")
  }
}
