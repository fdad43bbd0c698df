import Foundation
import Testing

@testable import HTMLScan

/// The tree builder on hostile input: deep nesting in bounded time and without recursion, and
/// any bytes without a trap.
@Suite struct TreeBuilderRobustnessTests {
  /// Each deep document parses well within this, in a debug build.
  static let budget: Duration = .seconds(10)

  /// The depth of the first-child chain below `node`.
  private static func depth(below node: Int, in document: HTMLDocument) -> Int {
    var depth = 0
    var current = node
    while let first = document.nodes[current].children.first {
      depth += 1
      current = first
    }
    return depth
  }

  private static func timed(_ label: String, _ parse: () -> HTMLDocument) -> HTMLDocument {
    let clock = ContinuousClock()
    var document: HTMLDocument?
    let elapsed = clock.measure { document = parse() }
    print("\(label): \(elapsed)")
    #expect(elapsed < budget, "\(label) took \(elapsed)")
    return document!
  }

  @Test func hundredThousandNestedDivs() throws {
    let html = String(repeating: "<div>", count: 100_000) + "x" + String(repeating: "</div>", count: 100_000)
    let document = Self.timed("100,000 nested div") { HTMLDocument(parsing: html) }
    let body = try #require(document.body)
    // The stack holds 512 (Go's limit): html, body and 510 divs deep, the rest side by side.
    #expect(Self.depth(below: body, in: document) == 510 && document.exceedsGoNestingLimit)
    let serialized = document.serializeChildren(of: body)
    #expect(serialized.utf8.count == html.utf8.count)
  }

  @Test func hundredThousandNestedFormattingElements() throws {
    let html = String(repeating: "<b>", count: 100_000) + "x"
    let document = Self.timed("100,000 nested b") { HTMLDocument(parsing: html) }
    let body = try #require(document.body)
    #expect(Self.depth(below: body, in: document) == 510, "as deep as the stack of open elements holds")
    #expect(document.serializeChildren(of: body).utf8.count == html.utf8.count + 4 * 100_000)
  }

  @Test func deepMisnestedAndForeignMarkup() {
    let cases = [
      String(repeating: "<b><p>", count: 20_000) + "x",
      String(repeating: "<a href=x><div>", count: 20_000),
      String(repeating: "<table><tr><td>", count: 20_000),
      String(repeating: "<svg><g>", count: 50_000) + String(repeating: "</g></svg>", count: 50_000),
      String(repeating: "<span>", count: 100_000) + String(repeating: "</i>", count: 1_000),
      String(repeating: "<select><option>", count: 20_000),
      String(repeating: "<template>", count: 20_000),
      // Formatting elements that all differ: the Noah's Ark clause must not search the list each time.
      (0..<20_000).map { "<b id=\($0)>" }.joined() + "x",
    ]
    for html in cases {
      let document = Self.timed("\(html.prefix(24))…") { HTMLDocument(parsing: html) }
      #expect(!document.serializeChildren(of: 0).isEmpty)
    }
  }

  /// A page of about a megabyte, of the kind an article is.
  @Test func megabyteArticleParsesQuickly() {
    let paragraph = """
      <p>Some <a href="https://example.com/a?b=c&amp;d=e">linked text</a>, <em>emphasis</em> and \
      <strong>strong words</strong> &mdash; with an image <img src="x.png" alt="An image"> and a <code>code</code> \
      span.</p>
      <ul><li>One item<li>Another <b>bold</b> item</ul>
      <table><tr><td>cell</td><td>cell</td></tr></table>

      """
    let html =
      "<!DOCTYPE html><html><head><title>Article</title></head><body><article>"
      + String(repeating: paragraph, count: 1_000_000 / paragraph.utf8.count) + "</article></body></html>"
    let document = Self.timed("\(html.utf8.count / 1000) kB article") { HTMLDocument(parsing: html) }
    #expect(document.nodes.count > 50_000)
  }

  /// Pieces that reach most insertion modes when mixed.
  private static let pieces = [
    "<", ">", "/", "!", "-", "=", "\"", "&", " ", "\n", "\0", "a", "x", "<p>", "</p>", "<b>", "</b>", "<i>", "</i>",
    "<a>", "</a>", "<div>", "</div>", "<table>", "</table>", "<tr>", "<td>", "</td>", "<th>", "<caption>", "<col>",
    "<colgroup>", "<tbody>", "</tbody>", "<select>", "</select>", "<option>", "<optgroup>", "<selectedcontent>",
    "<button>", "<template>", "</template>", "<svg>", "</svg>", "<math>", "<mi>", "<mtext>", "<foreignObject>",
    "<desc>", "<annotation-xml encoding=text/html>", "<![CDATA[", "]]>", "<script>", "</script>", "<style>",
    "<title>", "<textarea>", "<plaintext>", "<frameset>", "<frame>", "</frameset>", "<noscript>", "<head>", "</head>",
    "<body>", "</body>", "<html>", "</html>", "<!DOCTYPE html>", "<!--", "-->", "<li>", "<dd>", "<h1>", "</h2>",
    "<pre>", "<listing>", "<form>", "</form>", "<input type=hidden>", "<nobr>", "<font color=red>", "<ruby><rt>",
    "<image>", "<hr>", "<br>", "</br>", "<isindex>", "<marquee>", "<object>", "<applet>", "é", "😀",
  ]

  @Test func randomMarkupNeverTraps() {
    var random = SplitMix64(state: 0x7EE5)
    let contexts: [(String, HTMLNamespace)] = [
      ("body", .html), ("table", .html), ("tr", .html), ("select", .html), ("template", .html), ("svg", .svg),
      ("math", .mathml), ("title", .html), ("html", .html), ("frameset", .html),
    ]
    for round in 0..<3000 {
      var html = ""
      for _ in 0..<random.below(80) {
        if random.below(12) == 0 {
          html.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: random.next() & 0x7F)))
        } else {
          html += Self.pieces[random.below(Self.pieces.count)]
        }
      }
      let document = HTMLDocument(parsing: html, scripting: round % 2 == 0)
      check(document, html)
      let (context, namespace) = contexts[random.below(contexts.count)]
      let fragment = HTMLDocument(fragment: html, context: context, namespace: namespace)
      check(fragment, html)
    }
  }

  @Test func randomBytesNeverTrap() {
    var random = SplitMix64(state: 99)
    for _ in 0..<1000 {
      let bytes = (0..<random.below(120)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let html = String(decoding: bytes, as: UTF8.self)
      check(HTMLDocument(parsing: html), html)
    }
  }

  /// Every child's parent is its parent, no node is reached twice, and serializing works.
  private func check(_ document: HTMLDocument, _ html: String) {
    var seen = Set<Int>()
    var pending = [0]
    while let node = pending.popLast() {
      guard seen.insert(node).inserted else {
        Issue.record("node \(node) reached twice for \(html.debugDescription)")
        return
      }
      for child in document.nodes[node].children {
        if document.nodes[child].parent != node {
          Issue.record("wrong parent of \(child) for \(html.debugDescription)")
          return
        }
        pending.append(child)
      }
      if let contents = document.nodes[node].element?.templateContents { pending.append(contents) }
    }
    _ = document.serializeChildren(of: document.fragmentRoot ?? 0)
  }
}
