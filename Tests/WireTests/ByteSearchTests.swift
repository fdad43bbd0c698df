import Testing
import Wire

@Suite struct ByteSearchTests {
  private func find(_ needle: String, _ haystack: String, from start: Int = 0) -> Int? {
    ByteSearch.firstIndex(of: Array(needle.utf8), in: Array(haystack.utf8), from: start)
  }

  @Test func findsTheFirstOccurrenceAtOrAfterTheStart() {
    #expect(find("data:", "<img src=\"data:x\"><img src=\"data:y\">") == 10)
    #expect(find("data:", "<img src=\"data:x\"><img src=\"data:y\">", from: 11) == 28)
    #expect(find("aab", "aaab") == 1)
    #expect(find("ab", "ab", from: -3) == 0)
    #expect(find("--b", "x--b") == 1)
  }

  @Test func findsNothingWhereNothingCanBe() {
    #expect(find("abc", "ab") == nil)
    #expect(find("abc", "abd abx") == nil)
    #expect(find("ab", "abab", from: 3) == nil)
    #expect(find("ab", "abab", from: 9) == nil)
    #expect(find("", "abc") == nil)
    #expect(find("a", "") == nil)
  }

  /// Against the plainest search, on every start of small texts of two letters, where
  /// candidates and near misses are everywhere.
  @Test func agreesWithAPlainSearch() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let haystack = (0..<Int(generator.next(upperBound: 24 as UInt))).map { _ in generator.next(upperBound: 2 as UInt8)
      }
      let needle = (0..<Int(1 + generator.next(upperBound: 4 as UInt))).map { _ in
        generator.next(upperBound: 2 as UInt8)
      }
      for start in -1...(haystack.count + 1) {
        let plain = (max(0, start)..<max(max(0, start), haystack.count - needle.count + 1)).first {
          Array(haystack[$0..<$0 + needle.count]) == needle
        }
        #expect(
          ByteSearch.firstIndex(of: needle, in: haystack, from: start) == plain,
          "\(needle) in \(haystack) from \(start)")
      }
    }
  }

  @Test func readsBytesNotCharacters() {
    // A combining mark after the `"` makes one `Character` of both; the byte is still there.
    #expect(find("\"", "a\"\u{301}b") == 1)
    #expect(find("\u{301}", "e\u{301}") == 1)
  }
}
