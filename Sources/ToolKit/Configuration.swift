import Localization

/// Where a setting came from, so that messages can say what to change.
public enum SettingSource: Equatable, Sendable, CustomStringConvertible {
  case flag(String)
  case environment(String)
  case file(path: String, line: Int)

  public var description: String {
    switch self {
    // TRANSLATORS: where a setting came from, before a colon and the message about it, as in
    // "option --server: not an http(s) URL: …".
    case .flag(let name): tr("option \(name)")
    // TRANSLATORS: where a setting came from, as in "environment variable READECK_URL: …".
    case .environment(let name): tr("environment variable \(name)")
    case .file(let path, let line): "\(path):\(line)"
    }
  }
}

/// A resolved setting and its source.
public struct Setting: Equatable, Sendable {
  public var value: String
  public var source: SettingSource
}

/// The base directories of the XDG Base Directory specification; a relative or empty variable is
/// ignored, as the specification demands.
public struct XDGDirectories: Sendable {
  public var configHome: String
  public var dataHome: String
  public var cacheHome: String

  public init(environment: [String: String] = Environment.current) {
    let home = environment["HOME"] ?? "/"
    func base(_ variable: String, _ fallback: String) -> String {
      if let value = environment[variable], value.hasPrefix("/") { return value }
      return home + "/" + fallback
    }
    configHome = base("XDG_CONFIG_HOME", ".config")
    dataHome = base("XDG_DATA_HOME", ".local/share")
    cacheHome = base("XDG_CACHE_HOME", ".cache")
  }
}

/// The settings file `$XDG_CONFIG_HOME/<app>/config`: `key = value` lines, comments, and
/// `[tool-name]` sections whose keys apply to that tool only and win over the keys above them.
///
/// A comment starts with `#` or `;` at the start of a line or after white space, so one may
/// follow a section header or a value; a `#` or `;` inside a word (a URL's `#fragment`, a token)
/// belongs to the value. A value in double quotes is taken as it is between them, comment
/// characters and outer spaces included.
///
/// ```
/// # ~/.config/readkeep/config
/// server = https://readeck.example.org
/// token_file = ~/.config/readkeep/token
///
/// [rk-fetch]   # keys for rk-fetch only
/// limit = 50   ; the newest 50
/// ```
public struct ConfigFile: Sendable {
  public let path: String
  private var entries: [String: [String: (value: String, line: Int)]] = [:]

  /// Parses `text`; a malformed line is a configuration error (status 78) naming the line.
  public init(path: String, text: String) throws {
    self.path = path
    var section = ""
    // Split at the scalar: "\r\n" is one Character, so a file saved with CRLF endings would
    // otherwise be one line, its first value running on over the whole file.
    for (index, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let raw = Substring(scalars)
      func failure(_ message: String) -> ToolError { ToolError(.configError, "\(path):\(index + 1): \(message)") }
      let line = raw.trimmingWhitespace()
      // Delimiters are looked for among scalars, as an editor shows them: a combining mark after
      // `#`, `=` or `"` joins it into one `Character`, and must not hide it.
      let scalars = line.unicodeScalars
      if line.isEmpty || Self.startsComment(line) { continue }
      if scalars.first == "[" {
        guard let close = scalars.firstIndex(of: "]"),
          Self.isBlankOrComment(Substring(scalars[scalars.index(after: close)...]))
        else {
          throw failure(tr("a section is written [name]"))
        }
        section = Substring(scalars[scalars.index(after: scalars.startIndex)..<close]).trimmingWhitespace()
        guard !section.isEmpty else { throw failure(tr("a section is written [name]")) }
        continue
      }
      guard let equals = scalars.firstIndex(of: "=") else { throw failure(tr("expected key = value")) }
      let key = Substring(scalars[..<equals]).trimmingWhitespace()
      guard !key.isEmpty else { throw failure(tr("empty key")) }
      let rest = Substring(scalars[scalars.index(after: equals)...]).trimmingWhitespace()
      let restScalars = rest.unicodeScalars
      let value: String
      if restScalars.first == "\"", let close = restScalars.dropFirst().firstIndex(of: "\"") {
        guard Self.isBlankOrComment(Substring(restScalars[restScalars.index(after: close)...])) else {
          throw failure(tr("text after the closing quote"))
        }
        value = String(restScalars[restScalars.index(after: restScalars.startIndex)..<close])
      } else {
        value = Self.withoutComment(rest)
      }
      entries[section, default: [:]][key] = (value, index + 1)
    }
  }

  private static func startsComment(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.first == "#" || text.unicodeScalars.first == ";"
  }

  private static func isBlankOrComment(_ text: Substring) -> Bool {
    let trimmed = text.trimmingWhitespace()
    return trimmed.isEmpty || startsComment(trimmed)
  }

  /// `text` up to the first `#` or `;` that follows white space, trimmed.
  private static func withoutComment(_ text: String) -> String {
    let scalars = text.unicodeScalars
    var previous: Unicode.Scalar = " "
    for index in scalars.indices {
      let scalar = scalars[index]
      if scalar == "#" || scalar == ";", previous == " " || previous == "\t" {
        return Substring(scalars[..<index]).trimmingWhitespace()
      }
      previous = scalar
    }
    return text
  }

  /// The file for `app` under the XDG config directory, or nil when there is none.
  public static func load(app: String, directories: XDGDirectories = XDGDirectories()) throws -> ConfigFile? {
    let path = directories.configHome + "/" + app + "/config"
    let bytes: [UInt8]
    do {
      bytes = try Platform.readFile(path)
    } catch  where error.code == 2 {  // ENOENT: no file is fine
      return nil
    } catch {
      throw ToolError(.configError, tr("cannot read \(path): \(error.message)"))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ToolError(.configError, tr("\(path) is not UTF-8 text"))
    }
    return try ConfigFile(path: path, text: text)
  }

  /// `key` for `tool`: its own section first, then the top of the file.
  public func setting(_ key: String, tool: String) -> Setting? {
    guard let entry = entries[tool]?[key] ?? entries[""]?[key] else { return nil }
    return Setting(value: entry.value, source: .file(path: path, line: entry.line))
  }
}

/// Resolves settings in the fixed order: command-line flag, environment variable, config file.
public struct Configuration: Sendable {
  public let tool: String
  public let environment: [String: String]
  public let file: ConfigFile?

  public init(tool: String, environment: [String: String] = Environment.current, file: ConfigFile?) {
    self.tool = tool
    self.environment = environment
    self.file = file
  }

  /// The first of: `flag` when given, the environment variable `variable` when set and not empty,
  /// the file's `key`.
  public func resolve(flag: (name: String, value: String?)? = nil, variable: String?, key: String?) -> Setting? {
    if let flag, let value = flag.value { return Setting(value: value, source: .flag(flag.name)) }
    if let variable, let value = environment[variable], !value.isEmpty {
      return Setting(value: value, source: .environment(variable))
    }
    if let key, let setting = file?.setting(key, tool: tool) { return setting }
    return nil
  }

  /// The setting ``resolve(flag:variable:key:)`` finds, read by `parse`. A value `parse` refuses
  /// (nil) is a usage error when the flag gave it and a configuration error when the environment
  /// or the file did, with the message `refusal` makes of the value and where it came from.
  public func resolve<Value>(
    flag: (name: String, value: String?)? = nil, variable: String?, key: String?, parse: (String) -> Value?,
    refusal: (_ value: String, _ source: String) -> String
  ) throws -> Value? {
    guard let setting = resolve(flag: flag, variable: variable, key: key) else { return nil }
    guard let value = parse(setting.value) else {
      let status: ExitStatus = if case .flag = setting.source { .usage } else { .configError }
      throw ToolError(status, refusal(setting.value, setting.source.description))
    }
    return value
  }

  /// Expands a leading `~/` with `$HOME`, for paths from files and environment.
  public func expandingTilde(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
    return home + path.dropFirst()
  }
}

extension StringProtocol {
  func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return String(self[first...last])
  }
}
