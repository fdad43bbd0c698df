import Foundation
import Testing

@testable import HTMLScan

/// Shapes of markup any page can hold on which the standard's tree construction, done naively,
/// is quadratic (issue 45): each parses in bounded time in a debug build (they took 8 to 20
/// seconds each before). The stack of open elements holds at most 512 elements, Go's limit,
/// counted as Go counts it.
@Suite struct NestingLimitTests {
  /// Well above what each takes in a debug build (under a second), well below what they took.
  static let budget: Duration = .seconds(4)

  private static func timed(_ label: String, _ html: String) -> HTMLDocument {
    var document: HTMLDocument?
    let elapsed = ContinuousClock().measure { document = HTMLDocument(parsing: html, scripting: true) }
    #expect(elapsed < budget, "\(label) took \(elapsed)")
    return document!
  }

  private static func count(_ name: String, in document: HTMLDocument) -> Int {
    document.nodes.count { $0.element?.isHTML(name) == true && $0.parent != nil }
  }

  @Test(.timeLimit(.minutes(1))) func nestedDivsThenManyListItemsParseInBoundedTime() {
    let html = String(repeating: "<div>", count: 3_000) + String(repeating: "<li></li>", count: 6_000)
    let document = Self.timed("divs then li", html)
    #expect(Self.count("div", in: document) == 3_000 && Self.count("li", in: document) == 6_000, "nothing lost")
    #expect(document.exceedsGoNestingLimit)
  }

  @Test(.timeLimit(.minutes(1))) func aButtonInAParagraphBeforeNestedDivsParsesInBoundedTime() {
    let document = Self.timed("p button divs", "<p><button>" + String(repeating: "<div>", count: 6_000))
    #expect(Self.count("div", in: document) == 6_000)
  }

  @Test(.timeLimit(.minutes(1))) func manyHTMLStartTagsWithNewAttributesParseInBoundedTime() throws {
    let document = Self.timed("html attributes", (0..<16_000).map { "<html a\($0)>" }.joined())
    let html = try #require(document.nodes[0].children.first { document.nodes[$0].element?.isHTML("html") == true })
    let attributes = try #require(document.nodes[html].element?.attributes)
    #expect(attributes.count == 16_000 && attributes.first?.name == "a0" && attributes.last?.name == "a15999")
  }

  @Test(.timeLimit(.minutes(1))) func aSelectWithSelectedContentAndManyOptionsParsesInBoundedTime() throws {
    let html =
      "<select><button><selectedcontent></selectedcontent></button>"
      + String(repeating: "<option>x", count: 3_999) + "<option selected>last</select>"
    let document = Self.timed("select options", html)
    let mirror = try #require(document.nodes.firstIndex { $0.element?.isHTML("selectedcontent") == true })
    #expect(document.serializeChildren(of: mirror) == "last", "the selected option's children, cloned")
  }

  @Test func theStackHoldsFiveHundredTwelveElementsAsGosParserCountsThem() throws {
    // html, body and 510 divs fill it: Go's parser takes that and refuses one div more.
    let full = HTMLDocument(parsing: String(repeating: "<div>", count: 510) + "x")
    #expect(!full.exceedsGoNestingLimit)
    let over = HTMLDocument(parsing: String(repeating: "<div>", count: 511) + "x")
    #expect(over.exceedsGoNestingLimit)
    // Past it the deepest div is closed before the next opens: the 511th goes beside the 510th.
    let body = try #require(over.body)
    var chain = [body]
    while let next = over.nodes[chain.last!].children.first(where: { over.nodes[$0].element != nil }) {
      chain.append(next)
    }
    #expect(chain.count == 511, "body and 510 divs deep")
    let innermostParent = chain[chain.count - 2]
    #expect(over.nodes[innermostParent].children.count == 2, "the 510th and 511th div side by side")
    #expect(
      over.serializeChildren(of: body).hasSuffix("<div></div><div>x</div>" + String(repeating: "</div>", count: 509)))
  }

  /// Past the limit the closed element may be one an insertion mode stands for (a table, a
  /// column group, a row, a template, a select): the tree is no longer the standard's there, but
  /// the parse ends, keeps its invariants and serializes.
  @Test(
    .timeLimit(.minutes(1)),
    arguments: [
      "<table><colgroup><col>text<p>more", "<table><tr><td>a<td>b</table>after", "<template><div>t</template>x",
      "<select><option>a<selectedcontent></selectedcontent><option>b</select>y", "<table><caption>c<b>d</table>e",
      "<svg><g><foreignObject><p>f</svg>g", "<b><i><u><p>h</b>i", "<frameset><frame>",
    ])
  func markupThatClosesAtTheLimitParsesWithoutATrap(_ tail: String) throws {
    for depth in 505...512 {
      let document = HTMLDocument(parsing: String(repeating: "<div>", count: depth) + tail, scripting: true)
      for (index, node) in document.nodes.enumerated() {
        for child in node.children { #expect(document.nodes[child].parent == index, "\(tail) at \(depth)") }
      }
      _ = document.serializeChildren(of: 0)
    }
  }
}
