import Testing

@testable import ImageExtraction

/// A combining mark (U+0301) after a delimiter joins it into one `Character`; a browser reading
/// code points still sees the delimiter.
@Suite struct ImageExtractionScalarDelimiterTests {
  @Test func aCombiningMarkDoesNotLetAQuoteEndTheAttribute() {
    let value = "\"\u{301} onmouseover=x"
    #expect(!Edit.escape(value).unicodeScalars.contains("\""))
    #expect(!Edit.escape("'\u{301} onmouseover=x", quote: "'").unicodeScalars.contains("'"))
    let source = Array("<img alt=\"old\">".utf8)
    let edit = Edit.replacing(value: value, at: 10..<13, in: source)
    #expect(!edit.replacement.contains(UInt8(ascii: "\"")))
  }

  @Test func aCombiningMarkDoesNotJoinTwoLabels() {
    let ascii = Punycode.domainToASCII("evil.\u{301}example")
    #expect(ascii?.hasPrefix("evil.xn--") == true)
  }
}
