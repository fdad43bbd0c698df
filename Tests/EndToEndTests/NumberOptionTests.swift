import Foundation
import Testing

/// Numbers that are not numbers: `nan`, `inf` and `1e300` given to a numeric option are usage errors
/// (status 64) that state the range, never a trap (status 132) or a value silently taken.
@Suite struct NumberOptionTests {
  static let refused: [(tool: String, arguments: [String], range: String)] = [
    ("rk-fetch", ["--timeout", "nan"], "from 0.001 to 86400"),
    ("rk-fetch", ["--timeout", "inf"], "from 0.001 to 86400"),
    ("rk-fetch", ["--timeout", "1e300"], "from 0.001 to 86400"),
    ("rk-fetch", ["--retry-delay", "nan"], "from 0 to 3600"),
    ("rk-push", ["--timeout", "nan"], "from 0.001 to 86400"),
    ("rk-push", ["--timeout", "1e300"], "from 0.001 to 86400"),
    ("rk-push", ["--retry-delay", "inf"], "from 0 to 3600"),
    ("rk-extract-images", ["--timeout", "inf"], "from 0.001 to 86400"),
    ("rk-extract-images", ["--timeout", "1e300"], "from 0.001 to 86400"),
    ("rk-extract-images", ["--retry-delay", "nan"], "from 0 to 3600"),
    ("ail-transcribe", ["--silence-hold", "inf", "x.wav"], "from 0.01 to 3600"),
    ("ail-transcribe", ["--min-chunk", "nan", "x.wav"], "from 0 to 3600"),
    ("ail-transcribe", ["--max-chunk", "nan", "x.wav"], "from 0 to 86400"),
    ("ail-transcribe", ["--timeout", "1e300", "x.wav"], "from 0.001 to 86400"),
    ("ail-ai", ["--retry-delay", "nan"], "from 0 to 3600"),
    ("rk-cache", ["text", "x", "--width=-5"], "from 0 to 100000"),
    ("rk-prune", ["--older-than", "1e300d"], "up to 1000 years"),
    ("ail-log", ["list", "--limit=-1"], "from 0 to 1000000000"),
    ("rk-prune", ["--keep=-1"], "from 0 to 1000000000"),
  ]

  @Test(arguments: 0..<refused.count)
  func aNumberOutsideItsRangeIsAUsageErrorStatingTheRange(_ index: Int) throws {
    let (tool, arguments, range) = Self.refused[index]
    let result = try run(tool, arguments)
    #expect(result.status == 64, "\(tool) \(arguments): \(result.status) \(result.stderr)")
    let option = arguments.first { $0.hasPrefix("--") }?.split(separator: "=").first.map(String.init) ?? ""
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("\(tool): error: "), "\(first)")
    #expect(first.contains(option) && first.contains(range), "\(tool) \(arguments): \(first)")
    #expect(result.stdout.isEmpty)
  }

  @Test func theRangeIsInTheHelp() throws {
    let help = try run("rk-fetch", ["--help"])
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("never this long without a byte. (0.001 to 86400; default: 30)"), "\(help.stdout)")
  }
}
