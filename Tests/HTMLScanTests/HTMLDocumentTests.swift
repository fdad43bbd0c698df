import Testing

@testable import HTMLScan

/// The public face of the tree builder: what `HTMLDocument` offers callers that read, edit and
/// serialize trees.
@Suite struct HTMLDocumentTests {
  @Test func bodyIsTheHTMLElementsBodyChild() throws {
    let document = HTMLDocument(parsing: "<title>T</title><p>One<p>Two")
    let body = try #require(document.body)
    #expect(document.nodes[body].element?.name == "body")
    #expect(document.serializeChildren(of: body) == "<p>One</p><p>Two</p>")
    #expect(HTMLDocument(parsing: "<frameset></frameset>").body == nil)
  }

  @Test func serializationEscapesTextAndAttributes() throws {
    let document = HTMLDocument(parsing: "<p title='a \"b\" &amp; <c>\u{A0}'>1 &lt; 2 &amp;&nbsp;&gt;</p>")
    let body = try #require(document.body)
    #expect(
      document.serializeChildren(of: body)
        == "<p title=\"a &quot;b&quot; &amp; &lt;c&gt;&nbsp;\">1 &lt; 2 &amp;&nbsp;&gt;</p>")
  }

  @Test func serializationOfVoidRawTextAndLeadingNewlines() throws {
    let html =
      "<br><img src=x><script>if (a < b) {}</script><style>p > a {}</style><pre>\n\nx</pre><textarea>\n\ny</textarea>"
    let document = HTMLDocument(parsing: html)
    let body = try #require(document.body)
    #expect(
      document.serializeChildren(of: body)
        == "<br><img src=\"x\"><script>if (a < b) {}</script><style>p > a {}</style><pre>\n\nx</pre>"
        + "<textarea>\n\ny</textarea>")
  }

  @Test func templateContentsAreSerializedAndKeptApart() throws {
    let document = HTMLDocument(parsing: "<template><td>cell</td></template>")
    let head = try #require(document.nodes[document.nodes[0].children[0]].children.first)
    let template = try #require(document.nodes[head].children.first)
    let contents = try #require(document.nodes[template].element?.templateContents)
    #expect(document.nodes[template].children.isEmpty)
    #expect(document.nodes[contents].parent == template)
    #expect(document.serializeChildren(of: head) == "<template><td>cell</td></template>")
  }

  @Test func foreignElementsKeepAdjustedNames() throws {
    let document = HTMLDocument(parsing: "<svg viewbox='0 0 1 1'><foreignobject><p>x</p></foreignobject></svg>")
    let body = try #require(document.body)
    let svg = try #require(document.nodes[body].children.first)
    let element = try #require(document.nodes[svg].element)
    #expect(element.namespace == .svg && element.attribute("viewBox") == "0 0 1 1")
    #expect(
      document.serializeChildren(of: body)
        == "<svg viewBox=\"0 0 1 1\"><foreignObject><p>x</p></foreignObject></svg>")
  }

  /// What callers do to mark up a passage: split a text node and wrap a piece in a new element.
  @Test func editedTreesSerialize() throws {
    var document = HTMLDocument(parsing: "<p>Hello world</p>")
    let body = try #require(document.body)
    let paragraph = document.nodes[body].children[0]
    let text = document.nodes[paragraph].children[0]
    document.nodes[text].kind = .text("Hello ")
    let mark = document.nodes.count
    document.nodes.append(HTMLNode(kind: .element(HTMLElement(name: "mark")), parent: paragraph, children: [mark + 1]))
    document.nodes.append(HTMLNode(kind: .text("world"), parent: mark))
    document.nodes[paragraph].children.append(mark)
    #expect(document.serializeChildren(of: body) == "<p>Hello <mark>world</mark></p>")
  }

  @Test func scriptingDecidesHowNoscriptIsParsed() throws {
    let html = "<noscript><p>x</p></noscript>"
    let off = HTMLDocument(parsing: "<body>" + html)
    let on = HTMLDocument(parsing: "<body>" + html, scripting: true)
    #expect(off.serializeChildren(of: try #require(off.body)) == html)
    #expect(on.serializeChildren(of: try #require(on.body)) == "<noscript><p>x</p></noscript>")
    let noscript = on.nodes[try #require(on.body)].children[0]
    #expect(on.nodes[on.nodes[noscript].children[0]].kind == .text("<p>x</p>"))
  }

  @Test func fragmentsParseInTheirContext() throws {
    let cells = HTMLDocument(fragment: "<td>a<td>b", context: "tr")
    let root = try #require(cells.fragmentRoot)
    #expect(cells.serializeChildren(of: root) == "<td>a</td><td>b</td>")
    let title = HTMLDocument(fragment: "<b>x</b>", context: "title")
    #expect(title.serializeChildren(of: try #require(title.fragmentRoot)) == "&lt;b&gt;x&lt;/b&gt;")
  }

  @Test func quirksModeKeepsParagraphsOpenBeforeTables() throws {
    let quirks = HTMLDocument(parsing: "<p><table></table>")
    let standard = HTMLDocument(parsing: "<!DOCTYPE html><p><table></table>")
    #expect(quirks.isQuirksMode && !standard.isQuirksMode)
    #expect(quirks.serializeChildren(of: try #require(quirks.body)) == "<p><table></table></p>")
    #expect(standard.serializeChildren(of: try #require(standard.body)) == "<p></p><table></table>")
  }
}
