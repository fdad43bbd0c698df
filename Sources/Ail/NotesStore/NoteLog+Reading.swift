public import Foundation
import GRDB
import SQLiteStore
public import Wire

/// Reading the notes: one entry, listings, reminders, the full-text search, versions.
extension NoteLog {
  public func entry(_ id: String) throws -> LogEntry {
    try reading { db in try Self.load(db, try resolve(db, id)) }
  }

  public enum Sort: String, Sendable, CaseIterable { case created, due, title }

  /// Which entries a listing shows.
  public struct Filter: Sendable {
    public enum Reminders: Sendable { case any, due, upcoming }
    public var category: String?
    public var tag: String?
    public var reminders: Reminders
    public var since: Date?
    public var limit: Int?

    public init(
      category: String? = nil, tag: String? = nil, reminders: Reminders = .any, since: Date? = nil, limit: Int? = nil
    ) {
      self.category = category
      self.tag = tag
      self.reminders = reminders
      self.since = since
      self.limit = limit
    }
  }

  /// Entries, newest first unless `sort` says otherwise; `due` and `upcoming` sort by reminder
  /// unless a sort is given, as the app's dashboard does.
  public func list(_ filter: Filter = Filter(), sort: Sort? = nil, now: Date = Date()) throws -> [LogEntry] {
    var conditions: [String] = []
    var arguments: StatementArguments = []
    if let category = filter.category {
      conditions.append("category = ? COLLATE NOCASE")
      _ = arguments.append(contentsOf: [category])
    }
    if let tag = filter.tag {
      conditions.append("EXISTS (SELECT 1 FROM json_each(entry.tags) WHERE lower(value) = lower(?))")
      _ = arguments.append(contentsOf: [tag])
    }
    switch filter.reminders {
    case .any: break
    case .due:
      conditions.append("reminder IS NOT NULL AND reminder <= ?")
      _ = arguments.append(contentsOf: [now.timeIntervalSince1970])
    case .upcoming:
      conditions.append("reminder > ?")
      _ = arguments.append(contentsOf: [now.timeIntervalSince1970])
    }
    if let since = filter.since {
      conditions.append("created_at >= ?")
      _ = arguments.append(contentsOf: [since.timeIntervalSince1970])
    }
    let order =
      switch sort ?? (filter.reminders == .any ? .created : .due) {
      case .created: "created_at DESC, rowid DESC"
      case .due: "reminder IS NULL, reminder, created_at"
      case .title: "title COLLATE NOCASE, created_at"
      }
    var sql = "SELECT \(Self.columns) FROM entry"
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql += " ORDER BY " + order
    if let limit = filter.limit { sql += " LIMIT \(max(0, limit))" }
    return try reading { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.entry) }
  }

  /// Entries matching `query` in title, content or tags, best first; case and diacritics are
  /// folded on both sides. Plain words are looked for as words (`café` finds "Cafe"; `note*`
  /// a prefix); FTS5 operators (AND, OR, NOT, quotes, `title:`) work as in SQLite.
  public func search(_ query: String, limit: Int = 20) throws -> [LogHit] {
    let match = SearchQuery.fts5(query)
    guard !match.isEmpty else { throw StoreError.badQuery("nothing to search for") }
    // A long note's snippet is cut by `SearchSnippet`: FTS5's `snippet()` took 11.6 s on one of 1 MB.
    let snippets = SearchSnippet(table: "entry_fts", contentColumn: "c1")  // content
    return try StoreDatabase.matching(path) {
      try database.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT e.id, e.title, e.category, e.tags, entry_fts.rank AS rank, entry_fts.rowid AS fts_rowid
            FROM entry_fts JOIN entry e ON e.rowid = entry_fts.rowid
            WHERE entry_fts MATCH ? ORDER BY entry_fts.rank LIMIT ?
            """,
          arguments: [match, limit]
        ).map { row in
          LogHit(
            id: row["id"], title: row["title"], category: row["category"], tags: Self.strings(row["tags"]),
            snippet: try snippets.snippet(db, rowid: row["fts_rowid"], query: match),
            rank: row["rank"])
        }
      }
    }
  }

  /// The earlier contents of an entry, oldest first.
  public func versions(_ id: String) throws -> [LogVersion] {
    try reading { db in try Self.versions(db, try resolve(db, id)) }
  }

  static func versions(_ db: Database, _ id: String) throws -> [LogVersion] {
    try Row.fetchAll(
      db, sql: "SELECT number, content, saved_at FROM version WHERE entry_id = ? ORDER BY number", arguments: [id]
    ).map {
      LogVersion(
        entry: id, version: $0["number"], content: $0["content"], savedAt: Date(timeIntervalSince1970: $0["saved_at"]))
    }
  }

  /// The stored recording's path, nil when the entry has none.
  public func audioPath(_ id: String) throws -> String? {
    try entry(id).audio.map(recordings.path(of:))
  }

  /// Every tag with how many entries carry it (spellings that differ in case count as one, the
  /// most common spelling shown), most used first.
  public func tags() throws -> [LogLabel] {
    try reading { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT value AS name, COUNT(*) AS n FROM entry, json_each(entry.tags)
          GROUP BY lower(value) ORDER BY n DESC, lower(value)
          """
      ).map { LogLabel(type: "tag", name: $0["name"], entries: $0["n"]) }
    }
  }

  /// Every category (those made with `categories add` too) with its colour and entry count, by name.
  public func categories() throws -> [LogLabel] {
    try reading { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT c.name, c.color, (SELECT COUNT(*) FROM entry e WHERE e.category = c.name COLLATE NOCASE) AS n
          FROM category c ORDER BY c.name COLLATE NOCASE
          """
      ).map { LogLabel(type: "category", name: $0["name"], color: $0["color"], entries: $0["n"]) }
    }
  }
}
