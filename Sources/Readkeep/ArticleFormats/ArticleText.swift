import HTMLScan
import Localization
public import OfflineStore

/// An article as text: its header (title, byline, address) and the cleaned article through the
/// one HTML-to-text conversion, `HTMLPlainText`'s reading layout.
public enum ArticleText {
  public static func render(_ article: StoredArticle, width: Int?, markdown: Bool) -> String {
    let info = ArticleInfo(id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes)
    // Highlights between == (Markdown's highlight, read as such in plain text too), notes as
    // numbered references listed after the article.
    let (marked, notes) = HighlightMarkup.rewrite(article.html, notes: .numbered, open: { _ in "==" }, close: "==")
    let cleaned = article.with(
      ArticleCleaner.clean(marked, title: info.title) { ArticlePage.isRealImage($0, in: article) })
    // Plain text names an image by what it is (its hash tells two of a size apart); Markdown
    // keeps it, as a data: URI.
    let body =
      markdown
      ? cleaned.htmlWithDataURIs
      : cleaned.html { hash, image in
        let (mime, size, prefix) = (image.mime, SiteIndex.size(image.bytes.count), hash.prefix(12))
        // TRANSLATORS: an image in an article as plain text: its type (image/png), its size and
        // the start of its SHA-256 hash.
        return tr("(embedded \(mime), \(size), sha256 \(prefix))")
      }
    var header = "<h1>\(Markup.text(info.title))</h1>"
    if !info.byline.isEmpty { header += "<p>\(Markup.text(info.byline))<br>" } else { header += "<p>" }
    if let url = info.url { header += Markup.text(url) }
    header += "</p>"
    var footer = ""
    if !notes.isEmpty {
      // TRANSLATORS: the heading of the notes of an article's highlights, after the article as text.
      footer = "<h2>\(Markup.text(tr("Notes")))</h2>"
      for (index, note) in notes.enumerated() { footer += "<p>[\(index + 1)] \(Markup.text(note))</p>" }
    }
    return HTMLPlainText.text(header + body + footer, layout: .reading(width: width, markdown: markdown))
  }
}
