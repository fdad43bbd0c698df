public import Foundation
import GRDB
public import Wire

/// The server's highlights, kept as `rk-fetch --highlights` lists them: each record replaces the
/// one of its id, and a complete listing removes those it no longer holds (deleted elsewhere).
extension OfflineStore {
  func put(_ highlight: HighlightRecord, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO highlight (id, bookmark_id, created, record) VALUES (?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET bookmark_id = excluded.bookmark_id, created = excluded.created,
          record = excluded.record
        """,
      arguments: [
        highlight.id, highlight.bookmarkID, highlight.created.timeIntervalSince1970,
        Self.json(.object(highlight.members)),
      ])
  }

  /// Removes every highlight whose id is not in `ids`; returns how many.
  func keepHighlights(_ ids: Set<String>, _ db: Database) throws -> Int {
    var removed = 0
    for id in try String.fetchAll(db, sql: "SELECT id FROM highlight") where !ids.contains(id) {
      try db.execute(sql: "DELETE FROM highlight WHERE id = ?", arguments: [id])
      removed += 1
    }
    return removed
  }

  /// The kept highlights, grouped by article (the article of the newest highlight first) and in
  /// the order they were made within it; only those of `bookmarkIDs`, made at or after `since`,
  /// of a cached article with `label`, when given.
  public func highlights(bookmarkIDs: [String] = [], since: Date? = nil, label: String? = nil) throws
    -> [HighlightRecord]
  {
    var conditions = ["1"]
    var arguments: StatementArguments = []
    if !bookmarkIDs.isEmpty {
      conditions.append("bookmark_id IN (\(bookmarkIDs.map { _ in "?" }.joined(separator: ",")))")
      _ = arguments.append(contentsOf: StatementArguments(bookmarkIDs))
    }
    if let since {
      conditions.append("created >= ?")
      _ = arguments.append(contentsOf: [since.timeIntervalSince1970])
    }
    if let label {
      conditions.append(
        "bookmark_id IN (SELECT id FROM article WHERE EXISTS (SELECT 1 FROM json_each(article.labels) WHERE value = ?))"
      )
      _ = arguments.append(contentsOf: [label])
    }
    let sql = """
      SELECT record FROM highlight AS h WHERE \(conditions.joined(separator: " AND "))
      ORDER BY (SELECT MAX(created) FROM highlight WHERE bookmark_id = h.bookmark_id) DESC, bookmark_id, created, id
      """
    return try reading { db in
      try String.fetchAll(db, sql: sql, arguments: arguments).compactMap { text in
        try? WireCoding.decode(HighlightRecord.self, from: Data(text.utf8))
      }
    }
  }
}

extension Ingest {
  /// ``OfflineStore`` keeps `highlight`, in the current group.
  public func store(_ highlight: HighlightRecord) throws {
    try inGroup { [store] db in try store.put(highlight, db) }
  }

  /// After a complete listing: the highlights not in it are gone. Returns how many were removed.
  @discardableResult
  public func keepHighlights(_ ids: Set<String>) throws -> Int {
    try inGroup { [store] db in try store.keepHighlights(ids, db) }
  }
}
