import Foundation
import OfflineStore
import StoreCommandLine
import ToolKit

/// What the reading commands share: finding the article, and writing a file whole or not at all.
enum ReadingOutput {
  static func article(_ id: String, in store: OfflineStore) throws -> StoredArticle {
    guard let article = try store.stored(id: id) else { throw ToolError(.failure, "no article \(id) in the cache") }
    return article
  }

  /// Writes `text` to `path` through a file beside it renamed into place (mode 0600: it holds
  /// the user's article), or to standard output when `path` is nil or `-`.
  static func write(_ text: String, to path: String?) throws {
    guard let path, path != "-" else {
      let sink = OutputSink.standardOutput
      try sink.write(text)
      try sink.flush()
      return
    }
    try writeFile(Data(text.utf8), to: path)
  }

  static func writeFile(_ data: Data, to path: String) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw ToolError(.ioError, "cannot write \(path): it is a folder")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let name = ".\((path as NSString).lastPathComponent).\(UUID().uuidString).partial"
    let partial = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    guard FileManager.default.createFile(atPath: partial, contents: data, attributes: [.posixPermissions: 0o600]) else {
      throw ToolError(.ioError, "cannot write \(path): cannot create a file in \(folder.isEmpty ? "." : folder)")
    }
    guard rename(partial, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: partial)
      throw ToolError(.ioError, "cannot write \(path): \(reason)")
    }
  }

  /// The terminal's width when standard output is one, else 80 (a pipe, a file).
  static var terminalWidth: Int {
    var size = winsize()
    if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }
}
