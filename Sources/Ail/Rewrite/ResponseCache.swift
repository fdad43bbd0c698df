import ContentHash
import Foundation
import PrivateFiles
import Wire

/// Answers kept on disk by what was asked, so that re-running a Makefile costs nothing twice.
/// The key is the SHA-256 of everything that shapes an answer: protocol, base URL, model,
/// sampling settings, system prompt and input. One JSON file per answer, written whole (temp
/// file + rename) with mode 0600; an unreadable entry counts as a miss.
public struct ResponseCache: Sendable {
  public let directory: String

  public init(directory: String) { self.directory = directory }

  /// `$XDG_CACHE_HOME/ailo/responses` (default `~/.cache/ailo/responses`).
  public static func defaultDirectory(environment: [String: String]) -> String {
    let base =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? ((environment["HOME"] ?? "/") + "/.cache")
    return base + "/ailo/responses"
  }

  public static func key(provider: Provider, request: ChatRequest) -> String {
    var identity: JSONObject = [
      "type": .string(provider.type.rawValue), "base_url": .string(provider.baseURL), "model": .string(request.model),
      "system": .string(request.system), "input": .string(request.input),
    ]
    if let temperature = request.temperature { identity["temperature"] = .string(temperature.description) }
    if let maxTokens = request.maxTokens { identity["max_tokens"] = .integer(Int64(maxTokens)) }
    let bytes = (try? WireCoding.line(JSONValue.object(identity))) ?? []
    return HexDigest.sha256(bytes)
  }

  public func lookup(_ key: String) -> Completion? {
    guard let data = FileManager.default.contents(atPath: path(key)),
      let value = try? Array(data).withUnsafeBytes({ try WireCoding.parse($0) }),
      let text = value["text"]?.stringValue, let provider = value["provider"]?.stringValue,
      let model = value["model"]?.stringValue
    else { return nil }
    return Completion(
      text: text, provider: provider, model: model, usage: Usage(json: value["usage"]),
      finishReason: value["finish_reason"]?.stringValue, cached: true)
  }

  public func store(_ completion: Completion, key: String) throws {
    var object: JSONObject = [
      "text": .string(completion.text), "provider": .string(completion.provider), "model": .string(completion.model),
      "stored_at": .string(RFC3339.string(from: Date())),
    ]
    if let usage = completion.usage { object["usage"] = usage.json }
    if let reason = completion.finishReason { object["finish_reason"] = .string(reason) }
    try PrivateFolder.make(PathParts.folder(of: path(key)))
    try PrivateFile.write(Data(try WireCoding.line(JSONValue.object(object))), to: path(key))
  }

  private func path(_ key: String) -> String { "\(directory)/\(key.prefix(2))/\(key).json" }
}
