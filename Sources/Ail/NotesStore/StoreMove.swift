import Foundation
import PrivateFiles

/// The one move of a notes store to a new default place (`ail/` to `ailo/`, where every other ail
/// file lives): the database, its WAL and shared-memory files and its recordings folder, each
/// renamed. The database goes last, so that a run stopped midway leaves it at the old place and
/// the next run finishes the move; a file already at the new place is never replaced.
public enum StoreMove {
  /// A rename that failed: the path it could not make, and why.
  public struct Failure: Error, Equatable {
    public let path: String
    public let reason: String
  }

  /// Moves the store at `old` to `new` when there is one at `old` and none at `new`; says whether
  /// it did. Both are database paths; the folder of `new` is made (0700) when missing.
  public static func move(from old: String, to new: String) throws -> Bool {
    let files = FileManager.default
    guard files.fileExists(atPath: old), !files.fileExists(atPath: new) else { return false }
    try PrivateFolder.make(PathParts.folder(of: new))
    let recordings = { (path: String) in PathParts.removingExtension(of: path) + ".audio" }
    let companions = [(recordings(old), recordings(new)), (old + "-wal", new + "-wal"), (old + "-shm", new + "-shm")]
    for (source, target) in companions + [(old, new)] where files.fileExists(atPath: source) {
      guard !files.fileExists(atPath: target) else { continue }
      guard rename(source, target) == 0 else { throw Failure(path: target, reason: String(cString: strerror(errno))) }
    }
    return true
  }
}
