public import Foundation

/// Files that hold the user's articles: mode 0600, written beside their place and renamed into
/// it, so that no reader ever sees half a file and a failed write leaves the old one.
public enum PrivateFile {
  public struct WriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
  }

  public static func write(_ data: Data, to path: String) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw WriteError(path: path, reason: "it is a folder")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let name = ".\((path as NSString).lastPathComponent).\(UUID().uuidString).partial"
    let partial = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    guard FileManager.default.createFile(atPath: partial, contents: data, attributes: [.posixPermissions: 0o600]) else {
      throw WriteError(path: path, reason: "cannot create a file in \(folder.isEmpty ? "." : folder)")
    }
    guard rename(partial, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: partial)
      throw WriteError(path: path, reason: reason)
    }
  }
}
