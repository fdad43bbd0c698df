import Testing
import ToolKit

@Suite struct FormattingTests {
  @Test func failuresListTheFirstThreeReasons() {
    #expect(Formatting.failures(["a"]) == "1 failed (a)")
    #expect(Formatting.failures(["a", "b", "c"]) == "3 failed (a; b; c)")
    #expect(Formatting.failures(["a", "b", "c", "d"]) == "4 failed (a; b; c; …)")
    #expect(Formatting.failures(["a", "b"], shown: 1) == "2 failed (a; …)")
  }
}
