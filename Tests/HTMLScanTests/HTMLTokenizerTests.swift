import Testing

@testable import HTMLScan

/// Input → token stream, written by hand from the tokenization chapter of the HTML standard, in
/// the manner of html5lib-tests' tokenizer suite.
@Suite struct HTMLTokenizerTests {
  static let tags: [Case] = [
    Case("<a href=\"x\">", [.s("a", ["href", "x"])]),
    Case("<a href='x'>", [.s("a", ["href", "x"])]),
    Case("<a href=x>", [.s("a", ["href", "x"])]),
    Case("<A HREF=\"X\" Data-Src=Y>", [.s("a", ["href", "X", "data-src", "Y"])]),
    Case("<a b c=d>", [.s("a", ["b", "", "c", "d"])]),
    Case("<a =b>", [.s("a", ["=b", ""])]),
    Case("<a b=1 b=2 B=3 c>", [.s("a", ["b", "1", "c", ""])]),
    Case("<a href='x'title=y>", [.s("a", ["href", "x", "title", "y"])]),
    Case("<a b=\"1\"c=\"2\">", [.s("a", ["b", "1", "c", "2"])]),
    Case("<p/ class=a>", [.s("p", ["class", "a"])]),
    Case("<br/>", [.s("br", selfClosing: true)]),
    Case("<br />", [.s("br", selfClosing: true)]),
    Case("<img src=a/>", [.s("img", ["src", "a/"])]),
    Case("<img src=\"a\"/>", [.s("img", ["src", "a"], selfClosing: true)]),
    Case("<a / >", [.s("a")]),
    Case("<a/b>", [.s("a", ["b", ""])]),
    Case("<a//>", [.s("a", selfClosing: true)]),
    Case("<div<p>", [.s("div<p")]),
    Case("<a b = \"c\" >", [.s("a", ["b", "c"])]),
    Case("<a\tb\n=\rc\u{0C}d>", [.s("a", ["b", "c", "d", ""])]),
    Case("<a b=>", [.s("a", ["b", ""])]),
    Case("<a b= >", [.s("a", ["b", ""])]),
    Case("<a \"b\"='c'>", [.s("a", ["\"b\"", "c"])]),
    Case("<a b<c=d>", [.s("a", ["b<c", "d"])]),
    Case("<a b=c\"d'e<f=g`h>", [.s("a", ["b", "c\"d'e<f=g`h"])]),
    Case("<a b='>'>", [.s("a", ["b", ">"])]),
    Case("<a b=\"x\ny\r\nz\">", [.s("a", ["b", "x\ny\nz"])]),
    Case("<a\0b c\0=\"\0\">", [.s("a\u{FFFD}b", ["c\u{FFFD}", "\u{FFFD}"])]),
    Case("<Xünï ÄB=Ö>", [.s("xünï", ["Äb", "Ö"])]),
    Case("<ünï>", [.t("<ünï>")]),
    Case("<A><B></b></A>", [.s("a"), .s("b"), .e("b"), .e("a")]),
    Case("</div class=\"x\">", [.e("div")]),
    Case("</div/>", [.e("div")]),
    Case("</DIV >", [.e("div")]),
    Case("a</>b", [.t("ab")]),
    Case("< a>", [.t("< a>")]),
    Case("<1>", [.t("<1>")]),
    Case("a <= b", [.t("a <= b")]),
    Case("x<", [.t("x<")]),
    Case("x</", [.t("x</")]),
    Case("a<b", [.t("a")]),
    Case("<div class=\"x", []),
    Case("<div class=", []),
    Case("<div/", []),
    Case("<p>a</p", [.s("p"), .t("a")]),
    Case("<image src=a>", [.s("img", ["src", "a"])]),
    Case("<noscript><img src=a.png></noscript>", [.s("noscript"), .s("img", ["src", "a.png"]), .e("noscript")]),
  ]

  @Test(arguments: tags)
  func tagsAndAttributes(_ row: Case) {
    #expect(tokens(row.input) == row.expected)
  }

  static let comments: [Case] = [
    Case("<!--x-->", [.c("x")]),
    Case("<!-->", [.c("")]),
    Case("<!--->", [.c("")]),
    Case("<!---->", [.c("")]),
    Case("<!--x--!>", [.c("x")]),
    Case("<!--x--!-->", [.c("x--!")]),
    Case("<!--x--!y-->", [.c("x--!y")]),
    Case("<!--a-b-->", [.c("a-b")]),
    Case("<!--a--b-->", [.c("a--b")]),
    Case("<!--a--->", [.c("a-")]),
    Case("<!---a-->", [.c("-a")]),
    Case("<!-- a <!-- b -->", [.c(" a <!-- b ")]),
    Case("<!--<!---->", [.c("<!--")]),
    Case("<!--x", [.c("x")]),
    Case("<!--x-", [.c("x")]),
    Case("<!--x--", [.c("x")]),
    Case("<!--x--!", [.c("x")]),
    Case("<!--", [.c("")]),
    Case("<!---", [.c("")]),
    Case("<!--a\0b\r\nc-->", [.c("a\u{FFFD}b\nc")]),
    Case("<!--a-->b", [.c("a"), .t("b")]),
    Case("a<!--x-->b<!--y-->", [.t("a"), .c("x"), .t("b"), .c("y")]),
    Case("<!--<img src=a>-->", [.c("<img src=a>")]),
    // Bogus comments.
    Case("<?xml version=\"1.0\"?>", [.c("?xml version=\"1.0\"?")]),
    Case("<?", [.c("?")]),
    Case("</ x>", [.c(" x")]),
    Case("</3>", [.c("3")]),
    Case("<!foo>", [.c("foo")]),
    Case("<!>", [.c("")]),
    Case("<!", [.c("")]),
    Case("<!-x>", [.c("-x")]),
    Case("<![CDATA[x]]>", [.c("[CDATA[x]]")]),
    Case("<!DOCTYP>", [.c("DOCTYP")]),
  ]

  @Test(arguments: comments)
  func commentsAndBogusComments(_ row: Case) {
    #expect(tokens(row.input) == row.expected)
  }

  static let doctypes: [Case] = [
    Case("<!DOCTYPE html>", [.d("html")]),
    Case(
      "<!doctype HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">", [.d("html")]),
    Case("<!DocType>", [.d("")]),
    Case("<!DOCTYPE>x", [.d(""), .t("x")]),
    Case("<!DOCTYPEhtml>", [.d("html")]),
    Case("<!DOCTYPE html", [.d("html")]),
    Case("<!DOCTYPE html PUBLIC \"a>b\">x", [.d("html"), .t("b\">x")]),
    Case("<!DOCTYPE html SYSTEM 'about:legacy-compat'><p>", [.d("html"), .s("p")]),
  ]

  @Test(arguments: doctypes)
  func doctype(_ row: Case) {
    #expect(tokens(row.input) == row.expected)
  }

  static let rawText: [Case] = [
    Case("<style>a<b>&amp;</style>x", [.s("style"), .t("a<b>&amp;"), .e("style"), .t("x")]),
    Case("<STYLE>p{}</Style >", [.s("style"), .t("p{}"), .e("style")]),
    Case("<xmp><b></xmp>", [.s("xmp"), .t("<b>"), .e("xmp")]),
    Case("<iframe><img src=a></iframe>", [.s("iframe"), .t("<img src=a>"), .e("iframe")]),
    Case("<noembed><img src=a></noembed>", [.s("noembed"), .t("<img src=a>"), .e("noembed")]),
    Case("<noframes><img src=a></noframes>", [.s("noframes"), .t("<img src=a>"), .e("noframes")]),
    Case(
      "<script>if (a<b) x=\"</div>\";</script>",
      [.s("script"), .t("if (a<b) x=\"</div>\";"), .e("script")]),
    Case("<script>a</scriptx></SCRIPT >", [.s("script"), .t("a</scriptx>"), .e("script")]),
    Case("<script>a</script/>b", [.s("script"), .t("a"), .e("script"), .t("b")]),
    Case("<script type=\"a\">a</script class=x>", [.s("script", ["type", "a"]), .t("a"), .e("script")]),
    Case("<script>a</script", [.s("script"), .t("a</script")]),
    Case("<script>a</script x", [.s("script"), .t("a")]),
    Case("<script>a\0b</script>", [.s("script"), .t("a\u{FFFD}b"), .e("script")]),
    Case("<script/>x</script>", [.s("script", selfClosing: true), .t("x"), .e("script")]),
    Case("<script></script><img src=a>", [.s("script"), .e("script"), .s("img", ["src", "a"])]),
    // RCDATA decodes character references.
    Case("<title>a &amp; <b>&lt;</title>", [.s("title"), .t("a & <b><"), .e("title")]),
    Case("<textarea>&copy x</TEXTAREA>", [.s("textarea"), .t("© x"), .e("textarea")]),
    Case("<title>a</titlex></title>", [.s("title"), .t("a</titlex>"), .e("title")]),
    Case("<title>a", [.s("title"), .t("a")]),
    // PLAINTEXT never ends.
    Case("<plaintext><a></plaintext>&amp;", [.s("plaintext"), .t("<a></plaintext>&amp;")]),
  ]

  @Test(arguments: rawText)
  func rawTextScriptRCDATAAndPlaintext(_ row: Case) {
    #expect(tokens(row.input) == row.expected)
  }

  static let text: [Case] = [
    Case("a < b &amp; c", [.t("a < b & c")]),
    Case("a\r\nb\rc\0d", [.t("a\nb\nc\0d")]),
    Case("<p>a&amp;b</p>", [.s("p"), .t("a&b"), .e("p")]),
    Case("&notit; &notin; &copy &ampx", [.t("¬it; ∉ © &x")]),
    // CDATA sections exist only in foreign content.
    Case("<svg><![CDATA[<img src=x>&amp;]]></svg>", [.s("svg"), .t("<img src=x>&amp;"), .e("svg")]),
    Case("<svg><![CDATA[x]]]></svg>", [.s("svg"), .t("x]"), .e("svg")]),
    Case("<math><![CDATA[a", [.s("math"), .t("a")]),
    Case("<div><![CDATA[x]]></div>", [.s("div"), .c("[CDATA[x]]"), .e("div")]),
    Case("<svg><title><![CDATA[x]]></title></svg>", [.s("svg"), .s("title"), .t("x"), .e("title"), .e("svg")]),
  ]

  @Test(arguments: text)
  func textAndCDATA(_ row: Case) {
    #expect(tokens(row.input) == row.expected)
  }

  /// Without `text`, only tags come out, and the same ones.
  @Test func withoutTextOnlyTags() {
    let html = "<!DOCTYPE html><p>a&amp;b<!-- <img src=x> --><script>var s = '<img src=y>'</script><img src=z>"
    #expect(
      allTokens(html, text: false).map(T.init) == [
        .s("p"), .s("script"), .e("script"), .s("img", ["src", "z"]),
      ])
  }

  @Test func iteratesAsASequence() {
    let names = HTMLTokenizer("<a><b>").compactMap { token -> String? in
      if case .startTag(let tag) = token { tag.name } else { nil }
    }
    #expect(names == ["a", "b"])
  }

  @Test func bytesAndStringAgree() {
    let html = "<p class=\"é\">ü<img src=a.png></p>"
    var fromBytes = HTMLTokenizer(Array(html.utf8), text: true)
    var fromString = HTMLTokenizer(html, text: true)
    while true {
      let left = fromBytes.next()
      #expect(left == fromString.next())
      if left == nil { break }
    }
  }
  /// Only the values asked for are decoded; the others are empty but keep their ranges, and tree
  /// construction still reads the values it needs (annotation-xml's encoding).
  @Test func onlyTheValuesAskedForAreDecoded() {
    let html =
      "<p class=\"x&amp;y\" id=a><img SRC=\"a&amp;b.png\" alt='t' data-src=c.png ismap>"
      + "<math><annotation-xml encoding=\"text/html\"><image src=m.png></annotation-xml></math><svg><image href=h.svg /></svg>"
    var tokenizer = HTMLTokenizer(html, valuesOf: ["src", "href"])
    var all = HTMLTokenizer(html)
    var starts: [HTMLStartTag] = []
    var allStarts: [HTMLStartTag] = []
    while let token = tokenizer.next() { if case .startTag(let tag) = token { starts.append(tag) } }
    while let token = all.next() { if case .startTag(let tag) = token { allStarts.append(tag) } }
    // The same tags, names, namespaces and value ranges as without the filter.
    #expect(starts.map(\.name) == allStarts.map(\.name))
    #expect(starts.map(\.namespace) == allStarts.map(\.namespace))
    #expect(starts.map { $0.attributes.map(\.valueRange) } == allStarts.map { $0.attributes.map(\.valueRange) })
    let p = starts[0]
    #expect(p.attributes.map(\.value) == ["", ""])
    let img = starts[1]
    #expect(img.attribute("src")?.value == "a&b.png")
    #expect(img.attribute("alt")?.value == "")
    #expect(img.attribute("data-src")?.value == "")
    #expect(img.attribute("ismap") != nil)
    // The encoding makes annotation-xml an HTML integration point: <image> in it is HTML's img.
    #expect(starts.filter { $0.name == "img" }.map(\.namespace) == [.html, .html])
    #expect(starts.first { $0.name == "image" }?.namespace == .svg)
    #expect(starts.first { $0.name == "image" }?.attribute("href")?.value == "h.svg")
    #expect(starts.first { $0.name == "annotation-xml" }?.attribute("encoding")?.value == "text/html")
  }
}
