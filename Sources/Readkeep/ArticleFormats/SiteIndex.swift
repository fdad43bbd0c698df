public import Foundation
import Localization
public import OfflineStore
import PrivateFiles

/// `index.html` for a folder of articles: a table of title (linked), site, date, reading time and
/// size, in the order given (newest first), under the same policy as the pages.
public enum SiteIndex {
  public struct Entry: Sendable {
    public var info: ArticleInfo
    /// Relative to the index.
    public var href: String

    public init(info: ArticleInfo, href: String) {
      self.info = info
      self.href = href
    }
  }

  public static func html(_ entries: [Entry], now: Date = Date()) -> String {
    let rows = entries.map { entry in
      let info = entry.info
      let date = ArticleInfo.day(info.published ?? info.cachedAt)
      let minutes = info.readingMinutes.map(ArticleInfo.readingTime) ?? ""
      return """
        <tr><td><a href="\(Markup.attribute(entry.href))">\(Markup.text(info.title))</a></td>\
        <td>\(Markup.text(info.siteName ?? ""))</td><td>\(date)</td><td>\(minutes)</td>\
        <td>\(size(info.bytes))</td></tr>
        """
    }
    let (number, day) = (entries.count, ArticleInfo.day(now))
    // TRANSLATORS: the line under the heading of an exported folder's index.html; {1} is the day.
    let count = tr(one: "\(number) article, \(day)", other: "\(number) articles, \(day)", count: number)
    // TRANSLATORS: the title and heading of an exported folder's index.html.
    let articles = tr("Articles")
    // TRANSLATORS: the column headings of an exported folder's index.html: the article's title, its
    // site, its date, its reading time and its size.
    let headings = [tr("Title"), tr("Site"), tr("Date"), tr("Reading"), tr("Size")].map {
      "<th>\(Markup.text($0))</th>"
    }
    return """
      <!DOCTYPE html>
      <html>
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(ArticlePage.contentSecurityPolicy)">
      <meta name="referrer" content="no-referrer">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.text(articles))</title>
      <style>
      \(Stylesheet.page)
      body { max-width: 60rem; }
      table { display: table; width: 100%; }
      td:nth-child(n+3) { white-space: nowrap; }
      </style>
      </head>
      <body>
      <header class="article-header"><h1>\(Markup.text(articles))</h1><p class="byline">\(Markup.text(count))</p></header>
      <table>
      <thead><tr>\(headings.joined())</tr></thead>
      <tbody>
      \(rows.joined(separator: "\n"))
      </tbody>
      </table>
      </body>
      </html>

      """
  }

  /// The index of a ZIP export, linking its `articles/ID.html`.
  public static func html(exported: [ExportedArticle], now: Date = Date()) -> String {
    html(
      exported.map { article in
        Entry(
          info: ArticleInfo(
            id: article.id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes),
          href: article.path)
      }, now: now)
  }

  /// `12.5 MB`, `830 kB`, `512 B`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return "\((Double(bytes) / 1000).rounded()) kB".replacingOccurrences(of: ".0 ", with: " ") }
    // One decimal, written the language's way (12,5 MB in German).
    return String(format: "%.1f MB", Double(bytes) / 1_000_000)
      .replacingOccurrences(of: ".", with: String(Language.current.decimalSeparator))
  }
}

/// Every cached article as a page in a folder, with `index.html`.
public enum SiteExport {
  public struct Summary: Sendable, Equatable {
    public var articles: Int
    public var bytes: Int
  }

  /// Writes `folder/index.html` and `folder/articles/ID.html` (files mode 0600, as everything
  /// holding the user's articles); other files in the folder stay.
  public static func write(_ store: OfflineStore, to folder: String, now: Date = Date()) throws -> Summary {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    if manager.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
      throw FileWriteError(path: folder, reason: tr("it is a file, not a folder"))
    }
    let articlesFolder = PathParts.joining(folder, "articles")
    do {
      try manager.createDirectory(atPath: articlesFolder, withIntermediateDirectories: true)
    } catch {
      throw FileWriteError(path: articlesFolder, reason: tr("cannot create the folder"))
    }
    var entries: [SiteIndex.Entry] = []
    var bytes = 0
    for id in try store.selection() {
      guard let article = try store.stored(id: id) else { continue }  // pruned meanwhile
      let file = "articles/" + StoredArticle.fileName(for: id) + ".html"
      let page = Data(ArticlePage.document(article).utf8)
      try PrivateFile.write(page, to: PathParts.joining(folder, file))
      bytes += page.count
      entries.append(
        SiteIndex.Entry(
          info: ArticleInfo(id: id, bookmark: article.bookmark, cachedAt: article.cachedAt, bytes: article.bytes),
          href: file))
    }
    let index = Data(SiteIndex.html(entries, now: now).utf8)
    try PrivateFile.write(index, to: PathParts.joining(folder, "index.html"))
    return Summary(articles: entries.count, bytes: bytes + index.count)
  }
}
