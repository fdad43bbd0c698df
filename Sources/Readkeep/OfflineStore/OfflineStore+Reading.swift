public import Foundation
import GRDB
import SQLiteStore
public import Wire

/// The reading half of the store: articles with their images back in place, listings, the
/// full-text search and the figures `stats` shows.
extension OfflineStore {
  /// The article's HTML with its images back in place; marks it as read now when `touch`.
  public func html(id: String, touch: Bool = true, now: Date = Date()) throws -> String? {
    let stored: (String, [String: (mime: String, bytes: Data)])? = try reading { db in
      guard
        let html = try Data.fetchOne(db, sql: "SELECT CAST(html AS BLOB) FROM article WHERE id = ?", arguments: [id])
          .map(WholeText.text)
      else { return nil }
      var images: [String: (mime: String, bytes: Data)] = [:]
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT b.sha256, COALESCE(l.mime, b.mime) AS mime, b.data FROM blob b JOIN article_blob l ON l.sha256 = b.sha256
          WHERE l.article_id = ?
          """,
        arguments: [id])
      for row in rows { images[row["sha256"]] = (row["mime"], row["data"]) }
      return (html, images)
    }
    guard let (html, images) = stored else { return nil }
    if touch {
      try writing { db in
        try db.execute(
          sql: "UPDATE article SET accessed_at = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, id])
      }
    }
    return EmbeddedImages.restore(html, images: images)
  }

  /// The cached article as an `article` record with `"source": "cache"`, its `fetched_at` the
  /// time it was cached; the last-read date is left alone.
  public func article(id: String) throws -> Article? {
    let row = try reading { db in
      try Row.fetchOne(db, sql: "SELECT bookmark, cached_at FROM article WHERE id = ?", arguments: [id])
    }
    guard let row, let html = try html(id: id, touch: false) else { return nil }
    let bookmark =
      (try? Array((row["bookmark"] as String).utf8).withUnsafeBytes { try WireCoding.parse($0) })?.objectValue ?? [:]
    return Article(
      id: id, bookmark: bookmark, html: html, fetchedAt: Date(timeIntervalSince1970: row["cached_at"]), source: "cache")
  }

  public enum Sort: String, Sendable, CaseIterable { case cached, accessed, size, title }

  /// Cached articles, newest cached first unless `sort` says otherwise.
  /// The cached articles (with `label`, or with any of `anyLabel` when it is not empty).
  public func list(
    label: String? = nil, anyLabel: [String] = [], site: String? = nil, limit: Int? = nil, sort: Sort = .cached
  ) throws
    -> [CacheEntry]
  {
    var conditions = [Self.notBeingDeleted]
    var arguments: StatementArguments = []
    if let label {
      conditions.append("EXISTS (SELECT 1 FROM json_each(article.labels) WHERE value = ?)")
      _ = arguments.append(contentsOf: [label])
    }
    if !anyLabel.isEmpty {
      let marks = Array(repeating: "?", count: anyLabel.count).joined(separator: ", ")
      conditions.append("EXISTS (SELECT 1 FROM json_each(article.labels) WHERE value IN (\(marks)))")
      _ = arguments.append(contentsOf: StatementArguments(anyLabel))
    }
    if let site {
      conditions.append("(site = ? OR url LIKE ?)")
      _ = arguments.append(contentsOf: [site, "%://\(site)/%"])
    }
    let order =
      switch sort {
      case .cached: "cached_at DESC, rowid"
      case .accessed: "accessed_at IS NULL, accessed_at DESC, cached_at DESC"
      case .size: "bytes DESC, id"
      case .title: "title COLLATE NOCASE, id"
      }
    var sql = "SELECT \(Self.entryColumns) FROM article WHERE " + conditions.joined(separator: " AND ")
    sql += " ORDER BY " + order
    if let limit { sql += " LIMIT \(max(0, limit))" }
    return try reading { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.entry) }
  }

  public func entry(id: String) throws -> CacheEntry? {
    try reading { db in
      try Row.fetchOne(
        db,
        sql: "SELECT \(Self.entryColumns) FROM article WHERE id = ?",
        arguments: [id]
      ).map(Self.entry)
    }
  }

  public func contains(id: String) throws -> Bool {
    try reading { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM article WHERE id = ?)", arguments: [id]) ?? false
    }
  }

  public func ids() throws -> [String] {
    try reading { db in try String.fetchAll(db, sql: "SELECT id FROM article ORDER BY cached_at DESC, rowid") }
  }

  /// FTS5 query syntax, best match first (bm25), with the matched terms in `[…]` in the snippet;
  /// after the articles whose own text matches, those that only a highlight's text or note does.
  /// Ordered by the index's own `rank` column: FTS5 answers that from its ranked fast path,
  /// where `ORDER BY bm25(…)` scored every match (281 ms against 66 ms for a word in all of
  /// 10,000 articles). A long article's snippet is cut by `SearchSnippet` instead of FTS5, whose
  /// `snippet()` took minutes on one of 50 MB.
  public func search(_ query: String, limit: Int = 20) throws -> [SearchHit] {
    let snippets = SearchSnippet(table: "article_fts", contentColumn: "c4")  // body
    return try StoreDatabase.matching(path) {
      try database.read { db in
        let hits = try Row.fetchAll(
          db,
          sql: """
            SELECT a.id, a.title, a.site, a.url, article_fts.rank AS rank, article_fts.rowid AS fts_rowid
            FROM article_fts JOIN article a ON a.rowid = article_fts.rowid
            WHERE article_fts MATCH ? AND a.id NOT IN \(Self.queuedDeletions) ORDER BY article_fts.rank LIMIT ?
            """,
          arguments: [query, limit]
        ).map { row in
          SearchHit(
            id: row["id"], title: row["title"], site: row["site"], url: row["url"],
            snippet: try snippets.snippet(db, rowid: row["fts_rowid"], query: query),
            rank: row["rank"])
        }
        // Then the articles only their highlights match. A query the articles' index takes may
        // name a column the highlights' has not (title:, labels:): it then finds no highlight.
        return hits
          + ((try? highlightHits(db, query, limit: limit - hits.count, excluding: Set(hits.map(\.id)))) ?? [])
      }
    }
  }

  public struct Stats: Sendable, Equatable {
    public var count: Int
    public var bytes: Int
    public var blobs: Int
    public var blobBytes: Int
    public var lastSync: Date?
    /// Offline changes not yet pushed.
    public var pending: Int
    /// Links saved offline and not yet created on the server.
    public var linksQueued: Int
    /// Links the server created whose article no sync has brought yet.
    public var linksCreated: Int
    /// The ten largest articles, largest first.
    public var largest: [CacheEntry]
    /// What each label's articles take, largest first; an article counts for each of its labels.
    public var labels: [Share] = []
    /// What each site's articles take, largest first: Readeck's `site` (the domain), else the
    /// site's name, for a bookmark without one.
    public var sites: [Share] = []

    /// A label's or site's articles and their bytes.
    public struct Share: Sendable, Equatable {
      public var name: String
      public var count: Int
      public var bytes: Int
    }
  }

  public func stats() throws -> Stats {
    let largest = try list(limit: 10, sort: .size)
    let last = try lastSync()
    let pending = try pendingCount()
    return try reading { db in
      let articles = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(bytes), 0) AS bytes FROM article")!
      let blobs = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(length(data)), 0) AS bytes FROM blob")!
      let links = try Row.fetchOne(
        db, sql: "SELECT COUNT(*) - COUNT(bookmark_id) AS queued, COUNT(bookmark_id) AS created FROM pending_link")!
      return Stats(
        count: articles["n"], bytes: articles["bytes"], blobs: blobs["n"], blobBytes: blobs["bytes"], lastSync: last,
        pending: pending, linksQueued: links["queued"], linksCreated: links["created"], largest: largest,
        labels: try Self.storageShares(db, of: "SELECT l.value AS name, a.bytes FROM article a, json_each(a.labels) l"),
        sites: try Self.storageShares(
          db,
          of: """
            SELECT COALESCE(NULLIF(json_extract(bookmark, '$.site'), ''), NULLIF(site, '')) AS name, bytes FROM article
            """))
    }
  }

  /// The articles and bytes of each `name` that `rows` (`name`, `bytes`) yield, largest first,
  /// then most articles, then by name; rows without a name are left out.
  private static func storageShares(_ db: Database, of rows: String) throws -> [Stats.Share] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT name, COUNT(*) AS n, SUM(bytes) AS bytes FROM (\(rows)) WHERE typeof(name) = 'text'
        GROUP BY name ORDER BY bytes DESC, n DESC, name
        """
    ).map { Stats.Share(name: $0["name"], count: $0["n"], bytes: $0["bytes"]) }
  }

  /// The bookmarks whose deletion is queued: they leave every listing at once (list, search, the
  /// book, the site) and stay in the store, readable by id, until the server has confirmed.
  static let queuedDeletions =
    "(SELECT bookmark_id FROM pending_change WHERE field = 'is_deleted' AND value = 'true')"
  static let notBeingDeleted = "article.id NOT IN \(queuedDeletions)"

  /// What a `cache_entry` is read from: the article's columns, its local state from the cached
  /// bookmark, and the fields with a change still queued.
  static let entryColumns = """
    id, title, site, url, labels, cached_at, accessed_at, bytes, image_count,
    json_extract(bookmark, '$.is_archived') AS is_archived, json_extract(bookmark, '$.is_marked') AS is_marked,
    json_extract(bookmark, '$.read_progress') AS read_progress,
    (SELECT json_group_array(field) FROM (SELECT field FROM pending_change WHERE bookmark_id = article.id ORDER BY field))
      AS pending
    """

  static func entry(_ row: Row) -> CacheEntry {
    let labels =
      (try? Array((row["labels"] as String).utf8).withUnsafeBytes { try WireCoding.parse($0) })?
      .arrayValue?.compactMap(\.stringValue) ?? []
    return CacheEntry(
      id: row["id"], title: row["title"], site: row["site"], url: row["url"], labels: labels,
      cachedAt: Date(timeIntervalSince1970: row["cached_at"]),
      accessedAt: (row["accessed_at"] as Double?).map(Date.init(timeIntervalSince1970:)), bytes: row["bytes"],
      images: row["image_count"], archived: row["is_archived"], marked: row["is_marked"],
      progress: row["read_progress"], pending: strings(parse(row["pending"])))
  }
}

extension OfflineStore {
  /// What a sync that could not reach the server serves instead: the saved articles it would
  /// have selected (with any of `labels`, or all when there are none; the newest cached first,
  /// up to `limit`, nil for all), leaving out those it wrote before it stopped. Each goes to
  /// `body` as it is read; an article removed meanwhile is passed over. Returns how many went out.
  @discardableResult
  public func savedArticles(
    labels: [String], limit: Int?, leavingOut written: Set<String>, _ body: (Article) throws -> Void
  )
    throws -> Int
  {
    var served = 0
    for entry in try list(anyLabel: labels, limit: limit) where !written.contains(entry.id) {
      guard let article = try article(id: entry.id) else { continue }
      try body(article)
      served += 1
    }
    return served
  }
}
