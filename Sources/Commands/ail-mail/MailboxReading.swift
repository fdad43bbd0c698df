import Localization
import Mail
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

/// The messages of a mailbox as ``InboxEntry`` values: a Maildir's files read up to the end of
/// their header, an mbox read through once, one message at a time.
enum MailboxReading {
  /// A Maildir (a folder with `cur/` or `new/`), else an mbox file.
  static func entries(of path: String, diagnostics: Diagnostics) throws -> [InboxEntry] {
    var info = stat()
    guard stat(path, &info) == 0 else { throw ToolError(.noInput, tr("\(path): no such Maildir or mbox")) }
    guard info.st_mode & S_IFMT == S_IFDIR else { return try mboxEntries(path, diagnostics: diagnostics) }
    guard let paths = maildirFiles(in: path, diagnostics: diagnostics) else {
      throw ToolError(.noInput, tr("\(path): not a Maildir (no cur/ or new/ folder)"))
    }
    var entries: [InboxEntry] = []
    entries.reserveCapacity(paths.count)
    for (position, file) in paths.enumerated() {
      // A message moved or deleted since the folder was listed (mbsync runs meanwhile) is skipped.
      guard let head = head(of: file) else { continue }
      let flags = MaildirName(Substring(PathParts.name(of: file))).flags
      entries.append(InboxEntry(head: head, source: file, position: position, maildirFlags: flags))
    }
    return entries
  }

  /// The message files in a Maildir's `cur/` and `new/`, nil when it has neither. What is not a
  /// regular file is skipped with a warning naming it: a named pipe would block the read
  /// forever, a folder or a device holds no message.
  static func maildirFiles(in path: String, diagnostics: Diagnostics) -> [String]? {
    let paths = Maildir.messagePaths(in: path) { try? FileManager.default.contentsOfDirectory(atPath: $0) }
    return paths?.filter { file in
      var info = stat()
      // Gone since the folder was listed (mbsync runs meanwhile): left to the reader, which says so.
      guard stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return true }
      diagnostics.warning(tr("\(file): not a regular file, skipped"))
      return false
    }
  }

  /// The bytes of `path` up to its first empty line (at most 256 KB), nil when it cannot be read.
  static func head(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    while bytes.count < 262_144 {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      let searchFrom = max(0, bytes.count - 3)
      bytes.append(contentsOf: chunk[..<count])
      if endsHeader(bytes, from: searchFrom) { break }
    }
    return bytes
  }

  private static func endsHeader(_ bytes: [UInt8], from start: Int) -> Bool {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == 0x0A {
        if bytes[index + 1] == 0x0A { return true }
        if bytes[index + 1] == 0x0D && index + 2 < bytes.count && bytes[index + 2] == 0x0A { return true }
      }
      index += 1
    }
    return false
  }

  private static func mboxEntries(_ path: String, diagnostics: Diagnostics) throws -> [InboxEntry] {
    let reader = try LineReader(path: path)
    var splitter = MboxSplitter()
    var entries: [InboxEntry] = []
    func add(_ message: [UInt8]) {
      let number = entries.count + 1
      entries.append(
        InboxEntry(head: message, source: "\(path)#\(number)", position: number, maildirFlags: nil))
    }
    try reader.forEachLine { line, _ in if let message = splitter.feed(line) { add(message) } }
    if let message = splitter.finish() { add(message) }
    if splitter.sawTextBeforeFirstSeparator {
      diagnostics.warning(tr("\(path): text before the first \"From \" line, read as a message"))
    }
    return entries
  }
}
