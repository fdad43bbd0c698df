import ContentHash
public import Foundation
import Localization
import PrivateFiles

/// A folder of files named by the SHA-256 of their content (plus the original extension, so
/// that players still know the format): the same bytes are stored once however often they are
/// added. Which names are still used is the store's business; this only reads, adds and removes.
public struct ContentFiles: Sendable {
  public let folder: String

  public init(folder: String) { self.folder = folder }

  /// A file's bytes with the name they are stored under.
  public struct Content: Sendable {
    public let name: String
    public let sha256: String
    public let data: Data
  }

  /// Reads and hashes the file at `source`: done before the store's transaction, which then
  /// only has to ``keep(_:)`` it.
  public func read(fileAt source: String) throws -> Content {
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: source)) } catch { throw UnreadableFile(path: source) }
    let sha = HexDigest.sha256(data)
    let ext = PathParts.fileExtension(of: source).lowercased()
    let usable = !ext.isEmpty && ext.count <= 8 && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    return Content(name: usable ? sha + "." + ext : sha, sha256: sha, data: data)
  }

  /// Content stored under a name an export wrote.
  public func content(named name: String, data: Data) -> Content {
    Content(name: name, sha256: String(name.prefix(64)), data: data)
  }

  /// Stores the content unless a file of that name is already there.
  public func keep(_ content: Content) throws {
    let target = path(of: content.name)
    guard !FileManager.default.fileExists(atPath: target) else { return }
    try write(content.data, to: target)
  }

  /// A file to add that cannot be read.
  public struct UnreadableFile: Error, Equatable, CustomStringConvertible {
    public let path: String
    public init(path: String) { self.path = path }
    public var description: String { tr("cannot read \(path)") }
  }

  public func path(of name: String) -> String { folder + "/" + name }

  public func remove(_ name: String) { try? FileManager.default.removeItem(atPath: path(of: name)) }

  /// Written under a temporary name and renamed, mode 0600: a killed process never leaves a
  /// half file under a content name.
  private func write(_ data: Data, to target: String) throws {
    do {
      try PrivateFolder.make(folder)
      try PrivateFile.write(data, to: target)
    } catch {
      throw StoreError.failed(path: folder, reason: tr("cannot write \(target)"))
    }
  }
}
