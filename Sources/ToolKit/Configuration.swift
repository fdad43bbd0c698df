/// Where a setting came from, so that messages can say what to change.
public enum SettingSource: Equatable, Sendable, CustomStringConvertible {
  case flag(String)
  case environment(String)
  case file(path: String, line: Int)

  public var description: String {
    switch self {
    case .flag(let name): "option \(name)"
    case .environment(let name): "environment variable \(name)"
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

/// The settings file `$XDG_CONFIG_HOME/<app>/config`: `key = value` lines, `#` comments, and
/// `[tool-name]` sections whose keys apply to that tool only and win over the keys above them.
///
/// ```
/// # ~/.config/readkeep/config
/// server = https://readeck.example.org
/// token_file = ~/.config/readkeep/token
///
/// [rk-fetch]
/// limit = 50
/// ```
public struct ConfigFile: Sendable {
  public let path: String
  private var entries: [String: [String: (value: String, line: Int)]] = [:]

  /// Parses `text`; a malformed line is a configuration error (status 78) naming the line.
  public init(path: String, text: String) throws {
    self.path = path
    var section = ""
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("[") {
        guard line.hasSuffix("]"), line.count > 2 else {
          throw ToolError(.configError, "\(path):\(index + 1): a section is written [name]")
        }
        section = String(line.dropFirst().dropLast()).trimmingWhitespace()
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        throw ToolError(.configError, "\(path):\(index + 1): expected key = value")
      }
      let key = String(line[..<equals]).trimmingWhitespace()
      var value = String(line[line.index(after: equals)...]).trimmingWhitespace()
      if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
      guard !key.isEmpty else { throw ToolError(.configError, "\(path):\(index + 1): empty key") }
      entries[section, default: [:]][key] = (value, index + 1)
    }
  }

  /// The file for `app` under the XDG config directory, or nil when there is none.
  public static func load(app: String, directories: XDGDirectories = XDGDirectories()) throws -> ConfigFile? {
    let path = directories.configHome + "/" + app + "/config"
    let bytes: [UInt8]
    do {
      bytes = try Platform.readFile(path)
    } catch where error.code == 2 {  // ENOENT: no file is fine
      return nil
    } catch {
      throw ToolError(.configError, "cannot read \(path): \(error.message)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ToolError(.configError, "\(path) is not UTF-8 text")
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
