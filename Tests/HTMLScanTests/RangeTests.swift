import Testing

@testable import HTMLScan

/// Byte ranges slice the source exactly, so that a value can be replaced and every other byte kept.
@Suite struct RangeTests {
  private func source(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private func firstStartTag(_ html: String, named name: String) -> HTMLStartTag? {
    for token in allTokens(html, text: true) {
      if case .startTag(let tag) = token, tag.name == name { return tag }
    }
    return nil
  }

  @Test func valueRangesSliceTheRawValue() throws {
    let html = "<p title=\"é—ü\">😀 <img src=\"ü.png\" alt='a &amp; b' data-x=ß&lt; id=\"\" ismap loading = lazy>"
    let bytes = Array(html.utf8)
    let img = try #require(firstStartTag(html, named: "img"))
    let raw = img.attributes.map { attribute in attribute.valueRange.map { source(bytes, $0) } }
    #expect(raw == ["ü.png", "a &amp; b", "ß&lt;", "", nil, "lazy"])
    #expect(img.attributes.map(\.value) == ["ü.png", "a & b", "ß<", "", "", "lazy"])
    #expect(source(bytes, img.range).hasPrefix("<img src"))
    #expect(source(bytes, img.range).hasSuffix("= lazy>"))
    #expect(bytes[img.range.upperBound - 1] == UInt8(ascii: ">"))
    let p = try #require(firstStartTag(html, named: "p"))
    #expect(p.range == 0..<p.range.upperBound)
    #expect(source(bytes, try #require(p.attributes.first?.valueRange)) == "é—ü")
  }

  @Test func emptyUnwrittenValueSitsBeforeTheGreaterThanSign() throws {
    let html = "<a b= >"
    let a = try #require(firstStartTag(html, named: "a"))
    #expect(a.attributes.first?.valueRange == 6..<6)
  }

  @Test func tagRanges() {
    let html = "ü<a href=x>t</a >"
    let bytes = Array(html.utf8)
    let ranges: [Range<Int>] = allTokens(html, text: false).map { token in
      switch token {
      case .startTag(let tag): tag.range
      case .endTag(_, let range): range
      default: 0..<0
      }
    }
    #expect(ranges.map { source(bytes, $0) } == ["<a href=x>", "</a >"])
  }

  @Test func splicingAValueKeepsEveryOtherByte() throws {
    let html = "<div>ö</div><img alt=x src='a.png?x=1&amp;y=2' title=\"t\">"
    var bytes = Array(html.utf8)
    let img = try #require(firstStartTag(html, named: "img"))
    let src = try #require(img.attribute("src"))
    #expect(src.value == "a.png?x=1&y=2")
    bytes.replaceSubrange(try #require(src.valueRange), with: Array("b.png".utf8))
    #expect(String(decoding: bytes, as: UTF8.self) == "<div>ö</div><img alt=x src='b.png' title=\"t\">")
  }

  @Test func duplicateAttributesKeepTheFirstAndItsRange() throws {
    let html = "<img src=a src=b SRC=c>"
    let img = try #require(firstStartTag(html, named: "img"))
    #expect(img.attributes.count == 1)
    #expect(img.attribute("src")?.valueRange == 9..<10)
  }

  /// Many attributes take the set-based duplicate check.
  @Test func manyAttributes() throws {
    let names = (0..<40).map { "a\($0 % 30)" }
    let html = "<x " + names.map { "\($0)=\"\($0)\"" }.joined(separator: " ") + ">"
    let x = try #require(firstStartTag(html, named: "x"))
    #expect(x.attributes.map(\.name) == (0..<30).map { "a\($0)" })
    #expect(x.attributes.allSatisfy { $0.name == $0.value })
  }
}
