public import Foundation
import GRDB
import HTMLScan
// The store's errors (StoreError) and their exit statuses live in SQLiteStore, shared with the
// notes store; exported so that the store's users see them as before.
@_exported public import SQLiteStore
public import Wire

/// The offline store: one SQLite file (WAL, busy timeout, mode 0600) holding articles, their
/// embedded images once per content, and a full-text index kept in step with the articles. Every
/// write is one transaction (or, through ``Ingest``, whole records grouped in one), so a killed
/// process never leaves half an article.
public final class OfflineStore: Sendable {
  public let path: String
  /// A pool of connections for the commands that write, one read-only connection for those that
  /// only read (`init(readingAt:)`).
  let database: any DatabaseWriter

  /// Opens the store at `path` and migrates it to the current schema. Only with `creating` is a
  /// missing store (and its folder) made: a mistyped path for reading must not leave an empty
  /// store behind that then reads as "no articles".
  public init(path: String, creating: Bool = false) throws {
    self.path = path
    database = try StoreDatabase.pool(at: path, creating: creating, migrator: Schema.migrator)
  }

  /// Opens the store at `path` for a command that only reads it: a missing store is an error, and
  /// a current one opens without the writers' locking and set-up (any write then fails).
  public init(readingAt path: String) throws {
    self.path = path
    database = try StoreDatabase.reader(at: path, migrator: Schema.migrator)
  }

  // MARK: Writing

  public enum Change: Sendable, Equatable { case inserted, updated }

  /// When a written article was cached and last read.
  enum Dates {
    /// Cached now when new; an update keeps both dates.
    case now(Date)
    /// Exactly these (an import), unless the cached article is newer.
    case archived(cached: Date, accessed: Date?)
  }

  /// Stores or replaces an article in one transaction: row, image blobs and their reference
  /// counts, full-text entry.
  @discardableResult
  public func store(_ article: Article, now: Date = Date()) throws -> Change {
    let row = ArticleRow(article, now: now)
    return try writing { db in try write(row, db) }!
  }

  /// Writes an article; nil when `dates` are archived ones older than the cached article's,
  /// which then stays as it is.
  func put(id: String, bookmark: JSONObject, html: String, imageURLs: [String], dates: Dates) throws -> Change? {
    let row = ArticleRow(id: id, bookmark: bookmark, html: html, imageURLs: imageURLs, dates: dates)
    return try writing { db in try write(row, db) }
  }

  /// An article as its rows hold it, worked out before the transaction (images taken out of the
  /// HTML, plain text for the index), so that the transaction only writes.
  struct ArticleRow {
    let id: String
    let html: String
    let images: [String: EmbeddedImages.Image]
    let bytes: Int
    let meta: Metadata
    let text: String
    let imageURLsJSON: String
    let cachedAt: Date
    let accessedAt: Date?
    let exactDates: Bool
    /// The server's bookmark, for the reading record.
    let bookmark: JSONObject

    init(_ article: Article, now: Date) {
      self.init(
        id: article.id, bookmark: article.bookmark, html: article.html,
        imageURLs: (article.images ?? []).map { $0.resolved ?? $0.url }, dates: .now(now))
    }

    init(id: String, bookmark: JSONObject, html fullHTML: String, imageURLs: [String], dates: Dates) {
      self.id = id
      let (html, found) = EmbeddedImages.extract(from: fullHTML)
      var distinct: [String: EmbeddedImages.Image] = [:]
      for image in found { distinct[image.sha256] = image }
      self.html = html
      images = distinct
      bytes = html.utf8.count + distinct.values.reduce(0) { $0 + $1.bytes.count }
      meta = Metadata(bookmark)
      self.bookmark = bookmark
      text = WholeText.shown(Self.words(stored: html, full: fullHTML, movedImages: !found.isEmpty))
      imageURLsJSON = OfflineStore.json(.array(imageURLs.map(JSONValue.string)))
      (cachedAt, accessedAt, exactDates) =
        switch dates {
        case .now(let now): (now, nil, false)
        case .archived(let cached, let accessed): (cached, accessed, true)
        }
    }

    /// The words of the index. They are read from the HTML as stored: the images a tag holds are
    /// no words, and the megabytes of their base64 are left unread. Only an image written as text
    /// (an article about `data:` URLs) would put its placeholder among the words: those articles are
    /// read whole, as before.
    private static func words(stored: String, full: String, movedImages: Bool) -> String {
      var words = HTMLPlainText.text(stored, layout: .words)
      let placeholder = Array(EmbeddedImages.prefix.utf8)
      guard movedImages, words.withUTF8({ ByteSearch.firstIndex(of: placeholder, in: $0) != nil }) else { return words }
      return HTMLPlainText.text(full, layout: .words)
    }
  }

  /// Writes an article's row, blobs and index entry inside the caller's transaction; nil when
  /// its archived dates are older than the cached article's.
  func write(_ row: ArticleRow, _ db: Database) throws -> Change? {
    let existing = try Row.fetchOne(db, sql: "SELECT rowid, cached_at FROM article WHERE id = ?", arguments: [row.id])
    if row.exactDates, let existing, (existing["cached_at"] as Double) > row.cachedAt.timeIntervalSince1970 {
      return nil
    }
    let meta = row.meta
    // An article fetched from the server is a sighting of its progress; an import is not. The
    // cached progress is read alone: decoding the whole cached bookmark here would slow every store.
    if !row.exactDates {
      let cached = try Double.fetchOne(
        db,
        sql: """
          SELECT CASE WHEN json_type(bookmark, '$.read_progress') IN ('integer', 'real')
            THEN json_extract(bookmark, '$.read_progress') END FROM article WHERE id = ?
          """, arguments: [row.id])
      try Self.noteReading(
        db, id: row.id, bookmark: row.bookmark, previous: cached.map(JSONValue.number), side: .online,
        at: row.cachedAt)
    }
    try db.execute(
      sql: """
        INSERT INTO article (id, bookmark, html, title, site, url, labels, image_urls, cached_at, accessed_at, bytes, image_count, fetched_at)
        VALUES (?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET bookmark = excluded.bookmark, html = excluded.html, title = excluded.title,
          fetched_at = excluded.fetched_at,
          site = excluded.site, url = excluded.url, labels = excluded.labels, image_urls = excluded.image_urls,
          bytes = excluded.bytes, image_count = excluded.image_count,
          cached_at = CASE WHEN ? THEN excluded.cached_at ELSE cached_at END,
          accessed_at = CASE WHEN ? THEN excluded.accessed_at ELSE accessed_at END
        """,
      arguments: [
        row.id, meta.bookmarkJSON, WholeText.argument(row.html), meta.title, meta.site, meta.url, meta.labelsJSON,
        row.imageURLsJSON,
        row.cachedAt.timeIntervalSince1970, row.accessedAt?.timeIntervalSince1970, row.bytes, row.images.count,
        row.cachedAt.timeIntervalSince1970, row.exactDates, row.exactDates,
      ])
    let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM article WHERE id = ?", arguments: [row.id])!
    // A link saved offline has arrived as an article.
    try db.execute(sql: "DELETE FROM pending_link WHERE bookmark_id = ?", arguments: [row.id])
    try Self.articleStored(id: row.id, html: row.html, db)
    try linkBlobs(db, articleID: row.id, images: row.images)
    try db.execute(sql: "DELETE FROM article_fts WHERE rowid = ?", arguments: [rowid])
    try db.execute(
      sql: "INSERT INTO article_fts (rowid, title, site, url, labels, body) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [rowid, meta.title, meta.site ?? "", meta.url ?? "", meta.labelsText, row.text])
    return existing == nil ? .inserted : .updated
  }

  /// Updates the metadata of an article that is cached from the server's bookmark, except the
  /// fields with an offline change still to be pushed, which keep their local value; returns
  /// false when the article is not cached.
  @discardableResult
  public func updateMetadata(_ record: BookmarkRecord, now: Date = Date()) throws -> Bool {
    try writing { db in try updateMetadata(record, db, now: now) }
  }

  /// ``updateMetadata(_:)`` inside the caller's transaction.
  func updateMetadata(_ record: BookmarkRecord, _ db: Database, now: Date = Date()) throws -> Bool {
    // A saved link the server loaded without finding an article will never bring one: it leaves
    // the links awaiting their article (and so list, stats and ids --saved).
    if record.bookmark["loaded"]?.boolValue == true, record.bookmark["has_article"]?.boolValue == false {
      try db.execute(sql: "DELETE FROM pending_link WHERE bookmark_id = ?", arguments: [record.id])
    }
    guard let cached = try cachedBookmark(db, id: record.id) else {
      // Read on the phone and not cached (or pruned since): the record still follows it.
      try Self.noteReading(db, id: record.id, bookmark: record.bookmark, previous: nil, side: .online, at: now)
      return false
    }
    var bookmark = record.bookmark
    for field in try String.fetchAll(
      db, sql: "SELECT field FROM pending_change WHERE bookmark_id = ?", arguments: [record.id])
    {
      bookmark[field] = cached[field]
    }
    try Self.noteReading(
      db, id: record.id, bookmark: bookmark, previous: cached["read_progress"], side: .online, at: now)
    return try writeMetadata(db, id: record.id, bookmark: bookmark)
  }

  /// The cached bookmark object of an article, inside the caller's transaction.
  func cachedBookmark(_ db: Database, id: String) throws -> JSONObject? {
    guard let text = try String.fetchOne(db, sql: "SELECT bookmark FROM article WHERE id = ?", arguments: [id]) else {
      return nil
    }
    return (try? Array(text.utf8).withUnsafeBytes { try WireCoding.parse($0) })?.objectValue ?? [:]
  }

  /// Replaces a cached article's bookmark and the columns and index entry taken from it, inside
  /// the caller's transaction; false when the article is not cached.
  func writeMetadata(_ db: Database, id: String, bookmark: JSONObject) throws -> Bool {
    let meta = Metadata(bookmark)
    guard let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM article WHERE id = ?", arguments: [id]) else {
      return false
    }
    try db.execute(
      sql: "UPDATE article SET bookmark = ?, title = ?, site = ?, url = ?, labels = ? WHERE id = ?",
      arguments: [meta.bookmarkJSON, meta.title, meta.site, meta.url, meta.labelsJSON, id])
    try db.execute(
      sql: "UPDATE article_fts SET title = ?, site = ?, url = ?, labels = ? WHERE rowid = ?",
      arguments: [meta.title, meta.site ?? "", meta.url ?? "", meta.labelsText, rowid])
    return true
  }

  /// Removes articles (and the blobs only they used); returns what was removed, in the given order.
  public func remove(ids: [String]) throws -> [(id: String, title: String, bytes: Int)] {
    var removed: [(id: String, title: String, bytes: Int)] = []
    for id in ids {
      // One transaction per article, like every other write.
      if let one = try writing({ db in try removeArticle(db, id: id) }) { removed.append(one) }
    }
    return removed
  }

  /// Removes one article, its index entry and the blobs only it used, inside the caller's
  /// transaction; nil when it is not cached.
  func removeArticle(_ db: Database, id: String) throws -> (id: String, title: String, bytes: Int)? {
    guard let row = try Row.fetchOne(db, sql: "SELECT rowid, title, bytes FROM article WHERE id = ?", arguments: [id])
    else { return nil }
    try linkBlobs(db, articleID: id, images: [:])
    try db.execute(sql: "DELETE FROM article_fts WHERE rowid = ?", arguments: [row["rowid"] as Int64])
    try db.execute(sql: "DELETE FROM article WHERE id = ?", arguments: [id])
    return (id, row["title"], row["bytes"])
  }

  /// Makes the article's blob links exactly `images`, adjusting reference counts and deleting
  /// blobs nobody uses any more, inside the caller's transaction.
  private func linkBlobs(_ db: Database, articleID: String, images: [String: EmbeddedImages.Image]) throws {
    let old = Set(
      try String.fetchAll(db, sql: "SELECT sha256 FROM article_blob WHERE article_id = ?", arguments: [articleID]))
    let new = Set(images.keys)
    for sha in new.subtracting(old) {
      let image = images[sha]!
      try db.execute(
        sql: """
          INSERT INTO blob (sha256, mime, data, refs) VALUES (?, ?, ?, 1)
          ON CONFLICT(sha256) DO UPDATE SET refs = refs + 1
          """,
        arguments: [sha, image.mime, image.bytes])
      try db.execute(
        sql: "INSERT INTO article_blob (article_id, sha256, mime) VALUES (?, ?, ?)",
        arguments: [articleID, sha, image.mime])
    }
    for sha in new.intersection(old) {
      try db.execute(
        sql: "UPDATE article_blob SET mime = ? WHERE article_id = ? AND sha256 = ?",
        arguments: [images[sha]!.mime, articleID, sha])
    }
    for sha in old.subtracting(new) {
      try db.execute(sql: "DELETE FROM article_blob WHERE article_id = ? AND sha256 = ?", arguments: [articleID, sha])
      try db.execute(sql: "UPDATE blob SET refs = refs - 1 WHERE sha256 = ? AND refs > 1", arguments: [sha])
      try db.execute(
        sql:
          "DELETE FROM blob WHERE sha256 = ? AND refs = 1 AND NOT EXISTS (SELECT 1 FROM article_blob WHERE sha256 = ?)",
        arguments: [sha, sha])
    }
  }

  // MARK: Sync time

  public func recordSync(at date: Date) throws {
    try writing { db in try recordSync(at: date, db) }
  }

  func recordSync(at date: Date, _ db: Database) throws {
    try db.execute(
      sql:
        "INSERT INTO meta (key, value) VALUES ('last_sync', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      arguments: [RFC3339.string(from: date)])
  }

  /// Keeps a sync's time aside (a stage of a longer sync): ``recordHeldSync()`` records it once
  /// the whole sync has ended well, so that an interrupted one never counts.
  func holdSync(at date: Date, _ db: Database) throws {
    try db.execute(
      sql:
        "INSERT INTO meta (key, value) VALUES ('held_sync', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      arguments: [RFC3339.string(from: date)])
  }

  /// Records the time ``holdSync(at:_:)`` kept aside as the sync time; nil (and nothing changed)
  /// when none is held.
  public func recordHeldSync() throws -> Date? {
    try writing { db in
      guard let held = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'held_sync'") else {
        return nil
      }
      try db.execute(sql: "DELETE FROM meta WHERE key = 'held_sync'")
      guard let date = RFC3339.date(from: held) else { return nil }
      try recordSync(at: date, db)
      return date
    }
  }

  public func lastSync() throws -> Date? {
    try reading { db in
      try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'last_sync'").flatMap(RFC3339.date(from:))
    }
  }

  // MARK: Helpers

  /// A read transaction whose database errors say which store failed; GRDB stays inside.
  func reading<T>(_ body: (Database) throws -> T) throws -> T {
    try StoreDatabase.reporting(path) { try database.read(body) }
  }

  /// A write transaction whose database errors say which store failed.
  func writing<T>(_ body: (Database) throws -> T) throws -> T {
    try StoreDatabase.reporting(path) { try database.write(body) }
  }

  func failure(_ error: DatabaseError) -> StoreError { StoreDatabase.failure(path, error) }

  /// The columns both an article and a bookmark record set, taken from the server's bookmark.
  struct Metadata {
    let bookmarkJSON: String
    let title: String
    let site: String?
    let url: String?
    let labelsJSON: String
    /// Labels as the full-text index sees them.
    let labelsText: String

    init(_ bookmark: JSONObject) {
      let labels = bookmark["labels"]?.arrayValue?.compactMap(\.stringValue) ?? []
      bookmarkJSON = OfflineStore.json(.object(bookmark))
      // The bookmark is kept whole as JSON (a U+0000 escaped); these columns are read from it.
      title = WholeText.shown(bookmark["title"]?.stringValue ?? "")
      site = (bookmark["site_name"]?.stringValue ?? bookmark["site"]?.stringValue).map(WholeText.shown)
      url = bookmark["url"]?.stringValue.map(WholeText.shown)
      labelsJSON = OfflineStore.json(.array(labels.map(JSONValue.string)))
      labelsText = WholeText.shown(labels.joined(separator: " "))
    }
  }

  static func json(_ value: JSONValue) -> String {
    // Canonical wire text without the line's newline.
    String(decoding: (try? WireCoding.line(value))?.dropLast() ?? [], as: UTF8.self)
  }
}
