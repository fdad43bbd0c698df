public import Foundation
import GRDB
public import Wire

/// What `rk-cache mark` changes on bookmarks read offline; nil and empty leave a field alone.
public struct BookmarkEdit: Sendable, Equatable {
  public var archived: Bool?
  public var marked: Bool?
  /// 0–100.
  public var progress: Int?
  public var addLabels: [String]
  public var removeLabels: [String]
  /// true schedules the bookmark's deletion on the server, false cancels it.
  public var deleted: Bool?

  public init(
    archived: Bool? = nil, marked: Bool? = nil, progress: Int? = nil, addLabels: [String] = [],
    removeLabels: [String] = [], deleted: Bool? = nil
  ) {
    self.archived = archived
    self.marked = marked
    self.progress = progress
    self.addLabels = addLabels
    self.removeLabels = removeLabels
    self.deleted = deleted
  }

  /// What a reader finishing an article does: read to the end, archived.
  public static let finishedReading = BookmarkEdit(archived: true, progress: 100)

  public var isEmpty: Bool { self == BookmarkEdit() }
}

/// A bookmark change queued offline: one field change and the revision a push must find unchanged to
/// remove it.
public struct QueuedChange: Sendable, Equatable {
  public var change: FieldChange
  public var revision: Int64

  public init(change: FieldChange, revision: Int64) {
    self.change = change
    self.revision = revision
  }
}

/// The offline write queue: changes made while reading offline update the cached bookmark and
/// are queued in the same transaction, until `rk-push` has the server confirm them.
extension OfflineStore {
  /// Applies `edit` to every cached bookmark of `ids` and queues it, in one transaction. Returns
  /// the ids that are not cached; when there are any, nothing is changed.
  public func mark(ids: [String], _ edit: BookmarkEdit, now: Date = Date()) throws -> [String] {
    try writing { db in
      var bookmarks: [(String, JSONObject)] = []
      var missing: [String] = []
      var seen = Set<String>()
      for id in ids where seen.insert(id).inserted {
        if let bookmark = try cachedBookmark(db, id: id) {
          bookmarks.append((id, bookmark))
        } else {
          missing.append(id)
        }
      }
      guard missing.isEmpty else { return missing }
      for (id, original) in bookmarks {
        var bookmark = original
        let scalars: [(String, JSONValue?, JSONValue)] = [
          ("is_archived", edit.archived.map(JSONValue.bool), .bool(false)),
          ("is_marked", edit.marked.map(JSONValue.bool), .bool(false)),
          ("read_progress", edit.progress.map { .integer(Int64($0)) }, .integer(0)),
          ("is_deleted", edit.deleted.map(JSONValue.bool), .bool(false)),
        ]
        for (field, value, absent) in scalars {
          guard let value else { continue }
          try queue(db, id: id, field: field, base: bookmark[field] ?? absent, of: original, now: now) { _ in
            (value, nil, nil)
          }
          bookmark[field] = value
        }
        if !edit.addLabels.isEmpty || !edit.removeLabels.isEmpty {
          let labels = Self.strings(bookmark["labels"])
          try queue(db, id: id, field: "labels", base: .array(labels.map(JSONValue.string)), of: original, now: now) {
            existing in
            var add = (existing?["add_labels"] as String?).map { Self.strings(Self.parse($0)) } ?? []
            var remove = (existing?["remove_labels"] as String?).map { Self.strings(Self.parse($0)) } ?? []
            Self.applyLabels(adding: edit.addLabels, removing: edit.removeLabels, to: &add, &remove)
            return (nil, add.sorted(), remove.sorted())
          }
          let result = Set(labels).union(edit.addLabels).subtracting(edit.removeLabels)
          bookmark["labels"] = .array(result.sorted().map(JSONValue.string))
        }
        if edit.progress != nil {
          try Self.noteReading(
            db, id: id, bookmark: bookmark, previous: original["read_progress"], side: .offline, at: now)
        }
        _ = try writeMetadata(db, id: id, bookmark: bookmark)
      }
      return []
    }
  }

  /// Inserts or updates one queue row: the first change of a field records its base (the value
  /// and `updated` before it), later ones replace the value and move the time and revision.
  private func queue(
    _ db: Database, id: String, field: String, base: JSONValue, of bookmark: JSONObject, now: Date,
    value: (Row?) throws -> (JSONValue?, [String]?, [String]?)
  ) throws {
    let existing = try Row.fetchOne(
      db, sql: "SELECT add_labels, remove_labels FROM pending_change WHERE bookmark_id = ? AND field = ?",
      arguments: [id, field])
    let (scalar, add, remove) = try value(existing)
    try db.execute(
      sql: """
        INSERT INTO pending_change (bookmark_id, field, value, add_labels, remove_labels, base, base_updated, made_at, revision)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
        ON CONFLICT(bookmark_id, field) DO UPDATE SET value = excluded.value, add_labels = excluded.add_labels,
          remove_labels = excluded.remove_labels, made_at = excluded.made_at, revision = revision + 1
        """,
      arguments: [
        id, field, scalar.map(Self.json), add.map { Self.json(.array($0.map(JSONValue.string))) },
        remove.map { Self.json(.array($0.map(JSONValue.string))) }, Self.json(base),
        bookmark["updated"]?.stringValue, now.timeIntervalSince1970,
      ])
  }

  /// The queue, oldest change first; only those of `ids` when given.
  public func pendingChanges(ids: [String]? = nil) throws -> [QueuedChange] {
    try reading { db in try Self.queuedChanges(db, ids: ids) }
  }

  /// ``pendingChanges(ids:)`` inside the caller's transaction (an export's snapshot).
  static func queuedChanges(_ db: Database, ids: [String]? = nil) throws -> [QueuedChange] {
    var sql = """
      SELECT bookmark_id, field, value, add_labels, remove_labels, base, base_updated, made_at, revision
      FROM pending_change
      """
    var arguments: StatementArguments = []
    if let ids {
      sql += " WHERE bookmark_id IN (\(ids.map { _ in "?" }.joined(separator: ",")))"
      arguments = StatementArguments(ids)
    }
    sql += " ORDER BY made_at, bookmark_id, field"
    return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
      let add = (row["add_labels"] as String?).map { Self.strings(Self.parse($0)) }
      let remove = (row["remove_labels"] as String?).map { Self.strings(Self.parse($0)) }
      let change = FieldChange(
        id: row["bookmark_id"], field: row["field"], value: (row["value"] as String?).map(Self.parse),
        addLabels: add, removeLabels: remove, base: Self.parse(row["base"]), baseUpdated: row["base_updated"],
        madeAt: Date(timeIntervalSince1970: row["made_at"]))
      return QueuedChange(change: change, revision: row["revision"])
    }
  }

  /// The server settled some changes of a bookmark (confirmed them, or won a conflict): removes
  /// those queue rows whose revision is still the one given (a change made meanwhile stays), and
  /// the cached bookmark takes `serverValues` for every field left with nothing queued — in one
  /// transaction. Returns how many rows were removed.
  @discardableResult
  public func settle(id: String, revisions: [String: Int64], serverValues: JSONObject) throws -> Int {
    try writing { db in
      var removed = 0
      for (field, revision) in revisions {
        try db.execute(
          sql: "DELETE FROM pending_change WHERE bookmark_id = ? AND field = ? AND revision = ?",
          arguments: [id, field, revision])
        removed += db.changesCount
      }
      guard var bookmark = try cachedBookmark(db, id: id) else { return removed }
      let stillQueued = Set(
        try String.fetchAll(db, sql: "SELECT field FROM pending_change WHERE bookmark_id = ?", arguments: [id]))
      for (key, value) in serverValues where !stillQueued.contains(key) && key != "href" && key != "id" {
        bookmark[key] = value
      }
      // A deletion the server holds, with nothing of it still queued: the bookmark is going, and
      // so is the article (with whatever else was queued for it).
      if bookmark["is_deleted"] == .bool(true), !stillQueued.contains("is_deleted") {
        return removed + (try forget(id: id, db)).changes
      }
      _ = try writeMetadata(db, id: id, bookmark: bookmark)
      return removed
    }
  }

  /// The bookmark is gone from the server: its queued changes and its cached article go, in one
  /// transaction. Returns how many changes were dropped, and whether an article was removed.
  @discardableResult
  public func forget(id: String) throws -> (changes: Int, removedArticle: Bool) {
    try writing { db in try forget(id: id, db) }
  }

  /// ``forget(id:)`` inside the caller's transaction.
  func forget(id: String, _ db: Database) throws -> (changes: Int, removedArticle: Bool) {
    try db.execute(sql: "DELETE FROM pending_change WHERE bookmark_id = ?", arguments: [id])
    let changes = db.changesCount
    try db.execute(sql: "DELETE FROM pending_link WHERE bookmark_id = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM pending_highlight WHERE bookmark_id = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM highlight_gone WHERE bookmark_id = ?", arguments: [id])
    for local in try String.fetchAll(
      db, sql: "SELECT id FROM highlight WHERE bookmark_id = ? AND id LIKE 'local-hl-%'", arguments: [id])
    {
      try removeHighlight(id: local, db)
    }
    return (changes, try removeArticle(db, id: id) != nil)
  }

  /// Takes the queued changes of a bookmark (only those of `field` when given) out of the queue
  /// without sending them: what a user does with a change the server refuses. The cached bookmark
  /// takes back each field's base, the server's value as last seen, in the same transaction.
  /// Returns the changes dropped, oldest first.
  public func drop(id: String, field: String? = nil) throws -> [FieldChange] {
    try writing { db in
      let dropped = try Self.queuedChanges(db, ids: [id]).map(\.change).filter { field == nil || $0.field == field }
      guard !dropped.isEmpty else { return [] }
      for change in dropped {
        try db.execute(
          sql: "DELETE FROM pending_change WHERE bookmark_id = ? AND field = ?", arguments: [id, change.field])
      }
      if var bookmark = try cachedBookmark(db, id: id) {
        for change in dropped { bookmark[change.field] = change.base }
        _ = try writeMetadata(db, id: id, bookmark: bookmark)
      }
      return dropped
    }
  }

  /// How many changes wait to be pushed.
  public func pendingCount() throws -> Int {
    try reading { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending_change") ?? 0 }
  }

  /// A later label edit on top of an earlier one: the last word on a label wins, so adding it
  /// takes it off the removals, and back.
  static func applyLabels(adding: [String], removing: [String], to add: inout [String], _ remove: inout [String]) {
    for label in adding {
      remove.removeAll { $0 == label }
      if !add.contains(label) { add.append(label) }
    }
    for label in removing {
      add.removeAll { $0 == label }
      if !remove.contains(label) { remove.append(label) }
    }
  }

  static func parse(_ text: String) -> JSONValue {
    (try? Array(text.utf8).withUnsafeBytes { try WireCoding.parse($0) }) ?? .null
  }

  static func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
}
