import HTMLScan
import Testing

/// The reading layout on hand-made articles: every structure an article uses, with the exact
/// text a reader sees.
@Suite struct BlockTextTests {
  private func text(_ html: String, width: Int? = 40, markdown: Bool = false) -> String {
    HTMLPlainText.text(html, layout: .reading(width: width, markdown: markdown))
  }

  @Test func headingsAndParagraphsAreSeparatedAndWrapped() {
    let html =
      "<h1>A &amp; B</h1><p>one two three four five six seven eight nine ten eleven twelve</p><h3>Sub</h3><p>x</p>"
    #expect(
      text(html, width: 25) == """
        A & B
        =====

        one two three four five
        six seven eight nine ten
        eleven twelve

        Sub

        x

        """)
  }

  @Test func listsKeepTheirMarkersAndNest() {
    let html = """
      <p>Intro</p><ul><li>alpha</li><li>beta<ol start="3"><li>gamma</li><li>delta <em>long</em> item text that wraps</li></ol></li></ul><p>After</p>
      """
    #expect(
      text(html, width: 24) == """
        Intro

        • alpha
        • beta
          3. gamma
          4. delta long item
             text that wraps

        After

        """)
  }

  @Test func anItemOfSeveralParagraphsMakesTheListLoose() {
    let html = "<ol><li><p>First</p><p>more</p></li><li>Second</li><li>Third</li></ol><ul><li>a</li><li>b</li></ul>"
    #expect(
      text(html) == """
        1. First

           more

        2. Second

        3. Third

        • a
        • b

        """)
  }

  @Test func quotesPreAndTablesKeepTheirShape() {
    let html = """
      <blockquote><p>Quoted text that is long enough to wrap here.</p><p>Second</p></blockquote>\
      <pre>
      let x = a &lt; b
        indented   spaces
      </pre><table><tr><th>Name</th><th>Size</th></tr><tr><td>a<br>b</td><td>2 <b>kB</b></td></tr></table>
      """
    #expect(
      text(html, width: 30) == """
        > Quoted text that is long
        > enough to wrap here.
        >
        > Second

            let x = a < b
              indented   spaces

        Name | Size
        a b | 2 kB

        """)
  }

  @Test func linksAndImagesBecomeNumberedReferences() {
    let html = """
      <p>See <a href="https://a.example/x?y=1&amp;z=2">the <b>page</b></a>, <a href="#top">top</a>, \
      <img src="https://img.example/i.png" alt="a chart"> and \
      <a href="https://a.example/x?y=1&amp;z=2">again</a>.</p>
      """
    #expect(
      text(html, width: nil) == """
        See the page [1], top, [image: a chart] [2] and again [1].

        References:
        [1] https://a.example/x?y=1&z=2
        [2] https://img.example/i.png

        """)
  }

  @Test func markdownKeepsStructureAndEscapes() {
    let html = """
      <h2>Title</h2><p>Some <strong>bold</strong>, <em>it</em>, <code>a*b</code> and <a href="https://x.example">link</a>.</p>\
      <ul><li>one</li><li>two</li></ul><blockquote>q</blockquote><pre>a
      b</pre><table><tr><th>h</th><th>k</th></tr><tr><td>1</td><td>2|3</td></tr></table>\
      <p><img src="https://i.example/p.png" alt="pic"></p>
      """
    #expect(
      text(html, width: nil, markdown: true) == """
        ## Title

        Some **bold**, *it*, `a*b` and [link][1].

        - one
        - two

        > q

        ```
        a
        b
        ```

        | h | k |
        | --- | --- |
        | 1 | 2\\|3 |

        ![pic][2]

        [1]: <https://x.example>
        [2]: <https://i.example/p.png>

        """)
  }

  @Test func scriptsStylesAndEntitiesNeverLeak() {
    let html = "<style>p{}</style><p>a&nbsp;b &lt;tag&gt; &eacute;<script>x<y</script></p><!-- c -->"
    let result = text(html)
    #expect(result == "a b <tag> é\n")
  }

  @Test func longWordsStayWholeAndNoLineIsWiderThanTheWidth() {
    let word = String(repeating: "x", count: 30)
    let html = "<blockquote><ul><li>short \(word) words after it here and more</li></ul></blockquote>"
    let lines = text(html, width: 20).split(separator: "\n")
    #expect(lines.contains { $0.contains(word) })
    #expect(lines.filter { !$0.contains(word) }.allSatisfy { $0.count <= 20 })
  }
}
