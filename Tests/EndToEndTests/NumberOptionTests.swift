import Foundation
import Testing

/// A numeric option's range is in the help. Numbers outside it (`nan`, `inf`, `1e300`, negative
/// ones) are refused with the range in process (CommandTests).
@Suite struct NumberOptionTests {
  @Test func theRangeIsInTheHelp() throws {
    let help = try run("rk-fetch", ["--help"])
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("never this long without a byte. (0.001 to 86400; default: 30)"), "\(help.stdout)")
  }
}
