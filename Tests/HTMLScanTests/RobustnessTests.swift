import Testing

@testable import HTMLScan

/// Any byte sequence: no trap, every range inside the input, and the same tags with and without text.
@Suite struct RobustnessTests {
  /// Pieces of markup that reach most tokenizer states when mixed.
  private static let pieces: [[UInt8]] = [
    "<", ">", "/", "!", "-", "--", "?", "=", "\"", "'", "&", ";", "#", "x", "&amp", "&#x8", "&#", "&not", " ", "\n",
    "\r", "\t", "\0", "a", "B", "img", "src", "<svg>", "</svg>", "<math>", "<mi>", "<foreignObject>", "<script>",
    "</script", "<style>", "</style>", "<title>", "</title>", "<textarea>", "<plaintext>", "<![CDATA[", "]]>", "]",
    "<!--", "-->", "--!>", "<!DOCTYPE", "<image", "<font color=", "<p>", "é", "😀",
  ].map { Array($0.utf8) }

  @Test func randomMarkupNeverTrapsAndStaysInRange() {
    var random = SplitMix64(state: 0x5EED)
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(60) {
        switch random.below(10) {
        case 0: bytes.append(UInt8(truncatingIfNeeded: random.next()))  // any byte, invalid UTF-8 included
        case 1: bytes.append(0x80 | UInt8(truncatingIfNeeded: random.next() & 0x3F))
        default: bytes.append(contentsOf: Self.pieces[random.below(Self.pieces.count)])
        }
      }
      check(bytes)
    }
  }

  @Test func randomBytesNeverTrap() {
    var random = SplitMix64(state: 42)
    for _ in 0..<1000 {
      let bytes = (0..<random.below(80)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      check(bytes)
    }
  }

  @Test func deepNestingDoesNotRecurse() {
    let html = String(repeating: "<svg><g>", count: 20_000) + String(repeating: "</g></svg>", count: 20_000)
    var tokenizer = HTMLTokenizer(html)
    var count = 0
    while tokenizer.next() != nil { count += 1 }
    #expect(count == 80_000)
  }

  /// Records an issue, naming the input, when a token is out of place; plain checks keep the
  /// thousands of inputs fast.
  /// Stray end tags deep inside unclosed elements: each one's search is bounded.
  @Test func strayEndTagsInDeepNestingStayCheap() {
    let html =
      String(repeating: "<div>", count: 600) + "<svg>" + String(repeating: "<g>", count: 2000)
      + String(repeating: "</span>", count: 2000) + String(repeating: "<li><a>", count: 1000) + "<image>"
    var tokenizer = HTMLTokenizer(html)
    var last: HTMLToken?
    var count = 0
    while let token = tokenizer.next() {
      last = token
      count += 1
    }
    #expect(count == 600 + 1 + 2000 + 2000 + 2000 + 1)
    guard case .startTag(let image) = last else {
      Issue.record("no start tag at the end")
      return
    }
    #expect(image.name == "img" && image.namespace == .html)  // li broke out of the svg
  }

  private func check(_ bytes: [UInt8]) {
    var withText = HTMLTokenizer(bytes, text: true)
    var tagsOnly = HTMLTokenizer(bytes, text: false)
    var tags: [HTMLToken] = []
    var steps = 0
    while let token = withText.next() {
      steps += 1
      var fine = steps <= bytes.count + 1
      switch token {
      case .startTag(let tag):
        fine = fine && isTag(tag.range, bytes)
        for attribute in tag.attributes {
          if let range = attribute.valueRange {
            fine = fine && range.lowerBound > tag.range.lowerBound && range.upperBound < tag.range.upperBound
          }
        }
        tags.append(token)
      case .endTag(_, let range):
        fine = fine && isTag(range, bytes)
        tags.append(token)
      case .text(let text): fine = fine && !text.isEmpty
      default: break
      }
      if !fine {
        Issue.record("\(token) in \(bytes)")
        return
      }
    }
    var others: [HTMLToken] = []
    while let token = tagsOnly.next() { others.append(token) }
    if others != tags { Issue.record("without text: \(others), with text: \(tags), for \(bytes)") }
  }

  private func isTag(_ range: Range<Int>, _ bytes: [UInt8]) -> Bool {
    range.lowerBound >= 0 && range.upperBound <= bytes.count && range.count >= 3
      && bytes[range.lowerBound] == UInt8(ascii: "<") && bytes[range.upperBound - 1] == UInt8(ascii: ">")
  }
}
