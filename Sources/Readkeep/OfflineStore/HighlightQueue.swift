public import Foundation
import GRDB
import SQLiteStore
public import Wire

/// Where a highlight lies in an article, as Readeck's server reads it: selectors and offsets
/// from `body`, and the span of the body's text it covers.
public struct HighlightAnchor: Sendable, Equatable {
  public var startSelector: String
  public var startOffset: Int
  public var endSelector: String
  public var endOffset: Int
  /// The text it covers, trimmed of surrounding white space, as the server stores it.
  public var text: String
  /// Code points of the body's text (all its text nodes, in document order) before its start
  /// and its end: the same whether or not highlights are wrapped, so ranges compare.
  public var range: Range<Int>

  public init(
    startSelector: String, startOffset: Int, endSelector: String, endOffset: Int, text: String, range: Range<Int>
  ) {
    self.startSelector = startSelector
    self.startOffset = startOffset
    self.endSelector = endSelector
    self.endOffset = endOffset
    self.text = text
    self.range = range
  }
}

/// A highlight to make on a cached article: where it lies (computed from the article by
/// ArticleFormats' HighlightPlacement) and how it looks.
public struct NewHighlight: Sendable, Equatable {
  public var bookmarkID: String
  public var anchor: HighlightAnchor
  public var color: String
  public var note: String?

  public init(bookmarkID: String, anchor: HighlightAnchor, color: String, note: String?) {
    self.bookmarkID = bookmarkID
    self.anchor = anchor
    self.color = color
    self.note = note
  }
}

/// Why a highlight's edit or delete cannot be queued.
public enum HighlightQueueProblem: Error, Sendable, Equatable {
  /// No highlight of that id is kept (or queued).
  case unknown(String)
  /// Its deletion is queued already.
  case beingDeleted(String)
  /// A highlight made offline that a push has sent without hearing the answer: the server may
  /// hold it, so it is changed only after the next push has settled it.
  case beingSent(String)
}

/// Highlights made, edited and deleted offline. A new one is kept among the highlights at once
/// under its local id (so `highlights`, `show` and search have it), an edit changes the kept
/// record, a delete removes it; a listing from the server does not undo what is still queued.
extension OfflineStore {
  /// The article's HTML as cached (images as rk-blob references, which do not change its text);
  /// nil when it is not cached. Read as bytes, so that a U+0000 does not end it (`WholeText`).
  public func cachedHTML(id: String) throws -> String? {
    try reading { db in
      try Data.fetchOne(db, sql: "SELECT CAST(html AS BLOB) FROM article WHERE id = ?", arguments: [id])
        .map(WholeText.text)
    }
  }

  /// Queues `highlight` and keeps its record under a fresh local id (`local-hl-N`).
  public func queue(_ highlight: NewHighlight, now: Date = Date()) throws -> QueuedHighlight {
    try writing { db in
      try db.execute(
        sql: """
          INSERT INTO pending_highlight (bookmark_id, action, text, color, note, start_selector, start_offset,
            end_selector, end_offset, range_start, range_end, queued_at)
          VALUES (?, 'create', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          highlight.bookmarkID, highlight.anchor.text, highlight.color, highlight.note, highlight.anchor.startSelector,
          highlight.anchor.startOffset, highlight.anchor.endSelector, highlight.anchor.endOffset,
          highlight.anchor.range.lowerBound, highlight.anchor.range.upperBound, now.timeIntervalSince1970,
        ])
      return try keepCreated(db)
    }
  }

  /// Queues a new colour or note (nil keeps the current one) for highlight `id`; a highlight not
  /// yet created takes them into its create.
  public func queueHighlightEdit(id: String, color: String?, note: String?, now: Date = Date()) throws
    -> QueuedHighlight
  {
    try writing { db in
      guard var record = try Self.keptHighlight(db, id: id) else {
        throw try Self.problem(db, id: id)
      }
      let local = Self.localNumber(id)
      if local != nil { _ = try Self.unsentCreate(db, id: id) }
      record.color = color ?? record.color
      record.note = note ?? record.note
      if let local {
        try db.execute(
          sql: "UPDATE pending_highlight SET color = ?, note = ? WHERE n = ?",
          arguments: [record.color, record.note, local])
      } else {
        try db.execute(
          sql: """
            INSERT INTO pending_highlight (bookmark_id, action, highlight_id, color, note, text, queued_at)
            VALUES (?, 'edit', ?, ?, ?, ?, ?)
            ON CONFLICT(highlight_id) DO UPDATE SET color = excluded.color, note = excluded.note,
              queued_at = excluded.queued_at
            """,
          arguments: [record.bookmarkID, id, record.color, record.note, record.text, now.timeIntervalSince1970])
      }
      try put(record, db, queued: false)
      guard let queued = try Self.queuedHighlights(db, where: "highlight_id = ? OR n = ?", [id, local]).first else {
        throw HighlightQueueProblem.unknown(id)
      }
      return queued
    }
  }

  /// Queues the deletion of highlight `id` and removes its record; one not yet created is
  /// simply taken out of the queue (its create is returned).
  public func queueHighlightDelete(id: String, now: Date = Date()) throws -> QueuedHighlight {
    try writing { db in
      guard let record = try Self.keptHighlight(db, id: id) else { throw try Self.problem(db, id: id) }
      let queued: QueuedHighlight
      if let local = Self.localNumber(id) {
        queued = try Self.unsentCreate(db, id: id)
        try db.execute(sql: "DELETE FROM pending_highlight WHERE n = ?", arguments: [local])
      } else {
        // The record goes with the delete, so that dropping the delete gives it back.
        try db.execute(
          sql: """
            INSERT INTO pending_highlight (bookmark_id, action, highlight_id, text, queued_at, record)
            VALUES (?, 'delete', ?, ?, ?, ?)
            ON CONFLICT(highlight_id) DO UPDATE SET action = 'delete', color = NULL, note = NULL,
              queued_at = excluded.queued_at, record = excluded.record
            """,
          arguments: [
            record.bookmarkID, id, record.text, now.timeIntervalSince1970, Self.json(.object(record.members)),
          ])
        guard let row = try Self.queuedHighlights(db, where: "highlight_id = ?", [id]).first else {
          throw HighlightQueueProblem.unknown(id)
        }
        queued = row
      }
      try removeHighlight(id: id, db)
      return queued
    }
  }

  /// What is queued for highlights, oldest first; only a bookmark's when given.
  public func queuedHighlights(bookmarkID: String? = nil) throws -> [QueuedHighlight] {
    try reading { db in
      guard let bookmarkID else { return try Self.queuedHighlights(db, where: "1", []) }
      return try Self.queuedHighlights(db, where: "bookmark_id = ?", [bookmarkID])
    }
  }

  /// Records that a create is about to be sent: from now on the server may hold it.
  /// nil: the server refused it, so it holds none, and the create may be changed again.
  public func highlightSent(localID: String, at date: Date?) throws {
    try writing { db in
      try db.execute(
        sql: "UPDATE pending_highlight SET sent_at = ? WHERE n = ?",
        arguments: [date?.timeIntervalSince1970, Self.localNumber(localID)])
    }
  }

  /// The server holds what was queued under `id` (a local id for a create): the queue forgets it
  /// and `record` (nil after a delete) replaces what was kept, taking the article's title, link
  /// and site from it. Returns the record kept.
  @discardableResult
  public func highlightSettled(id: String, record: HighlightRecord?) throws -> HighlightRecord? {
    try writing { db in
      let kept = try Self.keptHighlight(db, id: id)
      let place = try Row.fetchOne(
        db, sql: "SELECT range_start, range_end FROM highlight WHERE id = ?", arguments: [id])
      let bookmark = try String.fetchOne(
        db, sql: "SELECT bookmark_id FROM pending_highlight WHERE n = ? OR highlight_id = ?",
        arguments: [Self.localNumber(id), id])
      try db.execute(
        sql: "DELETE FROM pending_highlight WHERE n = ? OR highlight_id = ?",
        arguments: [Self.localNumber(id), id])
      try removeHighlight(id: id, db)
      guard var record else {
        // The cached article may still wrap it until it is fetched again.
        if let bookmark, !Self.isLocalHighlightID(id) {
          try db.execute(
            sql: "INSERT OR IGNORE INTO highlight_gone (id, bookmark_id) VALUES (?, ?)", arguments: [id, bookmark])
        }
        return nil
      }
      record.title = record.title ?? kept?.title
      record.url = record.url ?? kept?.url
      record.site = record.site ?? kept?.site
      try put(record, db, queued: false)
      // The store placed it: it keeps that place until the article comes with the server's wrapper.
      try db.execute(
        sql: "UPDATE highlight SET range_start = ?, range_end = ? WHERE id = ?",
        arguments: [place?["range_start"] as Int?, place?["range_end"] as Int?, record.id])
      return record
    }
  }

  /// Takes what is queued for highlight `id` out of the queue unsent; nil when nothing is. A
  /// dropped create's record goes too; a dropped delete gives the record back; a dropped edit
  /// leaves the record as it is until the next listing brings the server's.
  public func dropHighlight(id: String) throws -> QueuedHighlight? {
    try writing { db in
      let local = Self.localNumber(id)
      guard let queued = try Self.queuedHighlights(db, where: "n = ? OR highlight_id = ?", [local, id]).first else {
        return nil
      }
      let deleted = try String.fetchOne(
        db, sql: "SELECT record FROM pending_highlight WHERE highlight_id = ? AND action = 'delete'", arguments: [id])
      try db.execute(sql: "DELETE FROM pending_highlight WHERE n = ? OR highlight_id = ?", arguments: [local, id])
      if local != nil { try removeHighlight(id: queued.id, db) }
      if let record = deleted.flatMap({ try? WireCoding.decode(HighlightRecord.self, from: Data($0.utf8)) }) {
        try put(record, db, queued: false)
      }
      return queued
    }
  }

  /// Highlight actions read back from an archive, each as it was, creates under new local ids;
  /// an edit or delete of a highlight already queued here is left out. Returns how many were added.
  func restore(highlights: [QueuedHighlight]) throws -> Int {
    guard !highlights.isEmpty else { return 0 }
    return try writing { db in
      var restored = 0
      for queued in highlights {
        let serverID = queued.action == .create ? nil : queued.id
        let same = try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (SELECT 1 FROM pending_highlight WHERE action = 'create' AND bookmark_id = ?
              AND start_selector IS ? AND start_offset IS ? AND end_selector IS ? AND end_offset IS ?)
            """,
          arguments: [
            queued.bookmarkID, queued.startSelector, queued.startOffset, queued.endSelector, queued.endOffset,
          ])!
        if queued.action == .create, same { continue }
        try db.execute(
          sql: """
            INSERT OR IGNORE INTO pending_highlight (bookmark_id, action, highlight_id, text, color, note,
              start_selector, start_offset, end_selector, end_offset, range_start, range_end, queued_at, sent_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            queued.bookmarkID, queued.action.rawValue, serverID, queued.text, queued.color, queued.note,
            queued.startSelector, queued.startOffset, queued.endSelector, queued.endOffset, queued.rangeStart,
            queued.rangeEnd, queued.queuedAt.timeIntervalSince1970, queued.sentAt?.timeIntervalSince1970,
          ])
        guard db.changesCount > 0 else { continue }
        restored += 1
        if queued.action == .create { try keepCreated(db) }
      }
      return restored
    }
  }

  /// `local-hl-N` names a highlight made offline.
  public static func isLocalHighlightID(_ id: String) -> Bool { localNumber(id) != nil }

  static func localNumber(_ id: String) -> Int64? {
    guard id.hasPrefix("local-hl-") else { return nil }
    return Int64(id.dropFirst(9))
  }

  /// Keeps the create just inserted among the highlights under its local id, with its article's
  /// title, link and site; returns it.
  @discardableResult
  private func keepCreated(_ db: Database) throws -> QueuedHighlight {
    let made = try Self.queuedHighlights(db, where: "n = ?", [db.lastInsertedRowID]).first!
    let article = try Row.fetchOne(
      db, sql: "SELECT title, site, url FROM article WHERE id = ?", arguments: [made.bookmarkID])
    try put(
      HighlightRecord(
        id: made.id, bookmarkID: made.bookmarkID, title: article?["title"], url: article?["url"],
        site: article?["site"], text: made.text ?? "", note: made.note, color: made.color ?? HighlightColor.defaultName,
        created: made.queuedAt),
      db, queued: false)
    try db.execute(
      sql: "UPDATE highlight SET range_start = ?, range_end = ? WHERE id = ?",
      arguments: [made.rangeStart, made.rangeEnd, made.id])
    return made
  }

  /// The queued create of a local id, refused once a push has sent it.
  private static func unsentCreate(_ db: Database, id: String) throws -> QueuedHighlight {
    guard let queued = try queuedHighlights(db, where: "n = ?", [localNumber(id)]).first else {
      throw HighlightQueueProblem.unknown(id)
    }
    guard queued.sentAt == nil else { throw HighlightQueueProblem.beingSent(id) }
    return queued
  }

  private static func keptHighlight(_ db: Database, id: String) throws -> HighlightRecord? {
    try String.fetchOne(db, sql: "SELECT record FROM highlight WHERE id = ?", arguments: [id]).flatMap { text in
      try? WireCoding.decode(HighlightRecord.self, from: Data(text.utf8))
    }
  }

  private static func problem(_ db: Database, id: String) throws -> HighlightQueueProblem {
    let deleting = try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM pending_highlight WHERE highlight_id = ? AND action = 'delete')",
      arguments: [id])!
    return deleting ? .beingDeleted(id) : .unknown(id)
  }

  func removeHighlight(id: String, _ db: Database) throws {
    guard let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM highlight WHERE id = ?", arguments: [id]) else {
      return
    }
    try db.execute(sql: "DELETE FROM highlight_fts WHERE rowid = ?", arguments: [rowid])
    try db.execute(sql: "DELETE FROM highlight WHERE rowid = ?", arguments: [rowid])
  }

  static func queuedHighlights(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
    -> [QueuedHighlight]
  {
    try Row.fetchAll(db, sql: "SELECT * FROM pending_highlight WHERE \(condition) ORDER BY n", arguments: arguments)
      .map { row in
        let action = QueuedHighlight.Action(rawValue: row["action"]) ?? .create
        let start: Int? = row["range_start"]
        let end: Int? = row["range_end"]
        return QueuedHighlight(
          id: action == .create ? "local-hl-\(row["n"] as Int64)" : row["highlight_id"], bookmarkID: row["bookmark_id"],
          action: action, text: row["text"], color: row["color"], note: row["note"],
          startSelector: row["start_selector"], startOffset: row["start_offset"], endSelector: row["end_selector"],
          endOffset: row["end_offset"], rangeStart: start, rangeEnd: end,
          queuedAt: Date(timeIntervalSince1970: row["queued_at"]),
          sentAt: (row["sent_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
      }
  }
}
