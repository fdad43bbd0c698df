// libFuzzer entry point for the project's one conversion from HTML to text (HTMLPlainText), in
// every layout its users see: the search index's words, a mail reader's lines (ail-mail body and
// parse), and the reading text of rk-cache text, plain and Markdown, with and without a width,
// also after the article cleaning rk-cache text does first (ArticleCleaner).
// Checked: no trap; the words are one line without doubled spaces; every other layout is empty
// or ends with a line break; Readeck's highlight wrappers taken out (HighlightMarkup, with nothing
// in their place) leave the text as it was, white space aside.
// Run by `scripts/fuzz fuzz-text`; seeded with the article pages in Fuzz/Seeds/fuzz-text.
import FuzzCheck
import HTMLScan
import ArticleFormats

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
  return 0
}
