import Testing
import ToolKit

@Suite struct FormattingTests {
  @Test func failuresListTheFirstThreeReasons() {
    #expect(Formatting.failures(["a"]) == "1 failed (a)")
    #expect(Formatting.failures(["a", "b", "c"]) == "3 failed (a; b; c)")
    #expect(Formatting.failures(["a", "b", "c", "d"]) == "4 failed (a; b; c; …)")
    #expect(Formatting.failures(["a", "b"], shown: 1) == "2 failed (a; …)")
  }

  @Test func aTableRowIsOneLineWhateverBreaksItsCellsHold() {
    let table = Formatting.table([
      ["ID", "TITLE", "TAGS"],
      ["1", "Call Bob\nabout the boiler", "home"],
      ["2", "Windows\r\nline\rends\u{2028}and\n\n\nruns", "a"],
    ])
    #expect(
      table == """
        ID  TITLE                       TAGS
        1   Call Bob about the boiler   home
        2   Windows line ends and runs  a

        """, "\(table)")
  }
}
