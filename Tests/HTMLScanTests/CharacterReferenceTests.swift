import Testing

@testable import HTMLScan

@Suite struct CharacterReferenceTests {
  /// Text, the same in the data state and in attribute values.
  static let both: [(String, String)] = [
    ("&amp;", "&"),
    ("&#038;", "&"),
    ("&#38", "&"),
    ("&#38x", "&x"),
    ("&#x26;", "&"),
    ("&#X26;", "&"),
    ("&#x26", "&"),
    ("&#x80;", "€"),
    ("&#x9F;", "Ÿ"),
    ("&#150;", "–"),
    ("&#x81;", "\u{81}"),
    ("&#0;", "\u{FFFD}"),
    ("&#xD800;", "\u{FFFD}"),
    ("&#xDFFF;", "\u{FFFD}"),
    ("&#x110000;", "\u{FFFD}"),
    ("&#99999999999999999999999;", "\u{FFFD}"),
    ("&#x10FFFF;", "\u{10FFFF}"),
    ("&#x1F600;", "😀"),
    ("&#1;", "\u{01}"),
    ("&#x0D;", "\r"),
    ("&#;", "&#;"),
    ("&#", "&#"),
    ("&#x;", "&#x;"),
    ("&#xg;", "&#xg;"),
    ("&", "&"),
    ("& b", "& b"),
    ("&&amp;", "&&"),
    ("&xyz;", "&xyz;"),
    ("&Amp;", "&Amp;"),
    ("&AMP;", "&"),
    ("&notin;", "∉"),
    ("&nbsp;", "\u{A0}"),
    ("&lt;&gt;&quot;&apos;", "<>\"'"),
    ("&amp;amp;", "&amp;"),
    ("&AElig;", "Æ"),
    ("&NotNestedGreaterGreater;", "\u{2AA2}\u{338}"),
    ("&ngE;", "\u{2267}\u{338}"),
    ("&CounterClockwiseContourIntegral;", "∳"),
    ("&copy;=", "©="),
    ("&copy ", "© "),
    ("&copy-", "©-"),
    ("&copy", "©"),
    ("&amp", "&"),
    ("&lang;x", "⟨x"),
    ("&lang=en", "&lang=en"),
    ("a\r\nb\rc", "a\nb\nc"),
  ]

  @Test(arguments: both)
  func inAttributesAndText(input: String, expected: String) {
    #expect(HTMLEntities.decode(input[...], inAttribute: true) == expected)
    #expect(HTMLEntities.decode(input[...], inAttribute: false) == expected)
  }

  /// A named reference without `;` followed by `=` or an alphanumeric stays literal in an attribute
  /// value, and is decoded in text.
  static let differ: [(input: String, attribute: String, text: String)] = [
    ("&ampx=", "&ampx=", "&x="),
    ("&copy=", "&copy=", "©="),
    ("&copyX", "&copyX", "©X"),
    ("&copy1", "&copy1", "©1"),
    ("&notit;", "&notit;", "¬it;"),
    ("?a=1&copy=2&amp;b", "?a=1&copy=2&b", "?a=1©=2&b"),
    ("&AMPx", "&AMPx", "&x"),
  ]

  @Test(arguments: differ)
  func attributeRule(row: (input: String, attribute: String, text: String)) {
    #expect(HTMLEntities.decode(row.input[...], inAttribute: true) == row.attribute)
    #expect(HTMLEntities.decode(row.input[...], inAttribute: false) == row.text)
  }

  @Test func inAttributeValuesOfTags() {
    #expect(
      tokens("<a href=\"?a=1&copy=2&amp;b&ampx=y&amp\" title='&notin;&notit;' alt=&lt;x&gt>") == [
        .s("a", ["href", "?a=1&copy=2&b&ampx=y&", "title", "∉&notit;", "alt", "<x>"])
      ])
  }

  @Test func substringsAreDecodedOnTheirOwn() {
    let text = "x&amp;y&copy"
    let middle = text.dropFirst(1).dropLast(5)  // "&amp;y"
    #expect(HTMLEntities.decode(middle, inAttribute: false) == "&y")
    #expect(HTMLEntities.decode(text.dropFirst(7), inAttribute: true) == "©")
  }

  /// The table: 2,231 names, sorted, and each found by the longest-match search for itself.
  @Test func everyNameIsFound() {
    #expect(NamedEntities.count == 2231)
    #expect(NamedEntities.entries.count == 2231)
    var previous: [UInt8] = []
    var withoutSemicolon = 0
    for entry in NamedEntities.entries {
      let offset = Int(entry & 0xFFFF)
      let length = Int(entry >> 16 & 0x3F)
      let name = Array(UnsafeBufferPointer(start: NamedEntities.names.utf8Start + offset, count: length))
      #expect(previous.lexicographicallyPrecedes(name))
      previous = name
      if name.last != UInt8(ascii: ";") { withoutSemicolon += 1 }
      let match = name.withUnsafeBufferPointer { CharacterReferences.longestName($0, from: 0, end: $0.count) }
      #expect(match?.length == length)
      #expect(match?.first == UInt32(entry >> 22 & 0x1F_FFFF))
    }
    #expect(withoutSemicolon == 106)
    #expect(NamedEntities.names.utf8CodeUnitCount == Int(previous.count) + Int(NamedEntities.entries.last! & 0xFFFF))
  }
}
