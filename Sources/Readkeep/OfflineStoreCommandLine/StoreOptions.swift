public import ArgumentParser
import Localization
public import OfflineStore
import StoreErrorStatus
public import ToolKit

/// `--db`, and opening the store it names: the options every tool of the store shares.
public struct StoreOptions: ParsableArguments, Sendable {
  @Option(
    help: ArgumentHelp(
      tr("The store's path (default: $RK_DB, else $XDG_DATA_HOME/readkeep/cache.sqlite)."), valueName: "path"),
    completion: .file())
  public var db: String?

  @OptionGroup public var common: CommonOptions

  public init() {}

  /// What a tool's help says about choosing the store.
  public static let environment = [("RK_DB", tr("The store's path, unless --db is given."))]
  public static let files = [
    ("$XDG_DATA_HOME/readkeep/cache.sqlite", tr("The store (mode 0600) when neither --db nor RK_DB says otherwise."))
  ]

  public var path: String {
    if let db { return db }
    if let fromEnvironment = Environment.current["RK_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
    return XDGDirectories().dataHome + "/readkeep/cache.sqlite"
  }

  /// The store, which must exist unless `creating` (only the commands that add articles create one).
  public func open(creating: Bool = false) throws -> OfflineStore { try OfflineStore(path: path, creating: creating) }

  /// The store, which must exist, for a command that only reads it (opened faster; see
  /// `OfflineStore.init(readingAt:)`).
  public func openForReading() throws -> OfflineStore { try OfflineStore(readingAt: path) }
}

// StoreError's exit statuses are in StoreErrorStatus, shared with ail-log.

extension CacheArchive.ArchiveError: ExitStatusError {
  public var exitStatus: ExitStatus {
    switch self {
    case .missing, .isDirectory: .noInput
    case .unreadable: .dataError
    case .cannotWrite: .ioError
    }
  }
}
