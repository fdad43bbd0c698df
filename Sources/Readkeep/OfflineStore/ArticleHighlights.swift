import Foundation
import GRDB
import SQLiteStore
import Wire

/// What an article is to show of its highlights beyond what its HTML wraps. Readeck writes the
/// highlights into the article it serves, and a sync fetches an article once; so the HTML shows
/// them as they were then. The store knows more: where a highlight made here lies (it computed
/// the anchor itself, and keeps it after the push until the article comes back with the
/// server's wrapper), which were edited or deleted here, and, from a listing newer than the
/// article, which changed or went elsewhere. Page, text and book draw from both, so a highlight
/// shows where it is made, before any sync.
public struct ArticleHighlights: Sendable, Equatable {
  /// A highlight the store placed itself: its span of the body's text (as HighlightAnchor counts
  /// it), the text it covered then, to tell that the article has not changed under it, and its look.
  public struct Placed: Sendable, Equatable {
    public var id: String
    public var range: Range<Int>
    public var text: String
    public var shown: HighlightWrappers.Shown

    public init(id: String, range: Range<Int>, text: String, shown: HighlightWrappers.Shown) {
      self.id = id
      self.range = range
      self.text = text
      self.shown = shown
    }
  }

  /// In the order of their places.
  public var placed: [Placed] = []
  /// Wrapped highlights whose record is newer than the article: how they look now.
  public var restyled: [String: HighlightWrappers.Shown] = [:]
  /// Wrapped highlights that are gone: deleted here, or missing from a listing newer than the article.
  public var hidden: Set<String> = []

  public init(
    placed: [Placed] = [], restyled: [String: HighlightWrappers.Shown] = [:], hidden: Set<String> = []
  ) {
    self.placed = placed
    self.restyled = restyled
    self.hidden = hidden
  }

  /// Whether the HTML shows what the store expects as it is.
  public var isEmpty: Bool { placed.isEmpty && restyled.isEmpty && hidden.isEmpty }
}

extension OfflineStore {
  /// The cached articles that show less than the server holds: a highlight of the last complete
  /// listing that the article neither wraps nor the store placed (one made on the phone since
  /// the fetch), newest cached first, for `rk-fetch --also-ids`. Colours, notes and deletions need
  /// no new fetch: the store draws them. None before a complete listing was kept.
  public func articlesWithStaleHighlights() throws -> [String] {
    try reading { db in
      guard try Self.highlightsListedAt(db) != nil else { return [] }
      var stale: [String] = []
      let articles = try Row.fetchCursor(
        db,
        sql: """
          SELECT id, CAST(html AS BLOB) AS html, cached_at FROM article
          WHERE id IN (SELECT bookmark_id FROM highlight WHERE range_start IS NULL AND id NOT LIKE 'local-hl-%')
          ORDER BY cached_at DESC, id
          """)
      while let row = try articles.next() {
        let id: String = row["id"]
        let wrapped = HighlightWrappers.shown(in: WholeText.text(row["html"]))
        let queued = Set(
          try String.fetchAll(
            db, sql: "SELECT highlight_id FROM pending_highlight WHERE bookmark_id = ? AND highlight_id IS NOT NULL",
            arguments: [id]))
        let unplaced = try String.fetchAll(
          db,
          sql: "SELECT id FROM highlight WHERE bookmark_id = ? AND range_start IS NULL AND id NOT LIKE 'local-hl-%'",
          arguments: [id])
        if unplaced.contains(where: { wrapped[$0] == nil && !queued.contains($0) }) { stale.append(id) }
      }
      return stale
    }
  }

  /// The cached articles that are to show something of their highlights beyond their wrappers,
  /// with their HTML, newest cached first: what `rk-cache ids --stale` checks can be drawn.
  public func articlesWithHighlightsToDraw() throws -> [(id: String, html: String, highlights: ArticleHighlights)] {
    try reading { db in
      var found: [(id: String, html: String, highlights: ArticleHighlights)] = []
      let articles = try Row.fetchCursor(
        db,
        sql: """
          SELECT id, CAST(html AS BLOB) AS html, fetched_at FROM article
          WHERE id IN (SELECT bookmark_id FROM highlight UNION SELECT bookmark_id FROM pending_highlight
            UNION SELECT bookmark_id FROM highlight_gone) OR instr(html, 'rd-annotation') > 0
          ORDER BY cached_at DESC, id
          """)
      while let row = try articles.next() {
        let html = WholeText.text(row["html"])
        let highlights = try Self.articleHighlights(id: row["id"], html: html, fetchedAt: row["fetched_at"], db)
        if !highlights.isEmpty { found.append((row["id"], html, highlights)) }
      }
      return found
    }
  }

  /// What article `id` is to show beyond its wrappers; nil when it is not cached.
  public func articleHighlights(id: String) throws -> ArticleHighlights? {
    try reading { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT CAST(html AS BLOB) AS html, fetched_at FROM article WHERE id = ?", arguments: [id])
      else { return nil }
      return try Self.articleHighlights(id: id, html: WholeText.text(row["html"]), fetchedAt: row["fetched_at"], db)
    }
  }

  /// What article `id`, its `html` fetched at `fetchedAt`, is to show beyond its wrappers.
  static func articleHighlights(id: String, html: String, fetchedAt: Double, _ db: Database) throws
    -> ArticleHighlights
  {
    var expected = ArticleHighlights()
    let wrapped = HighlightWrappers.shown(in: html)
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT id, json_extract(record, '$.color') AS color, json_extract(record, '$.note') AS note,
          json_extract(record, '$.text') AS text, range_start, range_end, seen_at
        FROM highlight WHERE bookmark_id = ? ORDER BY range_start, created
        """,
      arguments: [id])
    let edited = Set(
      try String.fetchAll(
        db, sql: "SELECT highlight_id FROM pending_highlight WHERE bookmark_id = ? AND action = 'edit'",
        arguments: [id]))
    var kept = Set<String>()
    for row in rows {
      let highlight: String = row["id"]
      kept.insert(highlight)
      let shown = HighlightWrappers.Shown(color: row["color"], note: row["note"])
      if let look = wrapped[highlight] {
        let newer = edited.contains(highlight) || (row["seen_at"] as Double) > fetchedAt
        if newer, look != shown { expected.restyled[highlight] = shown }
      } else if let start = row["range_start"] as Int?, let end = row["range_end"] as Int?, 0 <= start, start < end {
        expected.placed.append(.init(id: highlight, range: start..<end, text: row["text"] ?? "", shown: shown))
      }
    }
    let deleted = Set(
      try String.fetchAll(
        db,
        sql: """
          SELECT highlight_id FROM pending_highlight WHERE bookmark_id = ? AND action = 'delete'
          UNION SELECT id FROM highlight_gone WHERE bookmark_id = ?
          """,
        arguments: [id, id]))
    let listedSinceFetch = try highlightsListedAt(db).map { $0.timeIntervalSince1970 > fetchedAt } ?? false
    expected.hidden = Set(wrapped.keys.filter { deleted.contains($0) || (listedSinceFetch && !kept.contains($0)) })
    return expected
  }

  /// The store's own drawing of a highlight begins with its anchor; the article fetched again
  /// with the server's wrapper for it ends it, and ends the hiding of those deleted from here.
  static func articleStored(id: String, html: String, _ db: Database) throws {
    let wrapped = HighlightWrappers.shown(in: html)
    for highlight in try String.fetchAll(
      db, sql: "SELECT id FROM highlight WHERE bookmark_id = ? AND range_start IS NOT NULL", arguments: [id])
    where wrapped[highlight] != nil {
      try db.execute(
        sql: "UPDATE highlight SET range_start = NULL, range_end = NULL WHERE id = ?", arguments: [highlight])
    }
    for gone in try String.fetchAll(db, sql: "SELECT id FROM highlight_gone WHERE bookmark_id = ?", arguments: [id])
    where wrapped[gone] == nil {
      try db.execute(sql: "DELETE FROM highlight_gone WHERE id = ?", arguments: [gone])
    }
  }

  static func highlightsListedAt(_ db: Database) throws -> Date? {
    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'highlights_listed'").flatMap(RFC3339.date(from:))
  }
}
