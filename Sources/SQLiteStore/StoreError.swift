import Localization

/// Errors a store's caller reports to the user, shared by every SQLite store of the toolbox.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  case cannotOpen(path: String, reason: String)
  /// No store at the path, and the caller may not create one.
  case missing(path: String)
  /// The path names a folder.
  case isDirectory(path: String)
  /// Reading or writing failed: disk full, I/O error, a damaged file.
  case failed(path: String, reason: String)
  case badQuery(String)

  /// The message in the user's language; a reason is the system's or SQLite's words, or a message
  /// the thrower wrote with `tr`.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): tr("cannot open the store \(path): \(reason)")
    case .missing(let path): tr("no store at \(path)")
    case .isDirectory(let path): tr("\(path) is a folder, not a store")
    // TRANSLATORS: {0} is the store's path, {1} what failed (often SQLite's words, in English).
    case .failed(let path, let reason): tr("the store \(path): \(reason)")
    // TRANSLATORS: {0} is what is wrong with the query (often SQLite's words, in English).
    case .badQuery(let reason): tr("bad search query: \(reason)")
    }
  }
}
