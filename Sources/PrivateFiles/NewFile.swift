public import Foundation
import Localization

/// Files that must not replace anything: written whole as a partial file (mode 0600) in the
/// folder itself, then linked in under the first free name, so that nothing that is there is
/// ever replaced or followed and no half-written file ever carries the name.
public enum NewFile {
  /// Writes `data` in `folder` under `name(0)`, else `name(1)`, … — the first that nothing
  /// holds (a file, a folder, a link, a link to nothing all take a name) — and returns the path
  /// it took.
  public static func write(_ data: Data, in folder: String, name: (Int) -> String) throws -> String {
    // The partial file is made in the folder, never beside a link's target (which may be on
    // another file system, where link(2) fails, or outside the folder altogether), under a short
    // name of its own, so that a destination name of up to 255 bytes leaves room for it.
    let partial = PathParts.joining(folder, ".\(UUID().uuidString).partial")
    let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FileWriteError(
        path: PathParts.joining(folder, name(0)),
        reason: tr("cannot create a file in \(folder): \(FileDestination.describe(errno))"))
    }
    defer { unlink(partial) }
    var error = data.withUnsafeBytes { DescriptorWrite.writeAll(descriptor, $0) }
    // On disk before it is named, so that a crash leaves no named file that is not whole.
    if error == 0 && fsync(descriptor) != 0 { error = errno }
    close(descriptor)
    guard error == 0 else {
      throw FileWriteError(path: PathParts.joining(folder, name(0)), reason: FileDestination.describe(error))
    }
    for attempt in 0..<10_000 {
      let target = PathParts.joining(folder, name(attempt))
      // link(2) fails with EEXIST for a name held by anything, a link to nothing included, and
      // follows no link there; rename(2) would replace.
      if link(partial, target) == 0 {
        unlink(partial)
        PartialFile.syncFolder(folder)
        return target
      }
      guard errno == EEXIST else { throw FileWriteError(path: target, reason: FileDestination.describe(errno)) }
    }
    throw FileWriteError(path: PathParts.joining(folder, name(0)), reason: tr("every numbered name is taken"))
  }
}
