import Testing

@testable import HTMLScan

/// The namespace of each start tag, as the tree builder would put the element: the start tags of
/// the input as `name:namespace`.
@Suite struct NamespaceTests {
  static let cases: [(String, [String])] = [
    ("<p><image src=a>", ["p:html", "img:html"]),
    ("<svg><image href=a/></svg><image>", ["svg:svg", "image:svg", "img:html"]),
    (
      "<svg><image href=a.png/><foreignObject><image src=b.png><p><image></p></foreignObject><g><image/></g></svg><image>",
      [
        "svg:svg", "image:svg", "foreignobject:svg", "img:html", "p:html", "img:html", "g:svg", "image:svg",
        "img:html",
      ]
    ),
    // Breakout tags leave foreign content, and the svg with it.
    ("<svg><g><div><img></div><path/>", ["svg:svg", "g:svg", "div:html", "img:html", "path:html"]),
    ("<svg><font>x</font><font color=red><image>", ["svg:svg", "font:svg", "font:html", "img:html"]),
    ("<svg><font face=x>", ["svg:svg", "font:html"]),
    ("<svg><g></p><image>", ["svg:svg", "g:svg", "img:html"]),
    ("<svg><g></br><image>", ["svg:svg", "g:svg", "img:html"]),
    // An end tag closes its element and everything open inside it.
    ("<svg><g><path></svg><image>", ["svg:svg", "g:svg", "path:svg", "img:html"]),
    ("<svg><g></g><image/></svg>", ["svg:svg", "g:svg", "image:svg"]),
    ("<svg/><image>", ["svg:svg", "img:html"]),
    ("<svg><a></a></svg><a>", ["svg:svg", "a:svg", "a:html"]),
    // Integration points hold HTML.
    ("<svg><title><img><image></title><image/>", ["svg:svg", "title:svg", "img:html", "img:html", "image:svg"]),
    ("<svg><desc><source srcset=a></desc>", ["svg:svg", "desc:svg", "source:html"]),
    (
      "<svg><foreignObject><svg><image/></svg><image/></foreignObject></svg>",
      ["svg:svg", "foreignobject:svg", "svg:svg", "image:svg", "img:html"]
    ),
    ("<svg><foreignObject><div></div><image>", ["svg:svg", "foreignobject:svg", "div:html", "img:html"]),
    // An HTML element open inside foreignObject is the current node: `</foreignObject>` is then
    // an end tag for the HTML rules, which a special element (p) stops.
    ("<svg><foreignObject><p></foreignObject><g>", ["svg:svg", "foreignobject:svg", "p:html", "g:html"]),
    // An HTML end tag that closes an ancestor of an unclosed svg closes the svg too...
    ("<div><svg><g></div><picture><source>", ["div:html", "svg:svg", "g:svg", "picture:html", "source:html"]),
    ("<a href=x><svg><path></a><picture>", ["a:html", "svg:svg", "path:svg", "picture:html"]),
    (
      "<table><tr><td><svg><g></td><td><picture>",
      ["table:html", "tr:html", "td:html", "svg:svg", "g:svg", "td:html", "picture:html"]
    ),
    ("<div><p>a<div><svg></div><picture>", ["div:html", "p:html", "div:html", "svg:svg", "picture:html"]),
    // ...unless a special element comes between, or it is not open at all.
    ("<span><div><svg></span><picture>", ["span:html", "div:html", "svg:svg", "picture:svg"]),
    ("<svg></section><picture>", ["svg:svg", "picture:svg"]),
    (
      "<svg><foreignObject><span><svg></span><picture>",
      ["svg:svg", "foreignobject:svg", "span:html", "svg:svg", "picture:html"]
    ),
    // MathML: text integration points, annotation-xml.
    (
      "<math><mi><b>x</b><mglyph/></mi><mglyph/></math>",
      ["math:mathml", "mi:mathml", "b:html", "mglyph:mathml", "mglyph:mathml"]
    ),
    (
      "<math><mtext><image></mtext><mo><svg><image/>",
      ["math:mathml", "mtext:mathml", "img:html", "mo:mathml", "svg:svg", "image:svg"]
    ),
    (
      "<math><annotation-xml encoding=\"Text/HTML\"><image></annotation-xml><annotation-xml><svg><image/><img>",
      [
        "math:mathml", "annotation-xml:mathml", "img:html", "annotation-xml:mathml", "svg:svg", "image:svg",
        "img:html",
      ]
    ),
    ("<math><annotation-xml><image>", ["math:mathml", "annotation-xml:mathml", "image:mathml"]),
    (
      "<math><svg><image/></svg></math><svg><math>",
      ["math:mathml", "svg:mathml", "image:mathml", "svg:svg", "math:svg"]
    ),
    // No raw text in foreign content.
    ("<svg><style>a<image/>c</style></svg>", ["svg:svg", "style:svg", "image:svg"]),
    ("<svg><script><image/></script></svg>", ["svg:svg", "script:svg", "image:svg"]),
    ("<svg><title><script><image></script></title>", ["svg:svg", "title:svg", "script:html"]),
    ("<svg><textarea><image/></textarea></svg>", ["svg:svg", "textarea:svg", "image:svg"]),
    // noscript is markup.
    ("<noscript><img src=a></noscript><img>", ["noscript:html", "img:html", "img:html"]),
  ]

  @Test(arguments: cases)
  func startTagNamespaces(input: String, expected: [String]) {
    #expect(startTags(input) == expected)
  }

  /// CDATA sections need a foreign current node: not an HTML element inside foreignObject.
  @Test func cdataFollowsTheCurrentNode() {
    #expect(tokens("<svg><foreignObject><![CDATA[x]]>") == [.s("svg"), .s("foreignobject"), .t("x")])
    #expect(
      tokens("<svg><foreignObject><div><![CDATA[x]]>") == [
        .s("svg"), .s("foreignobject"), .s("div"), .c("[CDATA[x]]"),
      ])
  }

  @Test func textInSVGTitleIsNotRCDATA() {
    #expect(
      tokens("<svg><title>&amp;<b></b></title></svg>") == [
        .s("svg"), .s("title"), .t("&"), .s("b"), .e("b"), .e("title"), .e("svg"),
      ])
  }
}
