public import Foundation
public import GRDB
import Localization
import PrivateFiles

/// Opening a store's SQLite file the one way every store of the toolbox does: WAL (GRDB's pool),
/// a busy timeout, foreign keys, mode 0600, migrations run by one process at a time, and a
/// missing file created only when the caller may create one.
public enum StoreDatabase {
  /// The database at `path`, opened and migrated with `migrator`. Only with `creating` is a
  /// missing file (and its folder) made: a mistyped path for reading must not leave an empty
  /// store behind that then reads as empty.
  public static func pool(
    at path: String, creating: Bool, migrator: DatabaseMigrator, busyTimeout: TimeInterval = 30
  ) throws -> DatabasePool {
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(busyTimeout)
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
      if isDirectory(path) { throw StoreError.isDirectory(path: path) }
      if !creating, !FileManager.default.fileExists(atPath: path) { throw StoreError.missing(path: path) }
      // Tools started together on a new or older file would each see the same missing
      // migrations and run them twice; one at a time, the later ones find them done.
      return try oneAtATime(in: path, creatingFolder: creating) {
        if creating {
          try createPrivately(path)
        } else if !FileManager.default.fileExists(atPath: path) {
          // Removed since the check above; SQLite would create it anew.
          throw StoreError.missing(path: path)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // Only a store that needs it takes the write lock: reading tools start faster.
        if try !pool.read(migrator.hasCompletedMigrations) { try migrator.migrate(pool) }
        return pool
      }
    } catch let error as DatabaseError {
      // Opening writes the -wal and -shm files beside the store: a full disk is said as such.
      if isWriteFailure(error) { throw failure(path, error) }
      throw StoreError.cannotOpen(path: path, reason: error.message ?? error.description)
    } catch let error as CocoaError {
      throw StoreError.cannotOpen(path: path, reason: error.localizedDescription)
    } catch let error as FileWriteError {
      throw StoreError.cannotOpen(path: path, reason: error.reason)
    }
  }

  /// The database at `path` for a command that only reads, opened the way a tool run many times
  /// a minute wants it: one read-only connection, no folder lock, no pool of reader threads, and
  /// no checkpoint and WAL removal when it closes, since a read-only connection never writes.
  /// A store whose migrations are not all done (an older schema, a file another process is still
  /// creating), or that cannot be opened this way, is opened by `pool`, which migrates it.
  public static func reader(
    at path: String, migrator: DatabaseMigrator, busyTimeout: TimeInterval = 30
  ) throws -> any DatabaseWriter {
    if !isDirectory(path), FileManager.default.fileExists(atPath: path) {
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(busyTimeout)
      if let queue = try? DatabaseQueue(path: path, configuration: configuration),
        (try? queue.read(migrator.hasCompletedMigrations)) == true
      {
        return queue
      }
      // A store on a read-only mount or in a folder the user cannot write (a backup): SQLite
      // cannot make the WAL's index beside it, and `pool` would fail trying to set the store up
      // ("attempt to write a readonly database"). With no WAL to replay, the file alone is the
      // whole store and opens as immutable.
      if !isWritable(besides: path), !hasWAL(path), let queue = try? immutableReader(at: path),
        (try? queue.read(migrator.hasCompletedMigrations)) == true
      {
        return queue
      }
    }
    return try pool(at: path, creating: false, migrator: migrator, busyTimeout: busyTimeout)
  }

  /// The database at `path` read as a file nothing changes (SQLite's `immutable`): no lock, no
  /// WAL index, nothing created beside it. Only for a store nobody can write to, since a writer
  /// would go unnoticed.
  static func immutableReader(at path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    // A URI filename: percent-escaped so that a name holding ?, # or % stays one name.
    var uri = "file:"
    for scalar in path.unicodeScalars {
      switch scalar {
      case "%": uri += "%25"
      case "?": uri += "%3f"
      case "#": uri += "%23"
      default: uri.unicodeScalars.append(scalar)
      }
    }
    return try DatabaseQueue(path: uri + "?immutable=1", configuration: configuration)
  }

  /// Whether this process may write the store's file and create files beside it (the WAL and
  /// its index): access(2), which also knows read-only mounts.
  static func isWritable(besides path: String) -> Bool {
    access(path, W_OK) == 0 && access(PathParts.folder(of: path), W_OK) == 0
  }

  /// Whether a write-ahead log with content lies beside the store: changes only it holds yet.
  static func hasWAL(_ path: String) -> Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && info.st_size > 0
  }

  /// A transaction's database errors turned into errors that say which store failed, so that
  /// GRDB stays inside the store modules.
  public static func reporting<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as DatabaseError { throw failure(path, error) }
  }

  /// A full-text query whose SQLITE_ERROR is the query's fault (syntax, an unterminated string,
  /// an unknown column) and reported as a bad query; other errors as the store's.
  public static func matching<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
      throw StoreError.badQuery(error.message ?? "")
    } catch let error as DatabaseError {
      throw failure(path, error)
    }
  }

  public static func failure(_ path: String, _ error: DatabaseError) -> StoreError {
    let reason = error.message ?? error.description
    guard isWriteFailure(error) else { return .failed(path: path, reason: reason) }
    // SQLite rolled the transaction back: say so, and what to do, not only "disk I/O error".
    return .failed(
      path: path,
      // TRANSLATORS: {0} is SQLite's words for the failure, in English ("disk I/O error").
      reason: tr(
        "cannot write (\(reason)): is the disk full? What was being written was rolled back; run again once there is space"
      ))
  }

  /// A write the file system refused: a full disk, a file-size limit, an I/O error.
  static func isWriteFailure(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_FULL || error.resultCode == .SQLITE_IOERR
  }

  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// Runs `body` holding an exclusive lock on the store's folder (created first, private, when
  /// `creatingFolder`), which every process opening a store in it takes. A lock on the folder,
  /// not the file: closing any descriptor of the database file would drop SQLite's own locks on it.
  static func oneAtATime<T>(in path: String, creatingFolder: Bool, _ body: () throws -> T) throws -> T {
    let folder = PathParts.folder(of: path)
    if creatingFolder, !FileManager.default.fileExists(atPath: folder) { try PrivateFolder.make(folder) }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return try body() }  // an unreadable folder: SQLite will say more
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// The file, created so that only the user can read it (never replacing one that appeared
  /// meanwhile).
  static func createPrivately(_ path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
  }
}
