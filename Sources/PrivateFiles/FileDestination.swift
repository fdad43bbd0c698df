import Foundation
import Localization

/// Why a file cannot be written, naming the path as the user gave it.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  // TRANSLATORS: {0} is a path, {1} why it cannot be written (the system's words or a message).
  public var description: String { tr("cannot write \(path): \(reason)") }
}

/// Where a file named by the user goes: standard output for `-`, else the regular file the name
/// leads to through any symbolic links, so that writing replaces the link's target and keeps
/// the link (a link to a backup on another disk stays a link). What is neither a regular file
/// nor missing is refused before anything is written: a folder, a device, a pipe, a socket
/// (`/dev/stdout` and `/proc/self/fd/1` among them: replaced by a regular file they would lose
/// the output, or the machine's `/dev/stdout` when run as root; `-` is the way to standard output).
public enum FileDestination: Sendable, Equatable {
  case standardOutput
  /// The file to replace or create: the path given, or where its links lead.
  case file(String)

  /// Links followed at most, as the kernel's own limit (ELOOP).
  static let linkLimit = 40

  public static func resolving(_ path: String) throws -> FileDestination {
    if path == "-" { return .standardOutput }
    if path.isEmpty { throw FileWriteError(path: path, reason: tr("an empty name is not a file")) }
    var info = stat()
    // Following every link at once tells what is finally there, even through links such as
    // /proc/self/fd/1 whose text ("pipe:[123]") is no path at all.
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else { throw refusal(path, kind: info.st_mode & S_IFMT) }
      return .file(try followingLinks(path))
    }
    let error = errno
    guard error == ENOENT else {
      throw FileWriteError(path: path, reason: error == ENOTDIR ? notAFolder(path) : describe(error))
    }
    // Nothing there (or a link to nothing): the file is created where the last link points,
    // in a folder that must exist.
    let target = try followingLinks(path)
    // Slashes are looked for among bytes, as the kernel reads the path: a Prepend character
    // before `/` or a combining mark after it joins it into one `Character`.
    if target.utf8.last == UInt8(ascii: "/") {
      throw FileWriteError(path: path, reason: tr("no such folder (a name ending in / is a folder)"))
    }
    let folder = PathParts.folder(of: target)
    if stat(folder, &info) != 0 {
      let folderError = errno
      throw FileWriteError(
        path: path,
        reason: folderError == ENOENT || folderError == ENOTDIR
          ? tr("no such folder: \(folder)") : describe(folderError))
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw FileWriteError(path: path, reason: tr("\(folder) is not a folder"))
    }
    return .file(target)
  }

  /// The path at the end of `path`'s links (itself when it is none).
  static func followingLinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<linkLimit {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBufferPointer { bytes in
        bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          readlink(current, $0, bytes.count - 1)
        }
      }
      guard count >= 0 else { throw FileWriteError(path: path, reason: describe(errno)) }
      let link = String(decoding: buffer[..<count], as: UTF8.self)
      current = link.utf8.first == UInt8(ascii: "/") ? link : PathParts.joining(PathParts.folder(of: current), link)
    }
    throw FileWriteError(path: path, reason: tr("too many levels of symbolic links"))
  }

  static func refusal(_ path: String, kind: mode_t) -> FileWriteError {
    let what =
      switch kind {
      case S_IFDIR: tr("it is a folder")
      case S_IFCHR, S_IFBLK: tr("it is a device, not a file (- writes to standard output)")
      case S_IFIFO: tr("it is a pipe, not a file (- writes to standard output)")
      case S_IFSOCK: tr("it is a socket, not a file")
      default: tr("it is not a regular file")
      }
    return FileWriteError(path: path, reason: what)
  }

  static func notAFolder(_ path: String) -> String {
    path.utf8.last == UInt8(ascii: "/") ? tr("it is a file, not a folder") : tr("a part of the path is not a folder")
  }

  static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
