import Mail
import Testing

/// What `ail-mail show` writes for a person: a sender's control characters shown, never obeyed.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("\u{1B}]0;pwned\u{7}Hi", "\\e]0;pwned^GHi"),
    ("\u{1B}[2J\u{1B}[1;1HFake", "\\e[2J\\e[1;1HFake"),
    ("a\u{8}b\u{7F}c", "a^Hb^?c"),
    ("line\r\nnext\nthird\rover", "line^M^Jnext^Jthird^Mover"),
    ("C1 \u{9B}31m and \u{2028} separator", "C1 <U+009B>31m and <U+2028> separator"),
    ("tab\tstays, Grüße stay", "tab\tstays, Grüße stay"),
  ])
  func aLineShowsEveryControlCharacter(_ text: String, shown: String) {
    #expect(TerminalText.line(text) == shown)
  }

  @Test func textKeepsItsLineBreaksAndTabs() {
    #expect(TerminalText.text("one\n\ttwo\r\nthree\rover\u{1B}[31m\n") == "one\n\ttwo\r\nthree^Mover\\e[31m\n")
  }
}
