public import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Resilience
import Wire

/// The models a provider offers: `/v1/models` → `data[].id` (or a bare array, as Together sends),
/// `/api/tags` → `models[].name`.
public enum ModelList {
  public static func fetch(_ provider: ResolvedProvider, http: HTTPClient) async throws -> [String] {
    names(in: try await fetchJSON(provider, http: http), type: provider.provider.type)
  }

  /// The model list as the provider wrote it.
  static func fetchJSON(_ provider: ResolvedProvider, http: HTTPClient) async throws -> JSONValue {
    try await ask(provider, http: http, url: Endpoints.models(provider.provider.baseURL, provider.provider.type))
  }

  /// A small GET, or a POST of `body`, to the provider, answered with JSON within its connect
  /// timeout and 20 seconds more.
  static func ask(_ provider: ResolvedProvider, http: HTTPClient, url: String, body: JSONValue? = nil) async throws
    -> JSONValue
  {
    var request = HTTPClientRequest(url: url)
    if let body {
      request.method = .POST
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: try WireCoding.line(body)))
    }
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "User-Agent", value: "ail-ai")
    if let key = provider.apiKey { request.headers.add(name: "Authorization", value: "Bearer " + key) }
    let bytes: [UInt8]
    do {
      // The whole answer within the limit: a server that sends headers and then nothing must not
      // hold a model listing (AsyncHTTPClient's own timeout ends with the head).
      let limit = TimeLimit.whole(Double(provider.provider.connectTimeout ?? 10) + 20)
      let (_, body) = try await http.attempt(request, limit: limit, host: provider.host)
      bytes = Array(try await body.collectWhole(upTo: 16 << 20, host: provider.host).readableBytesView)
    } catch let error as AttemptError {
      guard case .status(let status, _, _) = error.failure else {
        throw ChatError.unreachable(provider: provider.name, message: "cannot ask \(url): \(error.message)")
      }
      throw ChatError.http(provider: provider.name, status: status, message: error.serverMessage ?? error.message)
    }
    guard let value = try? bytes.withUnsafeBytes({ try WireCoding.parse($0) }) else {
      throw ChatError.malformed(provider: provider.name, message: "the answer of \(url) is not JSON")
    }
    return value
  }

  static func names(in value: JSONValue, type: ProviderType) -> [String] {
    let entries: [JSONValue]
    switch type {
    case .ollama: entries = value["models"]?.arrayValue ?? []
    case .openai, .mistral: entries = value["data"]?.arrayValue ?? value.arrayValue ?? []
    }
    return entries.compactMap { ($0["id"] ?? $0["name"] ?? $0["model"])?.stringValue }
  }

  /// Whether `model` is in `available`; Ollama's `name` means `name:latest`.
  public static func contains(_ available: [String], _ model: String) -> Bool {
    available.contains(model) || available.contains(model + ":latest")
      || (model.hasSuffix(":latest") && available.contains(String(model.dropLast(7))))
  }
}

extension ModelList {
  /// The protocol a server speaks, asked when its URL does not tell: `/v1/models` answering a
  /// model list means OpenAI-compatible, else `/api/tags` answering means Ollama.
  public static func probe(_ provider: ResolvedProvider, http: HTTPClient) async -> ProviderType? {
    for type in [ProviderType.openai, .ollama] {
      var candidate = provider
      candidate.provider.type = type
      if (try? await fetch(candidate, http: http)) != nil { return type }
    }
    return nil
  }
}
