import Foundation
import TestSupport
import Testing

/// Numbers that are not numbers: `nan`, `inf` and `1e300` given to a numeric option are usage errors
/// (status 64) that state the range, never a trap (status 132) or a value silently taken.
@Suite struct NumberOptionTests {
  /// A server and a token, so that on the old code the tools got as far as their traps (132).
  static let server = ["--server", "http://127.0.0.1:9"]
  static let wav = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Audio/long16.wav").path
  static let article =
    #"{"kind":"article","id":"a","bookmark":{},"html":"<img src=\"http://127.0.0.1:9/x.png\">","fetched_at":"2026-11-22T00:00:00Z"}"#

  static let refused: [(tool: String, arguments: [String], range: String)] = [
    ("rk-fetch", server + ["--timeout", "nan"], "from 0.001 to 86400"),
    ("rk-fetch", server + ["--timeout", "inf"], "from 0.001 to 86400"),
    ("rk-fetch", server + ["--timeout", "1e300"], "from 0.001 to 86400"),
    ("rk-fetch", server + ["--retry-delay", "nan"], "from 0 to 3600"),
    ("rk-push", server + ["--timeout", "nan"], "from 0.001 to 86400"),
    ("rk-push", server + ["--timeout", "1e300"], "from 0.001 to 86400"),
    ("rk-push", server + ["--retry-delay", "inf"], "from 0 to 3600"),
    ("rk-extract-images", ["--download", "--timeout", "inf"], "from 0.001 to 86400"),
    ("rk-extract-images", ["--download", "--timeout", "1e300"], "from 0.001 to 86400"),
    ("rk-extract-images", ["--download", "--retry-delay", "nan"], "from 0 to 3600"),
    ("ail-transcribe", ["--segments-only", "--silence-hold", "inf", wav], "from 0.01 to 3600"),
    ("ail-transcribe", ["--segments-only", "--min-chunk", "nan", wav], "from 0 to 3600"),
    ("ail-transcribe", ["--segments-only", "--max-chunk", "nan", wav], "from 0 to 86400"),
    ("ail-transcribe", ["--timeout", "1e300", wav], "from 0.001 to 86400"),
    ("ail-ai", ["--retry-delay", "nan"], "from 0 to 3600"),
    ("rk-cache", ["text", "x", "--width=-5"], "from 0 to 100000"),
    ("rk-prune", ["--older-than", "1e300d"], "up to 1000 years"),
    ("ail-log", ["list", "--limit=-1"], "from 0 to 1000000000"),
    ("rk-prune", ["--keep=-1"], "from 0 to 1000000000"),
  ]

  @Test(arguments: 0..<refused.count)
  func aNumberOutsideItsRangeIsAUsageErrorStatingTheRange(_ index: Int) throws {
    let (tool, arguments, range) = Self.refused[index]
    let place = TemporaryFolder.path("numbers")
    defer { TemporaryFolder.remove(place) }
    let result = try run(
      tool, arguments, environment: ["READECK_TOKEN": "x", "RK_DB": place + "/cache.sqlite"],
      stdin: Self.article + "\n")
    #expect(result.status == 64, "\(tool) \(arguments): \(result.status) \(result.stderr)")
    // The option given the number: the last one, the flags that take none aside.
    let option =
      arguments.last { $0.hasPrefix("--") && !["--server", "--download", "--segments-only"].contains($0) }?
      .split(separator: "=").first.map(String.init) ?? ""
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("\(tool): error: "), "\(first)")
    #expect(first.contains(option) && first.contains(range), "\(tool) \(arguments): \(first)")
    #expect(result.stdout.isEmpty)
  }

  /// `-5` after its option, which ArgumentParser took for an option ("Missing value for '--width'").
  static let negative: [(tool: String, arguments: [String], range: String)] = [
    ("rk-cache", ["text", "x", "--width", "-5"], "from 0 to 100000"),
    ("ail-log", ["list", "--limit", "-1"], "from 0 to 1000000000"),
    ("rk-prune", ["--keep", "-1"], "from 0 to 1000000000"),
    ("rk-fetch", server + ["--timeout", "-0.5"], "from 0.001 to 86400"),
    ("ail-ai", ["--retry-delay", "-.5"], "from 0 to 3600"),
  ]

  @Test(arguments: 0..<negative.count)
  func aNegativeNumberAfterItsOptionIsRefusedWithTheRange(_ index: Int) throws {
    let (tool, arguments, range) = Self.negative[index]
    let place = TemporaryFolder.path("negative")
    defer { TemporaryFolder.remove(place) }
    let result = try run(
      tool, arguments, environment: ["READECK_TOKEN": "x", "RK_DB": place + "/cache.sqlite"], stdin: Self.article + "\n"
    )
    #expect(result.status == 64, "\(tool) \(arguments): \(result.status) \(result.stderr)")
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    let (option, value) = (arguments[arguments.count - 2], arguments[arguments.count - 1])
    #expect(
      first.hasPrefix("\(tool): error: The value '\(value)' is invalid for '\(option) ") && first.contains(range),
      "\(tool) \(arguments): \(first)")
    #expect(result.stdout.isEmpty)
  }

  @Test func theRangeIsInTheHelp() throws {
    let help = try run("rk-fetch", ["--help"])
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("never this long without a byte. (0.001 to 86400; default: 30)"), "\(help.stdout)")
  }
}
