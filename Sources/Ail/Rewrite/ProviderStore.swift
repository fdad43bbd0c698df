import Foundation
import PrivateFiles

/// `$XDG_CONFIG_HOME/ailo/providers.json`: the providers and which one is the default. Written
/// whole (temp file + rename) with mode 0600, since it may hold an API key the user stored
/// explicitly.
public struct ProviderStore: Sendable {
  public struct Contents: Codable, Sendable, Equatable {
    public var defaultProvider: String?
    public var providers: [Provider]

    public init(defaultProvider: String? = nil, providers: [Provider] = []) {
      self.defaultProvider = defaultProvider
      self.providers = providers
    }

    enum CodingKeys: String, CodingKey {
      case defaultProvider = "default"
      case providers
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      defaultProvider = try container.decodeIfPresent(String.self, forKey: .defaultProvider)
      providers = try container.decodeIfPresent([Provider].self, forKey: .providers) ?? []
    }

    public subscript(name: String) -> Provider? { providers.first { $0.name == name } }
  }

  public let path: String

  public init(path: String) { self.path = path }

  public static func defaultPath(environment: [String: String]) -> String {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? ((environment["HOME"] ?? "/") + "/.config")
    return base + "/ailo/providers.json"
  }

  /// The providers; none when the file does not exist yet.
  public func load() throws -> Contents {
    guard let data = FileManager.default.contents(atPath: path) else {
      if FileManager.default.fileExists(atPath: path) { throw ProviderConfigError("cannot read \(path)") }
      return Contents()
    }
    do {
      return try JSONDecoder().decode(Contents.self, from: data)
    } catch {
      throw ProviderConfigError("\(path) is not a valid providers file: \(Self.describe(error))")
    }
  }

  public func save(_ contents: Contents) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(contents)
    data.append(UInt8(ascii: "\n"))
    do {
      try PrivateFolder.make(PathParts.folder(of: path))
      try PrivateFile.write(data, to: path)
    } catch let error as FileWriteError {
      throw ProviderConfigError(error.description)
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      "missing \"\(key.stringValue)\""
        + (context.codingPath.isEmpty ? "" : " in \(context.codingPath.map(\.stringValue).joined(separator: "."))")
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    case DecodingError.dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "not JSON" : "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    default: String(describing: error)
    }
  }
}
