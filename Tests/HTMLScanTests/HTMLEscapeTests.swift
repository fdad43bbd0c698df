import HTMLScan
import Testing

/// The one escaping every writer of HTML and XHTML uses, and the standard's void elements.
@Suite struct HTMLEscapeTests {
  @Test func textAndAttributesEscapeTheirDelimiters() {
    #expect(HTMLEscape.text("a < b & c > d \"e\" 'f'") == "a &lt; b &amp; c &gt; d \"e\" 'f'")
    #expect(HTMLEscape.attribute("a < b & c > d \"e\" 'f'") == "a &lt; b &amp; c &gt; d &quot;e&quot; 'f'")
    #expect(HTMLEscape.escaped("<'\"&>", .singleQuote) == "<&#39;\"&amp;>")
    #expect(HTMLEscape.escaped("<'\"&>", .doubleQuote) == "<'&quot;&amp;>")
  }

  /// A Prepend character (U+0600) before a delimiter, or a combining mark (U+0301) after it,
  /// joins it into one `Character`; a browser reading code points still sees the delimiter.
  @Test func delimitersAreLookedForAmongScalars() {
    #expect(HTMLEscape.text("\u{600}<b>") == "\u{600}&lt;b&gt;")
    #expect(HTMLEscape.text("<\u{301}script>") == "&lt;\u{301}script&gt;")
    #expect(HTMLEscape.attribute("a\"\u{301} onmouseover=x") == "a&quot;\u{301} onmouseover=x")
    #expect(HTMLEscape.escaped("a'\u{301} x", .singleQuote) == "a&#39;\u{301} x")
    #expect(HTMLEscape.text("&\u{301}amp;") == "&amp;\u{301}amp;")
  }

  /// U+00A0 only when asked, and not another character whose UTF-8 ends in the same byte.
  @Test func theNoBreakSpaceAsTheSerializerWritesIt() {
    #expect(HTMLEscape.escaped("a\u{A0}b\u{120}c", [.angleBrackets, .noBreakSpace]) == "a&nbsp;b\u{120}c")
    #expect(HTMLEscape.text("a\u{A0}b") == "a\u{A0}b")
    var out = "x"
    HTMLEscape.escape("\u{A0}<", [.angleBrackets, .noBreakSpace], into: &out)
    #expect(out == "x&nbsp;&lt;")
  }

  @Test func textWithoutDelimitersIsTheSame() {
    let text = "Ünïcode, no delimiter at all \u{301}\u{600}"
    #expect(HTMLEscape.attribute(text) == text)
    var out = "> "
    HTMLEscape.escape(text, .attribute, into: &out)
    #expect(out == "> " + text)
  }

  @Test func voidElementsAreTheStandards() {
    let void = [
      "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
      "meta", "param", "source", "track", "wbr",
    ]
    for name in void { #expect(HTMLElements.isVoid(name), "\(name)") }
    for name in ["p", "a", "template", "blockquote", "figcaption", "plaintext", "script", "svg", "", "br\u{0}", "bR"] {
      #expect(!HTMLElements.isVoid(name), "\(name)")
    }
  }
}
