import ArticleFormats
// libFuzzer entry point for the project's one conversion from HTML to text (HTMLPlainText), in
// every layout its users see: the search index's words, a mail reader's lines (ail-mail body and
// parse), and the reading text of rk-cache text, plain and Markdown, with and without a width,
// also after the article cleaning rk-cache text does first (ArticleCleaner).
// Checked: no trap; the words are one line without doubled spaces; every other layout is empty
// or ends with a line break; Readeck's highlight wrappers taken out (HighlightMarkup, with nothing
// in their place) leave the text as it was, white space aside. The same input is also parsed as a
// document by the tree builder (HTMLDocument): every node in the tree is its parent's child, the
// serializer ends; and a quote cut from one of its text nodes is found by HighlightPlacement,
// whose anchor then lies within the text and covers some of it; drawn into the article as the
// store draws a highlight made offline, it covers no more text than that anchor.
// Run by `scripts/fuzz fuzz-text`; seeded with the article pages in Fuzz/Seeds/fuzz-text.
import FuzzCheck
import HTMLScan
import OfflineStore

private let layouts: [HTMLPlainText.Layout] = [
  .lines, .reading(width: nil, markdown: false), .reading(width: 20, markdown: false),
  .reading(width: 72, markdown: true),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let html = String(decoding: bytes(data, size), as: UTF8.self)
  let words = HTMLPlainText.text(html, layout: .words)
  check(!words.utf8.contains(UInt8(ascii: "\n")), "the words hold a line break")
  check(!words.contains("  "), "the words hold two spaces in a row")
  for layout in layouts {
    let text = HTMLPlainText.text(html, layout: layout)
    check(text.isEmpty || text.hasSuffix("\n"), "\(layout): no final line break")
  }
  let unwrapped = HighlightMarkup.rewrite(html, notes: .numbered, open: { _ in "" }, close: "", reference: { _ in "" })
  // Spaces aside: HTMLPlainText parts words at a stray end tag where a browser does not.
  let letters = words.filter { !$0.isWhitespace }
  let unwrappedLetters = HTMLPlainText.text(unwrapped.html, layout: .words).filter { !$0.isWhitespace }
  check(unwrappedLetters == letters, "taking out the highlights changed the text")
  _ = HighlightMarkup.rewrite(html, notes: .inline)
  let cleaned = ArticleCleaner.clean(html, title: "One two three") { _ in true }
  let text = HTMLPlainText.text(cleaned, layout: .reading(width: 40, markdown: false))
  check(text.isEmpty || text.hasSuffix("\n"), "cleaned: no final line break")
  fuzzTree(html)
  return 0
}

/// The tree's links agree, and a quote from the body's text is placed within it.
private func fuzzTree(_ html: String) {
  let document = HTMLDocument(parsing: html, scripting: true)
  for (index, node) in document.nodes.enumerated() {
    for child in node.children {
      check(document.nodes[child].parent == index, "node \(child)'s parent is not \(index)")
    }
  }
  _ = document.serializeChildren(of: 0)
  // Wrappers in the input are taken out before placing, which may change its text nodes.
  guard let body = document.body, !html.contains("rd-annotation") else { return }
  // Positions count a template's text too, as Go's parser (the server's) makes it the template's
  // children; a quote is cut only from text outside templates, which a reader sees.
  var texts: [String] = []
  var total = 0
  var stack = [(node: body, shown: true)]
  while let (node, shown) = stack.popLast() {
    if case .text(let text) = document.nodes[node].kind {
      if shown { texts.append(text) }
      total += text.unicodeScalars.count
    }
    if let contents = document.nodes[node].element?.templateContents {
      stack.append(contentsOf: document.nodes[contents].children.reversed().map { ($0, false) })
    } else {
      stack.append(contentsOf: document.nodes[node].children.reversed().map { ($0, shown) })
    }
  }
  guard let longest = texts.max(by: { $0.unicodeScalars.count < $1.unicodeScalars.count }) else { return }
  let scalars = Array(longest.unicodeScalars)
  let quote = String(String.UnicodeScalarView(scalars[(scalars.count / 3)..<scalars.count]))
  guard quote.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return }
  switch Result(catching: { () throws(HighlightPlacement.Problem) in
    try HighlightPlacement(html: html).place(quote, occurrence: 1)
  }) {
  case .success(let anchor):
    check(anchor.range.lowerBound >= 0 && anchor.range.upperBound <= total, "the anchor lies outside the text")
    check(!anchor.range.isEmpty && anchor.startOffset >= 0 && anchor.endOffset > 0, "an empty anchor")
    let placed = ArticleHighlights.Placed(
      id: "f", range: anchor.range, text: anchor.text, shown: .init(color: nil, note: "n"))
    let drawn = HighlightPlacement.drawing(ArticleHighlights(placed: [placed]), in: html)
    // Lengths, not places: the drawn page is for reading, and parsing its serialization again
    // may drop white space the article began with, which shifts every place.
    let pieces = HighlightPlacement(html: drawn).highlighted.filter { $0.id == "f" }
    let drawnLength = pieces.reduce(0) { $0 + $1.range.count }
    check(drawnLength <= anchor.range.count, "drawn beyond its anchor: \(pieces) for \(anchor.range)")
  case .failure(let problem):
    check(problem != .notFound && problem != .emptyQuote, "a quote cut from the text: \(problem)")
  }
}
