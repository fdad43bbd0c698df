import Localization
import PrivateFiles

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The catalog file: `$XDG_DATA_HOME/ailo/catalog.json` unless a path is given.
///
/// A missing file is an empty catalog. Saving writes a temporary file beside the catalog and
/// renames it over the old one, so a reader sees the old catalog or the new one and never half of
/// one; the file is mode 0600 (it is the user's writing) and its folder is created 0700.
public struct CatalogStore: Sendable {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// `$XDG_DATA_HOME/ailo/catalog.json`, or `$HOME/.local/share/ailo/catalog.json` when the
  /// variable is unset or not absolute (as the XDG specification demands).
  public static func defaultPath(environment: [String: String]) -> String {
    let dataHome: String
    if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
      dataHome = value
    } else {
      dataHome = (environment["HOME"] ?? "") + "/.local/share"
    }
    return dataHome + "/ailo/catalog.json"
  }

  /// The catalog, checked as an import is (see ``Catalog/problems()``).
  public func load() throws -> Catalog {
    let data: Data?
    do {
      data = try FileAccess.contents(of: path)
    } catch {
      throw CatalogError.fileAccess(path: path, reason: tr("cannot read the catalog: \(error.message)"))
    }
    guard let data else { return Catalog() }
    return try Catalog(exportData: data, source: path)
  }

  /// Writes `catalog` dated `date`, replacing the file atomically.
  public func save(_ catalog: Catalog, at date: Date = Date()) throws {
    try write(catalog.exportData(exportDate: date))
  }

  /// Replaces the stored catalog with the one in `data` (the export format), or with `merge`
  /// adds its new entries (``Catalog/merge(_:source:)``). The file is checked first, and on any
  /// problem the stored catalog stays exactly as it was. Returns the catalog now stored and what
  /// the import added.
  @discardableResult
  public func importCatalog(_ data: Data, source: String, merge: Bool = false, at date: Date = Date()) throws
    -> (catalog: Catalog, summary: Catalog.MergeSummary)
  {
    let imported = try Catalog(exportData: data, source: source)
    var result = imported
    var summary = Catalog.MergeSummary(added: imported.entryCount, skipped: 0)
    if merge {
      result = try load()
      summary = try result.merge(imported, source: source)
    }
    result.exportDate = Timestamp(date)
    try write(result.encodedData())
    return (result, summary)
  }

  /// Writes `data` as the catalog file, creating its folder when needed.
  func write(_ data: Data) throws {
    if let folder = FileAccess.parentFolder(of: path) {
      do {
        try PrivateFolder.make(folder)
      } catch {
        throw CatalogError.fileAccess(path: folder, reason: tr("cannot create the folder: \(error.reason)"))
      }
    }
    do {
      try PrivateFile.write(data, to: path)
    } catch let error as FileWriteError {
      throw CatalogError.fileAccess(path: path, reason: tr("cannot write the catalog: \(error.reason)"))
    }
  }
}
