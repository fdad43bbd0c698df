import Foundation
import GRDB
import Localization
import PrivateFiles
public import SQLiteStore
import Wire

/// The notes store of `ail-log`: one SQLite file (WAL, busy timeout, mode 0600) holding the
/// entries, their earlier contents, the categories and a full-text index over title, content
/// and tags, written in the same transaction as the entry; recordings live beside it in a folder
/// of content-named files, one per content however many entries use it.
public final class NoteLog: Sendable {
  public let path: String
  /// The recordings: `<file name without extension>.audio/` beside the database.
  public let recordings: ContentFiles
  /// A pool of connections for the commands that write, one read-only connection for those that
  /// only read (`init(readingAt:)`).
  let database: any DatabaseWriter

  /// Opens the store at `path`, migrated to the current schema; a missing one is made only with
  /// `creating` (the commands that add entries).
  public init(path: String, creating: Bool = false) throws {
    self.path = path
    recordings = ContentFiles(folder: PathParts.removingExtension(of: path) + ".audio")
    database = try StoreDatabase.pool(at: path, creating: creating, migrator: Schema.migrator)
  }

  /// Opens the store at `path` for a command that only reads it: a missing store is an error, and
  /// a current one opens without the writers' locking and set-up (any write then fails).
  public init(readingAt path: String) throws {
    self.path = path
    recordings = ContentFiles(folder: PathParts.removingExtension(of: path) + ".audio")
    database = try StoreDatabase.reader(at: path, migrator: Schema.migrator)
  }

  public enum LogError: Error, Equatable, CustomStringConvertible {
    case noSuchEntry(String)
    case ambiguous(String, matches: Int)
    /// A refusal, its message already in the user's language.
    case invalid(String)
    case noSuchVersion(id: String, version: Int)
    case noSuchCategory(String)

    public var description: String {
      switch self {
      case .noSuchEntry(let id): tr("no entry \(id)")
      // TRANSLATORS: {0} is what the user typed as an id, {1} how many ids start with it (2 or more).
      case .ambiguous(let prefix, let matches): tr("\(prefix) is the start of \(matches) entries' ids: give more of it")
      case .invalid(let problem): problem
      case .noSuchVersion(let id, let version): tr("entry \(id) has no version \(version)")
      case .noSuchCategory(let name): tr("no category \(name)")
      }
    }
  }

  // MARK: Helpers

  func reading<T>(_ body: (Database) throws -> T) throws -> T {
    try StoreDatabase.reporting(path) { try database.read(body) }
  }

  func writing<T>(_ body: (Database) throws -> T) throws -> T {
    try StoreDatabase.reporting(path) { try database.write(body) }
  }

  /// The full id for `id` or a unique start of one (any case), as people copy them from a listing.
  func resolve(_ db: Database, _ id: String) throws -> String {
    if let exact = try String.fetchOne(db, sql: "SELECT id FROM entry WHERE id = ?", arguments: [id.uppercased()]) {
      return exact
    }
    let pattern = id.uppercased().replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "") + "%"
    let matches = try String.fetchAll(
      db, sql: "SELECT id FROM entry WHERE id LIKE ? LIMIT 2", arguments: [pattern])
    guard !id.isEmpty, let first = matches.first else { throw LogError.noSuchEntry(id) }
    if matches.count > 1 {
      let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry WHERE id LIKE ?", arguments: [pattern]) ?? 2
      throw LogError.ambiguous(id, matches: count)
    }
    return first
  }

  /// The columns of an entry, content last, as ``entry(_:)`` reads them.
  static let columns = "id, title, category, tags, reminder, audio, source, created_at, updated_at, content"

  static func entry(_ row: Row) -> LogEntry {
    LogEntry(
      id: row["id"], title: row["title"], content: row["content"], category: row["category"],
      tags: strings(row["tags"]), reminder: (row["reminder"] as Double?).map(storedDate),
      audio: row["audio"], source: (row["source"] as String?).flatMap(source),
      createdAt: storedDate(row["created_at"]), updatedAt: storedDate(row["updated_at"]))
  }

  /// A date column's seconds since 1970, within RFC 3339's years 0000 to 9999: typed dates are
  /// bounded to them, but a store written by an older version or by hand may hold any REAL (even
  /// an infinity), and reading it must neither trap nor export what `import` refuses.
  static func storedDate(_ seconds: Double) -> Date {
    let bounds = RFC3339.earliest.timeIntervalSince1970...RFC3339.latest.timeIntervalSince1970
    return Date(
      timeIntervalSince1970: seconds.isNaN ? bounds.lowerBound : min(max(seconds, bounds.lowerBound), bounds.upperBound)
    )
  }

  static func json(_ value: JSONValue) -> String {
    // Canonical wire text without the line's newline.
    String(decoding: (try? WireCoding.line(value))?.dropLast() ?? [], as: UTF8.self)
  }

  static func strings(_ json: String) -> [String] {
    (try? Array(json.utf8).withUnsafeBytes { try WireCoding.parse($0) })?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  static func source(_ json: String) -> LogSource? {
    guard let object = (try? Array(json.utf8).withUnsafeBytes { try WireCoding.parse($0) })?.objectValue else {
      return nil
    }
    return try? LogSource(members: object)
  }
}
