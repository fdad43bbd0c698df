import Foundation

/// Where a test keeps its files: `<system temporary folder>/<label>-<UUID>`, a path no other test
/// uses. Not made, so that a test of a tool that makes its own folders sees it missing; a test
/// removes it when done (``remove(_:)``), or leaves it to the system's cleaning of /tmp when a
/// tool it started may still be writing there.
public enum TemporaryFolder {
  public static func path(_ label: String) -> String {
    NSTemporaryDirectory() + label + "-" + UUID().uuidString
  }

  /// A fresh folder, made.
  public static func made(_ label: String) throws -> String {
    let folder = path(label)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  public static func remove(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }
}
