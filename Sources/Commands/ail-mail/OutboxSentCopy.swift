import Localization
import PrivateFiles
import ToolKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The copy of a sent message in a Maildir (`--sent`), written as a Maildir writer does: whole in
/// tmp/, then renamed into cur/ with the flag S, so that mbsync uploads it as read. The copy
/// keeps the Bcc line, as mail clients keep it in Sent: it is the sender's own record.
enum OutboxSentCopy {
  static func write(_ bytes: [UInt8], to maildir: String) throws {
    do {
      for sub in ["cur", "new", "tmp"] { try PrivateFolder.make(PathParts.joining(maildir, sub)) }
      let unique = uniqueName()
      let temporary = try NewFile.write(Data(bytes), in: PathParts.joining(maildir, "tmp")) { attempt in
        attempt == 0 ? unique : "\(unique)_\(attempt)"
      }
      let target = PathParts.joining(PathParts.joining(maildir, "cur"), PathParts.name(of: temporary) + ":2,S")
      guard rename(temporary, target) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw FileWriteError(path: target, reason: reason)
      }
      let folder = open(PathParts.joining(maildir, "cur"), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if folder >= 0 {
        _ = fsync(folder)
        close(folder)
      }
    } catch let error as FileWriteError {
      throw ToolError(.ioError, error.description)
    }
  }

  /// `seconds.MmicrosecondsPpid.host`, the Maildir convention, with `/` and `:` in the host name
  /// written as the convention asks (`\057`, `\072`).
  static func uniqueName() -> String {
    let now = Date().timeIntervalSince1970
    let (seconds, microseconds) = (Int(now), Int((now - now.rounded(.down)) * 1_000_000))
    var buffer = [UInt8](repeating: 0, count: 256)
    let named = buffer.withUnsafeMutableBytes { gethostname($0.baseAddress!, $0.count - 1) == 0 }
    let host = named ? String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) : "localhost"
    let safeHost = host.replacing("/", with: "\\057").replacing(":", with: "\\072")
    return "\(seconds).M\(microseconds)P\(getpid()).\(safeHost)"
  }
}
