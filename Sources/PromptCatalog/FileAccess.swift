#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the store needs, on POSIX calls so that errors carry their errno and
/// files are created with the right mode from the first byte on.
enum FileAccess {
  struct Failure: Error {
    var code: Int32
    var message: String { String(cString: strerror(code)) }
  }

  /// The file's bytes, or nil when it does not exist.
  static func contents(of path: String) throws(Failure) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw Failure(code: errno)
    }
    defer { close(fd) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(code: errno)
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
    }
  }

  /// Creates `folder` and the folders above it that are missing, each with `mode`.
  static func makeFolder(_ folder: String, mode: mode_t) throws(Failure) {
    var path = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      path += "/" + component
      if mkdir(path, mode) != 0 && errno != EEXIST { throw Failure(code: errno) }
    }
  }

  /// Replaces `path` with `data` atomically: a new file beside it (created with `mode`), synced,
  /// then renamed over the old one.
  static func replace(_ path: String, with data: Data, mode: mode_t) throws(Failure) {
    let folder = parentFolder(of: path)
    let temporary = (folder.map { $0 + "/" } ?? "") + ".\(baseName(of: path)).\(UUID().uuidString).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard fd >= 0 else { throw Failure(code: errno) }
    var failure: Int32 = 0
    data.withUnsafeBytes { bytes in
      var written = 0
      while written < bytes.count {
        let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          failure = count < 0 ? errno : EIO
          return
        }
        written += count
      }
      if fsync(fd) != 0 { failure = errno }
    }
    close(fd)
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw Failure(code: failure)
    }
  }

  /// The folder part of `path`, nil when it has none.
  static func parentFolder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func baseName(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }
}
