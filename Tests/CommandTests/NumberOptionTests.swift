import CommandTestSupport
import Foundation
import Testing

/// Numbers that are not numbers: `nan`, `inf` and `1e300` given to a numeric option are usage errors
/// (status 64) that state the range, never a trap (status 132) or a value silently taken.
@Suite(.inEnglish) struct NumberOptionTests {
  static let server = ["--server", "http://127.0.0.1:9"]
  static let wav = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Audio/long16.wav").path

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
  func aNumberOutsideItsRangeIsAUsageErrorStatingTheRange(_ index: Int) async {
    let (tool, arguments, range) = Self.refused[index]
    let refusal = await Tools.refusal(tool, arguments)
    #expect(refusal.status == 64, "\(tool) \(arguments): \(refusal)")
    // The option given the number: the last one, the flags that take none aside.
    let option =
      arguments.last { $0.hasPrefix("--") && !["--server", "--download", "--segments-only"].contains($0) }?
      .split(separator: "=").first.map(String.init) ?? ""
    #expect(refusal.firstLine.hasPrefix("\(tool): error: "), "\(refusal)")
    #expect(refusal.firstLine.contains(option) && refusal.firstLine.contains(range), "\(tool) \(arguments): \(refusal)")
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
  func aNegativeNumberAfterItsOptionIsRefusedWithTheRange(_ index: Int) async {
    let (tool, arguments, range) = Self.negative[index]
    let refusal = await Tools.refusal(tool, arguments)
    #expect(refusal.status == 64, "\(tool) \(arguments): \(refusal)")
    let (option, value) = (arguments[arguments.count - 2], arguments[arguments.count - 1])
    #expect(
      refusal.firstLine.hasPrefix("\(tool): error: The value '\(value)' is invalid for '\(option) ")
        && refusal.firstLine.contains(range),
      "\(tool) \(arguments): \(refusal)")
  }
}
