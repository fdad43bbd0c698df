public import AsyncHTTPClient
import Wire

/// How many tokens a model reads at once, and who said so: the smaller of what the provider
/// reports for the model and the provider's `context_length` setting (for Ollama, the window it
/// is asked to open), else ``defaultTokens``.
public struct ContextWindow: Sendable, Equatable {
  public enum Source: Sendable, Equatable {
    /// Ollama's `/api/show` (`model_info.<arch>.context_length`) or a model list's entry.
    case provider
    /// The provider's `context_length` setting.
    case setting
    case assumed
  }

  public var tokens: Int
  public var source: Source

  public init(tokens: Int, source: Source) {
    self.tokens = tokens
    self.source = source
  }

  /// What a model that says nothing is taken to read: small enough for local models, which are
  /// the ones that say nothing over the OpenAI protocol; a larger one is found by halving when
  /// the server refuses, or set as the provider's `context_length`.
  public static let defaultTokens = 8192

  public static func choose(reported: Int?, configured: Int?) -> ContextWindow {
    switch (reported, configured) {
    case (let reported?, let configured?):
      configured <= reported ? .init(tokens: configured, source: .setting) : .init(tokens: reported, source: .provider)
    case (let reported?, nil): .init(tokens: reported, source: .provider)
    case (nil, let configured?): .init(tokens: configured, source: .setting)
    case (nil, nil): .init(tokens: defaultTokens, source: .assumed)
    }
  }

  /// Asks the provider once; an error or a silent provider leaves the setting or the default.
  public static func lookUp(_ provider: ResolvedProvider, model: String, http: HTTPClient) async -> ContextWindow {
    choose(reported: await reported(provider, model: model, http: http), configured: provider.provider.contextLength)
  }

  private static func reported(_ provider: ResolvedProvider, model: String, http: HTTPClient) async -> Int? {
    switch provider.provider.type {
    case .ollama:
      let url = Endpoints.ollamaBase(provider.provider.baseURL) + "/api/show"
      guard let show = try? await ModelList.ask(provider, http: http, url: url, body: ["model": .string(model)]) else {
        return nil
      }
      return ollamaContextLength(show)
    case .openai, .mistral:
      guard let list = try? await ModelList.fetchJSON(provider, http: http) else { return nil }
      return listedContextLength(list, model: model)
    }
  }

  /// `model_info` names the key after the architecture: `llama.context_length`, `qwen2.…`.
  static func ollamaContextLength(_ show: JSONValue) -> Int? {
    guard let info = show["model_info"]?.objectValue else { return nil }
    return info.first { $0.key.hasSuffix(".context_length") }.flatMap { positive($0.value) }
  }

  /// Mistral and LM Studio say `max_context_length`, OpenRouter `context_length`, vLLM
  /// `max_model_len`.
  static func listedContextLength(_ list: JSONValue, model: String) -> Int? {
    let entries = list["data"]?.arrayValue ?? list.arrayValue ?? []
    guard let entry = entries.first(where: { ($0["id"] ?? $0["name"])?.stringValue == model }) else { return nil }
    for key in ["max_context_length", "context_length", "context_window", "max_model_len"] {
      if let value = entry[key].flatMap(positive) { return value }
    }
    return nil
  }

  private static func positive(_ value: JSONValue) -> Int? {
    guard let number = value.intValue, number > 0, number < 1 << 31 else { return nil }
    return Int(number)
  }
}
