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

  @Test func readsBytesNotCharacters() {
    // A combining mark after the `"` makes one `Character` of both; the byte is still there.
    #expect(find("\"", "a\"\u{301}b") == 1)
    #expect(find("\u{301}", "e\u{301}") == 1)
  }
}
