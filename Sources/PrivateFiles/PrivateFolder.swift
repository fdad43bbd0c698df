public import Foundation

/// Folders that hold the user's data: made with mode 0700, each missing one on the way.
public enum PrivateFolder {
  /// Creates `path` and the folders above it that are missing (0700 each); one that exists is
  /// left as it is.
  public static func make(_ path: String) throws(FileWriteError) {
    // Slashes are looked for among scalars, as the kernel reads the path: a combining mark after
    // `/` joins it into one `Character`, which made an absolute path relative.
    var made = path.unicodeScalars.first == "/" ? "" : "."
    for component in path.unicodeScalars.split(separator: "/") {
      made += "/" + String(component)
      if mkdir(made, 0o700) != 0 && errno != EEXIST {
        throw FileWriteError(path: path, reason: FileDestination.describe(errno))
      }
    }
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw FileWriteError(path: path, reason: FileDestination.describe(ENOTDIR))
    }
  }
}

extension PartialFile {
  /// An empty ZIP archive (its end record alone): what the ZIP writers start their partial
  /// file with, so that ZIPFoundation opens it for update.
  public static let emptyZIP = Data([0x50, 0x4b, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
}
