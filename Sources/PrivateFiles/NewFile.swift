public import Foundation
import Localization

/// Files that must not replace anything: written whole as a partial file (mode 0600), then
/// linked in under the first free name, so that an existing file is never overwritten and no
/// half-written file ever carries the name.
public enum NewFile {
  /// Writes `data` in `folder` under `name(0)`, else `name(1)`, … — the first that does not
  /// exist — and returns the path it took.
  public static func write(_ data: Data, in folder: String, name: (Int) -> String) throws -> String {
    let file = try PartialFile(for: PathParts.joining(folder, name(0)), initial: data)
    defer { file.abandon() }
    let descriptor = open(file.partial, O_RDONLY | O_CLOEXEC)
    if descriptor >= 0 {
      _ = fsync(descriptor)
      close(descriptor)
    }
    for attempt in 0..<10_000 {
      let target = PathParts.joining(folder, name(attempt))
      // link(2) fails with EEXIST instead of replacing, unlike rename(2).
      if link(file.partial, target) == 0 { return target }
      guard errno == EEXIST else { throw FileWriteError(path: target, reason: FileDestination.describe(errno)) }
    }
    throw FileWriteError(path: PathParts.joining(folder, name(0)), reason: tr("every numbered name is taken"))
  }
}
