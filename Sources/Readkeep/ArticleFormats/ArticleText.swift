import HTMLScan
import Localization
public import OfflineStore

/// An article as text: its header (title, byline, address) and the cleaned article through the
/// one HTML-to-text conversion, `HTMLPlainText`'s reading layout.
public enum ArticleText {
  public static func render(_ article: StoredArticle, width: Int?, markdown: Bool) -> String {
    let info = ArticleInfo(id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes)
    // Highlights between == (Markdown's highlight, read as such in plain text too), notes as
    // numbered references listed after the article: [n1], [n2] …, apart from the links' [1], [2].
    let (marked, notes) = HighlightMarkup.rewrite(
      article.htmlWithHighlights, notes: .numbered, open: { _ in "==" }, close: "==", reference: noteMarker)
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
      let heading = tr("Notes")
      footer = "<h2>\(Markup.text(heading))</h2>"
      for (index, note) in notes.enumerated() { footer += "<p>\(noteMarker(index + 1)) \(Markup.text(note))</p>" }
    }
    // TRANSLATORS: the heading of the list of link and image addresses at the end of an article
    // as text; [1], [2] … in the text refer to it.
    let references = tr("References:")
    return HTMLPlainText.text(
      header + body + footer, layout: .reading(width: width, markdown: markdown), referencesHeading: references)
  }

  /// What stands for highlight note `number` in the text and before the note itself: `[n1]`,
  /// so that it is not read as the link reference `[1]`.
  static func noteMarker(_ number: Int) -> String { "[n\(number)]" }
}
