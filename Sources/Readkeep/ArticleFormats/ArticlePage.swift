import Foundation
import HTMLScan
public import OfflineStore

/// One article as a complete HTML5 document that reads offline in any browser: charset, title,
/// language and direction, a header, the cleaned article with its images as `data:` URIs, the
/// stylesheet inline, and a Content-Security-Policy that lets it load nothing but those.
public enum ArticlePage {
  /// Only `data:` images and inline styles: nothing the page holds can reach the network or run.
  public static let contentSecurityPolicy =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

  /// The page for a stored article.
  public static func document(_ article: StoredArticle) -> String {
    let info = ArticleInfo(id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes)
    let marked = HighlightMarkup.rewrite(article.htmlWithHighlights, notes: .inline).html
    let body = ArticleCleaner.clean(marked, title: info.title) { Self.isRealImage($0, in: article) }
    return document(info, body: article.with(body).htmlWithDataURIs)
  }

  /// The page around an article's cleaned HTML.
  public static func document(_ info: ArticleInfo, body: String) -> String {
    var page = "<!DOCTYPE html>\n<html"
    if let language = info.language { page += " lang=\"\(Markup.attribute(language))\"" }
    if let direction = info.direction { page += " dir=\"\(direction)\"" }
    page += """
      >
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
      <meta name="referrer" content="no-referrer">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.text(info.title))</title>
      <style>
      \(Stylesheet.page)
      </style>
      </head>
      <body>
      \(header(info))
      <article>
      \(body)
      </article>
      </body>
      </html>

      """
    return page
  }

  /// Title, byline and the link to the original, as pages and book chapters show them.
  static func header(_ info: ArticleInfo) -> String {
    var header = "<header class=\"article-header\">\n<h1>\(Markup.text(info.title))</h1>\n"
    if !info.byline.isEmpty { header += "<p class=\"byline\">\(Markup.text(info.byline))</p>\n" }
    if let url = info.url, !ArticleCleaner.isScriptURL(url) {
      header += "<p class=\"source\"><a href=\"\(Markup.attribute(url))\">\(Markup.text(url))</a></p>\n"
    }
    return header + "</header>"
  }

  /// Whether a `src` is an image the page can show: a stored image bigger than a lazy-loading
  /// placeholder (a pixel), or an inline `data:` image longer than a placeholder's URI; never a
  /// URL, which the page may not load.
  static func isRealImage(_ value: String, in article: StoredArticle) -> Bool {
    if value.hasPrefix(StoredArticle.imageMarker) {
      let hash = String(value.dropFirst(StoredArticle.imageMarker.count))
      guard let image = article.images[hash] else { return false }
      return !isPixel(image.bytes)
    }
    return value.lowercased().hasPrefix("data:") && value.utf8.count > 200
  }

  /// A GIF or PNG of 1×1 pixels, the usual lazy-loading placeholder.
  static func isPixel(_ bytes: some Collection<UInt8>) -> Bool {
    let head = Array(bytes.prefix(24))
    if head.starts(with: Array("GIF8".utf8)), head.count >= 10 {
      return head[6] == 1 && head[7] == 0 && head[8] == 1 && head[9] == 0
    }
    if head.starts(with: [0x89, 0x50, 0x4e, 0x47]), head.count >= 24 {
      return head[16..<20].elementsEqual([0, 0, 0, 1]) && head[20..<24].elementsEqual([0, 0, 0, 1])
    }
    return false
  }
}

extension StoredArticle {
  /// The same article with other HTML (placeholders and all).
  func with(_ html: String) -> StoredArticle {
    var copy = self
    copy.html = html
    return copy
  }
}

/// Escaping for text and double-quoted attribute values, in HTML and XHTML alike: ``HTMLEscape``'s,
/// under the name the pages, the book and the highlights use.
public enum Markup {
  public static func text(_ value: String) -> String { HTMLEscape.text(value) }

  public static func attribute(_ value: String) -> String { HTMLEscape.attribute(value) }
}
