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

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "cannot open the store \(path): \(reason)"
    case .missing(let path): "no store at \(path)"
    case .isDirectory(let path): "\(path) is a folder, not a store"
    case .failed(let path, let reason): "the store \(path): \(reason)"
    case .badQuery(let reason): "bad search query: \(reason)"
    }
  }
}
