/// The protocol a provider speaks.
public enum ProviderType: String, Codable, Sendable, CaseIterable {
  /// `/v1/chat/completions` and `/v1/models`: OpenAI, LiteLLM, llama.cpp, vLLM, LM Studio, Ollama's `/v1`.
  case openai
  /// OpenAI-compatible, but only the request members Mistral accepts (it answers 422 to others).
  case mistral
  /// Ollama's own `/api/chat`, `/api/generate` and `/api/tags`.
  case ollama
}

/// A temperature setting: a value, the provider's own default, or "omit" for models that refuse
/// any temperature but their default (GPT-5, the o-series).
public enum Temperature: Sendable, Equatable, Codable {
  case value(Double)
  case omit

  public init(parsing text: String) throws {
    if text.lowercased() == "omit" {
      self = .omit
    } else if let value = Double(text), value >= 0, value <= 2 {
      self = .value(value)
    } else {
      throw ProviderConfigError("temperature must be a number from 0 to 2, or \"omit\": \(text)")
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Double.self) {
      self = .value(value)
    } else {
      self = try Temperature(parsing: container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .value(let value): try container.encode(value)
    case .omit: try container.encode("omit")
    }
  }

  public var description: String {
    switch self {
    case .value(let value): String(value)
    case .omit: "omit"
    }
  }
}

/// Where a provider's API key comes from. The key itself is stored only when the user passed it
/// explicitly (`--api-key`); never printed.
public enum APIKeySource: Sendable, Equatable {
  case environment(String)
  case file(String)
  case command(String)
  case literal(String)
}

/// Another (provider, model) to try when a provider fails; the model name is the one that
/// provider knows.
public struct FallbackTarget: Codable, Sendable, Equatable, CustomStringConvertible {
  public var provider: String
  public var model: String?

  public init(provider: String, model: String?) {
    self.provider = provider
    self.model = model
  }

  /// `PROVIDER:MODEL` or `PROVIDER`. Only the first colon splits, so `ollama:llama3.2:3b` works.
  public init(parsing text: String) throws {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let name = parts.first, !name.isEmpty else {
      throw ProviderConfigError("a fallback is PROVIDER:MODEL: \(text)")
    }
    self.init(provider: name, model: parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil)
  }

  public var description: String { model.map { "\(provider):\($0)" } ?? provider }
}

/// One configured provider, as `providers.json` keeps it.
public struct Provider: Sendable, Equatable, Codable {
  public var name: String
  public var type: ProviderType
  /// As given by the user, normalised (no trailing slash, no endpoint path).
  public var baseURL: String
  public var model: String?
  public var temperature: Temperature?
  /// Seconds to establish a connection.
  public var connectTimeout: Double?
  /// Seconds for a whole request; local models can be slow.
  public var timeout: Double?
  public var apiKey: APIKeySource?
  public var fallback: [FallbackTarget]
  /// Ollama's context window to ask for with long input (`options.num_ctx`); nil picks one from the input.
  public var contextLength: Int?

  public init(
    name: String, type: ProviderType, baseURL: String, model: String? = nil, temperature: Temperature? = nil,
    connectTimeout: Double? = nil, timeout: Double? = nil, apiKey: APIKeySource? = nil, fallback: [FallbackTarget] = [],
    contextLength: Int? = nil
  ) {
    self.name = name
    self.type = type
    self.baseURL = baseURL
    self.model = model
    self.temperature = temperature
    self.connectTimeout = connectTimeout
    self.timeout = timeout
    self.apiKey = apiKey
    self.fallback = fallback
    self.contextLength = contextLength
  }

  enum CodingKeys: String, CodingKey {
    case name, type, model, temperature, fallback
    case baseURL = "base_url"
    case port
    case connectTimeout = "connect_timeout"
    case timeout
    case apiKeyEnv = "api_key_env"
    case apiKeyFile = "api_key_file"
    case apiKeyCmd = "api_key_cmd"
    case apiKey = "api_key"
    case contextLength = "context_length"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    type = try container.decode(ProviderType.self, forKey: .type)
    baseURL = try container.decode(String.self, forKey: .baseURL)
    model = try container.decodeIfPresent(String.self, forKey: .model)
    temperature = try container.decodeIfPresent(Temperature.self, forKey: .temperature)
    connectTimeout = try container.decodeIfPresent(Double.self, forKey: .connectTimeout)
    timeout = try container.decodeIfPresent(Double.self, forKey: .timeout)
    // As `--timeout` takes them: a hand-edited 1e300 would trap where it becomes a `Duration`.
    for (key, seconds) in [(CodingKeys.connectTimeout, connectTimeout), (.timeout, timeout)] {
      if let seconds, !(0.001...86_400).contains(seconds) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "must be a number of seconds from 0.001 to 86400")
      }
    }
    fallback = try container.decodeIfPresent([FallbackTarget].self, forKey: .fallback) ?? []
    contextLength = try container.decodeIfPresent(Int.self, forKey: .contextLength)
    if let name = try container.decodeIfPresent(String.self, forKey: .apiKeyEnv) {
      apiKey = .environment(name)
    } else if let path = try container.decodeIfPresent(String.self, forKey: .apiKeyFile) {
      apiKey = .file(path)
    } else if let command = try container.decodeIfPresent(String.self, forKey: .apiKeyCmd) {
      apiKey = .command(command)
    } else if let key = try container.decodeIfPresent(String.self, forKey: .apiKey) {
      apiKey = .literal(key)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(type, forKey: .type)
    try container.encode(baseURL, forKey: .baseURL)
    // The port is written for people reading the file; the base URL is what counts.
    try container.encodeIfPresent(Endpoints.port(of: baseURL), forKey: .port)
    try container.encodeIfPresent(model, forKey: .model)
    try container.encodeIfPresent(temperature, forKey: .temperature)
    try container.encodeIfPresent(connectTimeout, forKey: .connectTimeout)
    try container.encodeIfPresent(timeout, forKey: .timeout)
    if !fallback.isEmpty { try container.encode(fallback, forKey: .fallback) }
    try container.encodeIfPresent(contextLength, forKey: .contextLength)
    switch apiKey {
    case .environment(let name): try container.encode(name, forKey: .apiKeyEnv)
    case .file(let path): try container.encode(path, forKey: .apiKeyFile)
    case .command(let command): try container.encode(command, forKey: .apiKeyCmd)
    case .literal(let key): try container.encode(key, forKey: .apiKey)
    case nil: break
    }
  }
}

extension FallbackTarget {
  enum CodingKeys: String, CodingKey { case provider, model }
}

/// A provider setting that does not make sense.
public struct ProviderConfigError: Error, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
