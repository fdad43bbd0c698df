import HTMLScan

/// The text a reader sees in an article, for the full-text index: its words, one space apart.
enum VisibleText {
  static func of(_ html: String) -> String { HTMLPlainText.text(html, layout: .words) }
}
