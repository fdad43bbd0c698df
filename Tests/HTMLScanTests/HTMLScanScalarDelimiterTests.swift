import HTMLScan
import Testing

/// A Prepend character (U+0600) before a delimiter, or a combining mark (U+0301) after it, joins
/// it into one `Character`; a browser reading code points still sees the delimiter.
@Suite struct HTMLScanScalarDelimiterTests {
  private let isLocal: (String) -> Bool = { $0.unicodeScalars.first == "#" }

  @Test func aPrependCharacterDoesNotHideAnEscapedQuoteInImageSet() {
    // A browser reads the first string as `#؀"'#z` and fetches the second.
    let css = ##"image-set("#\##u{600}\"'#z" 0.1x, "https://evil.example/a.png" 1x)"##
    #expect(StyleReferences.refersOutside(css, isLocal: isLocal))
    #expect(StyleReferences.keepingLocal("background:" + css, isLocal: isLocal) == nil)
  }

  @Test func aPrependCharacterDoesNotHideAnEscapeInAFunctionName() {
    // In variables: Swift Testing's #expect re-spells a literal with both escapes wrongly.
    let escaped = "\u{600}\\75rl(x)"
    let outside = "background:\u{600}\\75rl(https://evil.example/a)"
    #expect(StyleReferences.decoded(escaped).unicodeScalars.elementsEqual("\u{600}url(x)".unicodeScalars))
    #expect(StyleReferences.refersOutside(outside, isLocal: isLocal))
  }

  @Test func aCombiningMarkDoesNotMakeAScriptOrFragmentLinkAReference() {
    let layout = HTMLPlainText.Layout.reading(width: 40, markdown: true)
    let script = HTMLPlainText.text("<p><a href=\"javascript:\u{301}alert(1)\">go</a></p>", layout: layout)
    #expect(!script.contains("javascript"))
    let fragment = HTMLPlainText.text("<p><a href=\"#\u{301}top\">go</a></p>", layout: layout)
    #expect(!fragment.unicodeScalars.contains("#"))
  }

  @Test func aCombiningMarkDoesNotLetMarkdownPunctuationThrough() {
    let layout = HTMLPlainText.Layout.reading(width: nil, markdown: true)
    let text = HTMLPlainText.text("<p>a &lt;\u{301}img src=x onerror=alert(1)&gt; b</p>", layout: layout)
    #expect(text.contains("\\<\u{301}img"))
    let table = HTMLPlainText.text("<table><tr><td>a|\u{301}b</td><td>c</td></tr></table>", layout: layout)
    #expect(table.contains("a\\|\u{301}b"))
  }
}
