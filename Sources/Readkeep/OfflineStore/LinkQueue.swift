public import Foundation
import GRDB
public import Wire

/// A link to save on the server.
public struct NewLink: Sendable, Equatable {
  public var url: String
  public var title: String?
  public var labels: [String]

  public init(url: String, title: String? = nil, labels: [String] = []) {
    self.url = url
    self.title = title
    self.labels = labels
  }
}

/// What queueing one link came to.
public enum LinkQueueing: Sendable, Equatable {
  case queued(QueuedLink)
  /// The same link (``SavedLink/key(_:)``) waits already; nothing was added.
  case alreadyQueued(QueuedLink)
  /// An article of the same link is cached.
  case alreadyCached(id: String)
}

/// Links saved offline: queued by `rk-cache add`, sent by `rk-push`, kept with the server's id
/// until a sync stores the article (`write` and `forget` remove them then).
extension OfflineStore {
  /// Queues the links that are neither cached nor queued, in one transaction; one outcome per
  /// link, in order (a link given twice is queued once).
  public func queue(links: [NewLink], now: Date = Date()) throws -> [LinkQueueing] {
    try writing { db in
      var cached: [String: String] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT id, url FROM article WHERE url IS NOT NULL") {
        cached[SavedLink.key(row["url"])] = row["id"]
      }
      return try links.map { link in
        let key = SavedLink.key(link.url)
        if let id = cached[key] { return .alreadyCached(id: id) }
        if let queued = try Self.queuedLinks(db, where: "url_key = ?", [key]).first { return .alreadyQueued(queued) }
        try Self.insertLink(db, url: link.url, title: link.title, labels: link.labels, queuedAt: now)
        return .queued(try Self.queuedLinks(db, where: "n = ?", [db.lastInsertedRowID])[0])
      }
    }
  }

  /// The saved links not yet stored as articles, oldest first; only those still to send when
  /// `unsent` (queued, or sent without an answer).
  public func queuedLinks(unsent: Bool = false) throws -> [QueuedLink] {
    try reading { db in try Self.queuedLinks(db, where: unsent ? "bookmark_id IS NULL" : "1", []) }
  }

  /// Records that the link is about to be sent: from now on the server may hold it.
  /// nil: the server refused it, so it holds none.
  public func linkSent(localID: String, at date: Date?) throws {
    try writing { db in
      try db.execute(
        sql: "UPDATE pending_link SET sent_at = ? WHERE n = ? AND bookmark_id IS NULL",
        arguments: [date?.timeIntervalSince1970, Self.number(localID)])
    }
  }

  /// The server holds the link as bookmark `bookmarkID`. False when the link is no longer queued
  /// (dropped meanwhile).
  @discardableResult
  public func linkCreated(localID: String, bookmarkID: String) throws -> Bool {
    try writing { db in
      try db.execute(
        sql: "UPDATE pending_link SET bookmark_id = ? WHERE n = ?", arguments: [bookmarkID, Self.number(localID)])
      return db.changesCount > 0
    }
  }

  /// Takes a link not yet created out of the queue; nil when there is none of that local id.
  public func dropLink(localID: String) throws -> QueuedLink? {
    try writing { db in
      let number = Self.number(localID)
      guard let link = try Self.queuedLinks(db, where: "n = ? AND bookmark_id IS NULL", [number]).first else {
        return nil
      }
      try db.execute(sql: "DELETE FROM pending_link WHERE n = ?", arguments: [number])
      return link
    }
  }

  /// Links read back from an archive, in one transaction, each as it was (sent, created) under
  /// a local id of this store; one already queued here or whose article is cached is left out.
  /// Returns how many were added.
  func restore(links: [QueuedLink]) throws -> Int {
    guard !links.isEmpty else { return 0 }
    return try writing { db in
      var restored = 0
      for link in links {
        let bookmarkID = link.state == .created ? link.id : nil
        let cached = try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM article WHERE id = ?)", arguments: [bookmarkID])!
        let queued = try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM pending_link WHERE url_key = ? OR bookmark_id = ?)",
          arguments: [SavedLink.key(link.url), bookmarkID])!
        guard !cached, !queued else { continue }
        try Self.insertLink(
          db, url: link.url, title: link.title, labels: link.labels, queuedAt: link.queuedAt, sentAt: link.sentAt,
          bookmarkID: bookmarkID)
        restored += 1
      }
      return restored
    }
  }

  private static func insertLink(
    _ db: Database, url: String, title: String?, labels: [String], queuedAt: Date, sentAt: Date? = nil,
    bookmarkID: String? = nil
  ) throws {
    try db.execute(
      sql: """
        INSERT INTO pending_link (url, url_key, title, labels, queued_at, sent_at, bookmark_id)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        url, SavedLink.key(url), title, json(.array(labels.map(JSONValue.string))), queuedAt.timeIntervalSince1970,
        sentAt?.timeIntervalSince1970, bookmarkID,
      ])
  }

  /// The `local-N` ids name queued links; anything else names no link.
  public static func isLocalID(_ id: String) -> Bool { number(id) != nil }

  private static func number(_ localID: String) -> Int64? {
    guard localID.hasPrefix("local-") else { return nil }
    return Int64(localID.dropFirst(6))
  }

  static func queuedLinks(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
    -> [QueuedLink]
  {
    try Row.fetchAll(
      db,
      sql: """
        SELECT n, url, title, labels, queued_at, sent_at, bookmark_id FROM pending_link
        WHERE \(condition) ORDER BY n
        """, arguments: arguments
    ).map { row in
      let bookmarkID: String? = row["bookmark_id"]
      let localID = "local-\(row["n"] as Int64)"
      let state: QueuedLink.State =
        bookmarkID != nil ? .created : (row["sent_at"] as Double?) != nil ? .sent : .queued
      return QueuedLink(
        id: bookmarkID ?? localID, localID: localID, url: row["url"], title: row["title"],
        labels: strings(parse(row["labels"])), state: state,
        queuedAt: Date(timeIntervalSince1970: row["queued_at"]),
        sentAt: (row["sent_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
  }
}
