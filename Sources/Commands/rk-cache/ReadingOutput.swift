import ArticleFormats
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import PrivateFiles
import ToolKit

/// What the reading commands share: finding the article, and writing a file whole or not at all.
enum ReadingOutput {
  static func article(_ id: String, in store: OfflineStore) throws -> StoredArticle {
    guard let article = try store.stored(id: id) else { throw ToolError(.failure, tr("no article \(id) in the cache")) }
    return article
  }

  /// Writes `text` to `path` through a file beside it (beside the target of a link) renamed
  /// into place (mode 0600: it holds the user's article), or to standard output when `path` is
  /// nil or `-`. A folder, a device or a pipe is refused.
  static func write(_ text: String, to path: String?) throws {
    guard let path, path != "-" else {
      let sink = OutputSink.standardOutput
      try sink.write(text)
      try sink.flush()
      return
    }
    do { try PrivateFile.write(Data(text.utf8), to: path) } catch let error as FileWriteError {
      throw ToolError(.ioError, error.description)
    }
  }

  /// Where a finished file named `-` goes: the tools' standard output, which ends the process
  /// quietly with 141 when its reader went away. The caller flushes it.
  static var standardOutput: PartialFile.StandardOutput { { bytes in try OutputSink.standardOutput.write(bytes) } }

  /// The terminal's width when standard output is one, else 80 (a pipe, a file).
  static var terminalWidth: Int {
    var size = winsize()
    if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }
}
