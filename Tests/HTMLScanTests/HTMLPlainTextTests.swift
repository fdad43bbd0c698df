import HTMLScan
import Testing

@Suite struct HTMLPlainTextTests {
  private func words(_ html: String) -> String { HTMLPlainText.text(html, layout: .words) }

  @Test func wordsAreSeparatedByEveryTagAndCollapsed() {
    #expect(words("<p>a&amp;b</p><style>p{}</style><p>c&#233;&#x41;&nbsp;d</p>") == "a&b céA d")
    #expect(words("one<br>two & three &bogus; end") == "one two & three &bogus; end")
    #expect(words("  <b>bold</b>er \t\n text\u{A0}\u{A0}here  ") == "bold er text here")
  }

  @Test func scriptsAndStylesAreDroppedWithoutSeparatingWords() {
    #expect(words("a<script>if (x < y) { alert('<p>') }</script>b") == "ab")
    #expect(words("<svg><style>.c { }</style></svg>x") == "x")
  }

  @Test func commentsSeparateWordsAndKeepTheirText() {
    #expect(words("a<!-- x > y -->b<!DOCTYPE html>c") == "a b c")
  }

  @Test func linesKeepBlocksLinksAndImages() {
    let html = #"<h1>Hi</h1><p>See <a href="https://example.org">the page</a> <img alt="logo"></p><ul><li>x</li></ul>"#
    #expect(HTMLPlainText.text(html, layout: .lines) == "Hi\n\nSee the page <https://example.org> [logo]\n\n- x\n")
    #expect(HTMLPlainText.text("<head><title>T</title></head>", layout: .lines) == "")
  }
}
