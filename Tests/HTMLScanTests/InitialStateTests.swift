import Testing

@testable import HTMLScan

/// The tokenizer as the html5lib-tests suite runs it: started in a given state, with a given
/// last start tag, and without tree construction.
@Suite struct InitialStateTests {
  static func tokens(_ html: String, _ state: TreeContext.Content, lastStartTag: String? = nil) -> [T] {
    var tokenizer = HTMLTokenizer(html, text: true, state: state, lastStartTag: lastStartTag, buildsTree: false)
    var tokens: [T] = []
    while let token = tokenizer.next() { tokens.append(T(token)) }
    return tokens
  }

  @Test func withoutTreeConstructionNoTagSwitchesTheState() {
    #expect(
      Self.tokens("<script><b></script><title>&amp;", .data) == [
        .s("script"), .s("b"), .e("script"), .s("title"), .t("&"),
      ])
  }

  @Test func withoutTreeConstructionNamesAndNamespacesStayAsWritten() {
    var tokenizer = HTMLTokenizer(
      "<svg><image><![CDATA[x]]>", text: true, state: .data, lastStartTag: nil, buildsTree: false)
    var tags: [String] = []
    var comments: [String] = []
    while let token = tokenizer.next() {
      if case .startTag(let tag) = token { tags.append("\(tag.name):\(tag.namespace)") }
      if case .comment(let text) = token { comments.append(text) }
    }
    // `image` is not made `img`, and with no open svg a CDATA section is a bogus comment.
    #expect(tags == ["svg:html", "image:html"])
    #expect(comments == ["[CDATA[x]]"])
  }

  @Test func theLastStartTagNamesTheEndTag() {
    #expect(Self.tokens("a</b></xmp>c", .rcdata, lastStartTag: "xmp") == [.t("a</b>"), .e("xmp"), .t("c")])
    #expect(Self.tokens("&lt;</xmp>", .rawText, lastStartTag: "xmp") == [.t("&lt;"), .e("xmp")])
    #expect(Self.tokens("&lt;</xmp>", .rcdata, lastStartTag: "xmp") == [.t("<"), .e("xmp")])
  }

  @Test func withoutALastStartTagNoEndTagEndsTheText() {
    #expect(Self.tokens("a</xmp></>b", .rawText) == [.t("a</xmp></>b")])
    #expect(Self.tokens("<!--</script>-->", .scriptData) == [.t("<!--</script>-->")])
  }

  @Test func plaintextAndCDATASection() {
    #expect(Self.tokens("a</plaintext>\0", .plaintext, lastStartTag: "plaintext") == [.t("a</plaintext>\u{FFFD}")])
    #expect(Self.tokens("a]]]><b>", .cdataSection) == [.t("a]"), .s("b")])
  }
}
