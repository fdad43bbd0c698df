import ArgumentParser
import OfflineStore
import ToolKit

/// `--db`, and opening the store it names.
struct StoreOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The store's path (default: $RK_DB, else $XDG_DATA_HOME/readkeep/cache.sqlite).", valueName: "path"), completion: .file())
  var db: String?

  @OptionGroup var common: CommonOptions

  var path: String {
    if let db { return db }
    if let fromEnvironment = Environment.current["RK_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
    return XDGDirectories().dataHome + "/readkeep/cache.sqlite"
  }

  func open() throws -> OfflineStore {
    do {
      return try OfflineStore(path: path)
    } catch let error as StoreError {
      throw ToolError(.ioError, error.description)
    }
  }
}
