/// A path split into its folder and its last name the way POSIX `dirname` and `basename` do, in
/// pure Swift: Foundation's `NSString` path methods trap on Linux on any one-character path
/// ("a", "-", ".", "~"), which is what a shell user types.
///
/// | path     | folder | name |
/// | -------- | ------ | ---- |
/// | `a`      | `.`    | `a`  |
/// | `a/b/`   | `a`    | `b`  |
/// | `/a`     | `/`    | `a`  |
/// | `/`      | `/`    | `/`  |
/// | `./`     | `.`    | `.`  |
/// | ``       | `.`    | ``   |
///
/// Nothing is expanded or resolved: `~` is a name like any other (the shell expands it), and
/// `..` stays `..`.
public struct PathParts: Sendable, Equatable {
  /// Where the name lives: `.` for a bare name, `/` at the root, never empty, no trailing slash.
  public var folder: String
  /// The last name, without trailing slashes; `/` for the root itself.
  public var name: String

  public init(folder: String, name: String) {
    self.folder = folder
    self.name = name
  }

  public init(_ path: String) {
    var bytes = Substring(path)
    // Trailing slashes name the same thing ("a/" is "a"), but a path of slashes is the root.
    while bytes.count > 1, bytes.hasSuffix("/") { bytes = bytes.dropLast() }
    if bytes == "/" {
      (folder, name) = ("/", "/")
      return
    }
    guard let slash = bytes.lastIndex(of: "/") else {
      (folder, name) = (".", String(bytes))
      return
    }
    name = String(bytes[bytes.index(after: slash)...])
    var parent = bytes[..<slash]
    while parent.hasSuffix("/") { parent = parent.dropLast() }
    folder = parent.isEmpty ? "/" : String(parent)
  }

  /// The folder of `path` (`dirname`).
  public static func folder(of path: String) -> String { PathParts(path).folder }

  /// The last name of `path` (`basename`).
  public static func name(of path: String) -> String { PathParts(path).name }

  /// `name` inside `folder`, with one slash between them.
  public static func joining(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// What follows the last dot of the name, without the dot; empty when the name has none, or
  /// only a leading one (`.profile`).
  public static func fileExtension(of path: String) -> String {
    let name = PathParts(path).name
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// `path` without the extension of its last name (`notes/log.sqlite` → `notes/log`).
  public static func removingExtension(of path: String) -> String {
    let fileExtension = fileExtension(of: path)
    guard !fileExtension.isEmpty else { return path }
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed.dropLast(fileExtension.count + 1))
  }
}
