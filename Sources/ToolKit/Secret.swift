import Localization

/// A credential. It prints as `<redacted>` in every form (`description`, `debugDescription`,
/// `dump`, string interpolation) so that it cannot leak into output, logs or error messages by
/// accident; ``reveal()`` is the one way to the value, for the request header that needs it.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let value: String

  public init(_ value: String) { self.value = value }

  public func reveal() -> String { value }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// Where a secret is read from.
public enum SecretSource: Equatable, Sendable {
  /// An environment variable, by name.
  case environment(String)
  /// A file; the first line is the secret. A warning is printed when group or others can read it.
  case file(String)
  /// A shell command such as `pass show readeck`; the first line of its output is the secret.
  case command(String)
}

extension Secret {
  /// Loads a secret. Errors (status 78) name the source but never include what was read.
  ///
  /// - Parameter what: how messages call the secret, e.g. `Readeck token`, in the user's language
  ///   (`tr("Readeck token")`): a name, standing where a name can stand in any language.
  public static func load(
    _ source: SecretSource, what: String, diagnostics: Diagnostics,
    environment: [String: String] = Environment.current
  ) throws -> Secret {
    let text: String
    switch source {
    case .environment(let name):
      guard let value = environment[name], !value.isEmpty else {
        // TRANSLATORS: {0} names the secret ("Readeck token", "API key").
        throw ToolError(.configError, tr("\(what): environment variable \(name) is not set"))
      }
      text = value
    case .file(let path):
      let bytes: [UInt8]
      do {
        bytes = try Platform.readFile(path)
      } catch {
        throw ToolError(.configError, tr("\(what): cannot read \(path): \(error.message)"))
      }
      if let mode = Platform.permissions(of: path), mode & 0o044 != 0 {
        // TRANSLATORS: {0} names the secret ("Readeck token"), {1} and {2} are the file's path.
        diagnostics.warning(tr("\(what) file \(path) is readable by others; run: chmod 600 \(path)"))
      }
      guard let decoded = String(validating: bytes, as: UTF8.self) else {
        throw ToolError(.configError, tr("\(what): \(path) is not UTF-8 text"))
      }
      text = decoded
    case .command(let command):
      let result: (status: Int32, output: [UInt8])
      do {
        result = try Platform.runShell(command)
      } catch {
        throw ToolError(.configError, tr("\(what): cannot run its command: \(error.message)"))
      }
      guard result.status == 0 else {
        throw ToolError(.configError, tr("\(what): its command exited with status \(result.status)"))
      }
      guard let decoded = String(validating: result.output, as: UTF8.self) else {
        throw ToolError(.configError, tr("\(what): its command did not print UTF-8 text"))
      }
      text = decoded
    }
    // At the scalar: "\r\n" is one Character, and a file saved with it would keep its line end.
    let lines = text.unicodeScalars.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let firstLine = lines.first.map(Substring.init) ?? ""
    let value = firstLine.trimmingWhitespace()
    guard !value.isEmpty else {
      let label = source.label
      // TRANSLATORS: {0} names the secret ("Readeck token"), {1} where it was read from (a path, an
      // environment variable, "its command").
      throw ToolError(.configError, tr("\(what) is empty (\(label))"))
    }
    return Secret(value)
  }
}

extension SecretSource {
  /// How messages name the source; a command is not repeated, as it may carry a secret itself.
  var label: String {
    switch self {
    case .environment(let name): tr("environment variable \(name)")
    case .file(let path): path
    // TRANSLATORS: where a secret was read from, as in "Readeck token is empty (its command)".
    case .command: tr("its command")
    }
  }
}
