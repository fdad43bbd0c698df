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

  /// The folder part of `path`, nil when it has none.
  static func parentFolder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func baseName(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }
}
