import Localization

/// Whole input files, for tools whose unit of input is a file rather than a line (a mail message).
public enum InputFile {
  /// The bytes of `path`, or of standard input for `-`. Throws a ``ToolError`` with status 66
  /// when the file cannot be opened and 74 when reading fails.
  public static func contents(of path: String) throws -> [UInt8] {
    do {
      return path == "-" ? try Platform.readAll(Platform.standardInput) : try Platform.readFile(path)
    } catch {
      let status: ExitStatus = Platform.isUnopenable(error.code) ? .noInput : .ioError
      guard path != "-" else { throw ToolError(status, tr("cannot read standard input: \(error.message)")) }
      throw ToolError(status, tr("cannot read \(path): \(error.message)"))
    }
  }

  /// Throws a ``ToolError`` with status 66 when `path` cannot be opened for reading or is a
  /// folder, for tools that hand the file to something else to read (a decoder, a subprocess).
  public static func checkReadable(_ path: String) throws(ToolError) {
    guard path != "-" else { return }
    let fd = Platform.openForReading(path)
    guard fd >= 0 else { throw ToolError(.noInput, tr("cannot open \(path): \(Platform.describe(errno: -fd))")) }
    Platform.closeDescriptor(fd)
  }

  /// How `path` is named in messages.
  public static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}
