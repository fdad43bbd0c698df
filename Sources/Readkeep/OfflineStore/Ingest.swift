public import Foundation
import GRDB
public import Wire

extension OfflineStore {
  /// Runs `body` with an ``Ingest`` that writes a stream of records in groups. Whatever is whole
  /// when `body` ends — returning or throwing — is committed: every record before a failing one
  /// stays stored, as when each had a transaction of its own. Only the ingest writes to the store
  /// from this process while `body` runs.
  public func ingesting<T>(_ body: (Ingest) throws -> T) throws -> T {
    try StoreDatabase.reporting(path) {
      try database.writeWithoutTransaction { db in
        let ingest = Ingest(store: self, db: db)
        let result: T
        do {
          result = try body(ingest)
        } catch {
          do { try ingest.commit() } catch { try? ingest.rollBack() }
          throw error
        }
        try ingest.commit()
        return result
      }
    }
  }
}

/// Writes records the way ``OfflineStore``'s own methods do, each record all or nothing, but a
/// group of them in one transaction. SQLite's full-text index flushes a segment at every commit
/// and merges those segments later: a commit per 100 kB article made storing ~1.7x slower than
/// loading the same rows in one transaction (sqlite3 shell, 1,000 articles: 9.2 s vs 5.5 s); in
/// groups of 8–32 it is within ~10 % of that. A killed process loses at most the group it was
/// writing, never part of an article; readers see a group when it commits.
public final class Ingest {
  /// A group commits once it holds this many records or this many bytes of articles (HTML and
  /// images, as stored).
  public static let groupRecords = 16
  public static let groupBytes = 8_000_000

  let store: OfflineStore
  private let db: Database
  private var bytes = 0
  /// The group's records so far, to be written again should a later one fail halfway.
  private var written: [(Database) throws -> Void] = []

  fileprivate init(store: OfflineStore, db: Database) {
    self.store = store
    self.db = db
  }

  /// An article made ready for ``store(_:)-(PreparedArticle)``: the work that needs no store
  /// (images taken out of the HTML, its plain text), so that it can run on another thread while
  /// the ingest writes.
  public struct PreparedArticle: Sendable {
    fileprivate let row: OfflineStore.ArticleRow
  }

  public static func prepare(_ article: Article, now: Date = Date()) -> PreparedArticle {
    PreparedArticle(row: OfflineStore.ArticleRow(article, now: now))
  }

  /// ``OfflineStore/store(_:now:)`` in the current group.
  @discardableResult
  public func store(_ article: Article, now: Date = Date()) throws -> OfflineStore.Change {
    try store(Self.prepare(article, now: now))
  }

  @discardableResult
  public func store(_ article: PreparedArticle) throws -> OfflineStore.Change {
    let row = article.row
    bytes += row.bytes
    return try inGroup { [store] db in try store.write(row, db)! }
  }

  /// ``OfflineStore/updateMetadata(_:)`` in the current group.
  @discardableResult
  public func updateMetadata(_ record: BookmarkRecord, now: Date = Date()) throws -> Bool {
    try inGroup { [store] db in try store.updateMetadata(record, db, now: now) }
  }

  /// ``OfflineStore/forget(id:)`` in the current group.
  @discardableResult
  public func forget(id: String) throws -> (changes: Int, removedArticle: Bool) {
    try inGroup { [store] db in try store.forget(id: id, db) }
  }

  /// ``OfflineStore/recordSync(at:)`` in the current group.
  public func recordSync(at date: Date) throws {
    try inGroup { [store] db in try store.recordSync(at: date, db) }
  }

  /// ``OfflineStore/holdSync(at:_:)`` in the current group.
  public func holdSync(at date: Date) throws {
    try inGroup { [store] db in try store.holdSync(at: date, db) }
  }

  /// Whether the group has grown to its size.
  public var isFull: Bool { written.count >= Self.groupRecords || bytes >= Self.groupBytes }

  /// Commits what the group holds (nothing to do when it is empty); the next record starts another.
  public func commit() throws {
    written = []
    bytes = 0
    if db.isInsideTransaction { try db.commit() }
  }

  fileprivate func rollBack() throws {
    written = []
    bytes = 0
    if db.isInsideTransaction { try db.rollback() }
  }

  /// One record's writes in the group's transaction. A record that fails halfway takes the
  /// group's transaction with it, and the records before it are written again in one of their
  /// own: nothing of the failed record stays, everything before it does. (A savepoint per record
  /// would do the same at every record, and cost 1.9 s per 1,000 articles of 100 kB — 8.1 s
  /// instead of 6.2 s — as SQLite copies each page the group had already changed into its
  /// sub-journal.)
  func inGroup<T>(_ write: @escaping (Database) throws -> T) throws -> T {
    if !db.isInsideTransaction { try db.beginTransaction(.immediate) }
    let result: T
    do {
      result = try write(db)
    } catch {
      // The failure is what the caller must hear about, even when writing the rest again fails.
      try? writeWholeRecordsAgain()
      throw error
    }
    written.append { db in _ = try write(db) }
    return result
  }

  private func writeWholeRecordsAgain() throws {
    let whole = written
    try rollBack()
    guard !whole.isEmpty else { return }
    try db.inTransaction {
      for write in whole { try write(db) }
      return .commit
    }
  }
}
