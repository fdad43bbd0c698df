public import Foundation
import GRDB
public import Wire

/// The server's highlights, kept as `rk-fetch --highlights` lists them: each record replaces the
/// one of its id, and a complete listing removes those it no longer holds (deleted elsewhere).
/// What is queued offline stays as queued: a highlight being deleted is not brought back, an
/// edited one keeps its new colour and note, one made offline is not removed.
extension OfflineStore {
  /// - Parameter queued: whether the queue's edits and deletes apply (a record from the server).
  func put(_ highlight: HighlightRecord, _ db: Database, queued: Bool = true) throws {
    var highlight = highlight
    if queued,
      let pending = try Row.fetchOne(
        db, sql: "SELECT action, color, note FROM pending_highlight WHERE highlight_id = ?", arguments: [highlight.id])
    {
      guard pending["action"] as String == QueuedHighlight.Action.edit.rawValue else { return }
      highlight.color = pending["color"] ?? highlight.color
      highlight.note = pending["note"]
    }
    // A record keeps its place (range_start, range_end) when the server's replaces it.
    try db.execute(
      sql: """
        INSERT INTO highlight (id, bookmark_id, created, record, seen_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET bookmark_id = excluded.bookmark_id, created = excluded.created,
          record = excluded.record, seen_at = excluded.seen_at
        """,
      arguments: [
        highlight.id, highlight.bookmarkID, highlight.created.timeIntervalSince1970,
        Self.json(.object(highlight.members)), Date().timeIntervalSince1970,
      ])
    let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM highlight WHERE id = ?", arguments: [highlight.id])!
    try db.execute(sql: "DELETE FROM highlight_fts WHERE rowid = ?", arguments: [rowid])
    try db.execute(
      sql: "INSERT INTO highlight_fts (rowid, text, note) VALUES (?, ?, ?)",
      arguments: [rowid, highlight.text, highlight.note ?? ""])
  }

  /// Removes every highlight whose id is not in `ids`; returns how many. Only a complete listing
  /// comes here, so the store knows from then on what the server held when it was `listedAt`
  /// (now, when the listing does not say).
  func keepHighlights(_ ids: Set<String>, listedAt: Date?, _ db: Database) throws -> Int {
    try db.execute(
      sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('highlights_listed', ?)",
      arguments: [RFC3339.string(from: listedAt ?? Date())])
    var removed = 0
    for row in try Row.fetchAll(db, sql: "SELECT rowid, id FROM highlight")
    where !ids.contains(row["id"]) && !Self.isLocalHighlightID(row["id"]) {
      try db.execute(sql: "DELETE FROM highlight_fts WHERE rowid = ?", arguments: [row["rowid"] as Int64])
      try db.execute(sql: "DELETE FROM highlight WHERE rowid = ?", arguments: [row["rowid"] as Int64])
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

extension OfflineStore {
  /// Cached articles found by their highlights' text and notes (FTS5 syntax), best first, each
  /// once, its snippet the matching highlight with the terms in `[…]`; none of `excluding`.
  func highlightHits(_ db: Database, _ query: String, limit: Int, excluding: Set<String>) throws -> [SearchHit] {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT a.id, a.title, a.site, a.url, highlight_fts.rank AS rank,
          highlight(highlight_fts, 0, '[', ']') AS text, highlight(highlight_fts, 1, '[', ']') AS note
        FROM highlight_fts JOIN highlight h ON h.rowid = highlight_fts.rowid JOIN article a ON a.id = h.bookmark_id
        WHERE highlight_fts MATCH ? AND a.id NOT IN \(Self.queuedDeletions) ORDER BY highlight_fts.rank
        """, arguments: [query])
    var seen = excluding
    var hits: [SearchHit] = []
    for row in rows where hits.count < limit && seen.insert(row["id"]).inserted {
      let note: String = row["note"]
      let snippet = (row["text"] as String) + (note.isEmpty ? "" : " — " + note)
      hits.append(
        SearchHit(
          id: row["id"], title: row["title"], site: row["site"], url: row["url"], snippet: snippet,
          rank: row["rank"]))
    }
    return hits
  }
}

extension Ingest {
  /// ``OfflineStore`` keeps `highlight`, in the current group.
  public func store(_ highlight: HighlightRecord) throws {
    try inGroup { [store] db in try store.put(highlight, db) }
  }

  /// After a complete listing: the highlights not in it are gone. Returns how many were removed.
  @discardableResult
  public func keepHighlights(_ ids: Set<String>, listedAt: Date? = nil) throws -> Int {
    try inGroup { [store] db in try store.keepHighlights(ids, listedAt: listedAt, db) }
  }
}
