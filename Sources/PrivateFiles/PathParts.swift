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
/// `..` stays `..`. Slashes and dots are found among Unicode scalars, as the kernel finds them
/// among bytes: a name may begin with a combining mark, which Swift's characters would join to
/// the slash before it.
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
    var scalars = Substring(path).unicodeScalars
    // Trailing slashes name the same thing ("a/" is "a"), but a path of slashes is the root.
    while scalars.count > 1, scalars.last == "/" { scalars = scalars.dropLast() }
    if scalars.elementsEqual("/".unicodeScalars) {
      (folder, name) = ("/", "/")
      return
    }
    guard let slash = scalars.lastIndex(of: "/") else {
      (folder, name) = (".", String(Substring(scalars)))
      return
    }
    name = String(Substring(scalars[scalars.index(after: slash)...]))
    var parent = scalars[..<slash]
    while parent.last == "/" { parent = parent.dropLast() }
    folder = parent.isEmpty ? "/" : String(Substring(parent))
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
    let name = PathParts(path).name.unicodeScalars
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(Substring(name[name.index(after: dot)...]))
  }

  /// `path` without the extension of its last name (`notes/log.sqlite` → `notes/log`).
  public static func removingExtension(of path: String) -> String {
    let fileExtension = fileExtension(of: path)
    guard !fileExtension.isEmpty else { return path }
    var trimmed = Substring(path).unicodeScalars
    while trimmed.count > 1, trimmed.last == "/" { trimmed = trimmed.dropLast() }
    return String(Substring(trimmed.dropLast(fileExtension.unicodeScalars.count + 1)))
  }
}
