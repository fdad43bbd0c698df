public import Wire

/// What one rewrite asks a model: the system prompt (the pre-prompt), the user's text, and the
/// sampling settings that apply.
public struct ChatRequest: Sendable, Equatable {
  public var system: String
  public var input: String
  public var model: String
  public var temperature: Temperature?
  public var maxTokens: Int?
  public var stream: Bool
  /// Earlier turns of the conversation, between the system prompt and `input`.
  public var turns: [ChatTurn]
  /// The JSON Schema the answer must match, sent as the provider's structured-output request.
  public var schema: JSONValue?

  public init(
    system: String, input: String, model: String, temperature: Temperature? = nil, maxTokens: Int? = nil, stream: Bool,
    turns: [ChatTurn] = [], schema: JSONValue? = nil
  ) {
    self.system = system
    self.input = input
    self.model = model
    self.temperature = temperature
    self.maxTokens = maxTokens
    self.stream = stream
    self.turns = turns
    self.schema = schema
  }

  /// The prompt's size in tokens, estimated on the safe side (``TokenEstimate``), to size
  /// Ollama's context.
  public var estimatedTokens: Int {
    TokenEstimate.tokens(system) + TokenEstimate.tokens(input)
      + turns.reduce(16) { $0 + TokenEstimate.tokens($1.content) }
  }

  private var messages: JSONValue {
    var messages: [JSONValue] = []
    if !system.isEmpty { messages.append(["role": "system", "content": .string(system)]) }
    for turn in turns { messages.append(["role": .string(turn.role.rawValue), "content": .string(turn.content)]) }
    messages.append(["role": "user", "content": .string(input)])
    return .array(messages)
  }

  /// `/api/generate` has no turns: they go before the input as text.
  private var prompt: String {
    turns.map { "\($0.role.rawValue): \($0.content)\n\n" }.joined() + input
  }

  /// The body for `/chat/completions`. Each dialect gets only the members it accepts: Mistral
  /// answers 422 to `stream_options` (and sends usage in its last chunk anyway).
  public func openAIBody(dialect: ProviderType) -> JSONValue {
    var body: JSONObject = ["model": .string(model), "messages": messages, "stream": .bool(stream)]
    if case .value(let value) = temperature { body["temperature"] = .number(value) }
    if let maxTokens { body["max_tokens"] = .integer(Int64(maxTokens)) }
    if stream && dialect == .openai { body["stream_options"] = ["include_usage": true] }
    if let schema {
      body["response_format"] = ["type": "json_schema", "json_schema": ["name": "answer", "schema": schema]]
    }
    return .object(body)
  }

  /// The body for Ollama's `/api/chat`, or `/api/generate` when `generate` is set. Sampling
  /// settings go inside `options`; `num_ctx` is sent when the input would not fit the default
  /// window, since Ollama cuts long prompts from the start — the system prompt first.
  public func ollamaBody(generate: Bool, contextLength: Int?) -> JSONValue {
    var body: JSONObject = ["model": .string(model), "stream": .bool(stream)]
    if generate {
      body["prompt"] = .string(prompt)
      if !system.isEmpty { body["system"] = .string(system) }
    } else {
      body["messages"] = messages
    }
    if let schema { body["format"] = schema }
    var options: JSONObject = [:]
    if case .value(let value) = temperature { options["temperature"] = .number(value) }
    if let maxTokens { options["num_predict"] = .integer(Int64(maxTokens)) }
    if let context = ollamaContext(contextLength) { options["num_ctx"] = .integer(Int64(context)) }
    if !options.isEmpty { body["options"] = .object(options) }
    return .object(body)
  }

  /// The context window to ask for: the configured one, or for input longer than Ollama's old
  /// default of 2,048 tokens the next power of two that holds input and answer.
  func ollamaContext(_ configured: Int?) -> Int? {
    if let configured { return configured }
    let needed = estimatedTokens + (maxTokens ?? 1024)
    guard needed > 2048 else { return nil }
    var window = 4096
    while window < needed && window < 1 << 20 { window *= 2 }
    return window
  }
}

/// One earlier message of a conversation.
public struct ChatTurn: Sendable, Equatable {
  public enum Role: String, Sendable {
    case user, assistant
  }

  public var role: Role
  public var content: String

  public init(_ role: Role, _ content: String) {
    self.role = role
    self.content = content
  }
}

/// Token counts as the provider reported them.
public struct Usage: Sendable, Equatable {
  public var promptTokens: Int?
  public var completionTokens: Int?
  public var totalTokens: Int? { promptTokens.flatMap { prompt in completionTokens.map { prompt + $0 } } }

  public init(promptTokens: Int? = nil, completionTokens: Int? = nil) {
    self.promptTokens = promptTokens
    self.completionTokens = completionTokens
  }

  public var json: JSONValue {
    var object: JSONObject = [:]
    if let promptTokens { object["prompt_tokens"] = .integer(Int64(promptTokens)) }
    if let completionTokens { object["completion_tokens"] = .integer(Int64(completionTokens)) }
    if let totalTokens { object["total_tokens"] = .integer(Int64(totalTokens)) }
    return .object(object)
  }

  public init?(json: JSONValue?) {
    guard let json, json.objectValue != nil else { return nil }
    promptTokens = json["prompt_tokens"]?.intValue.map { Int($0) }
    completionTokens = json["completion_tokens"]?.intValue.map { Int($0) }
  }
}

/// A finished answer.
public struct Completion: Sendable, Equatable {
  public var text: String
  public var provider: String
  public var model: String
  public var usage: Usage?
  /// `stop`, `length` (cut at the token limit), …
  public var finishReason: String?
  /// Answered from the response cache, no request made.
  public var cached: Bool

  public init(
    text: String, provider: String, model: String, usage: Usage? = nil, finishReason: String? = nil,
    cached: Bool = false
  ) {
    self.text = text
    self.provider = provider
    self.model = model
    self.usage = usage
    self.finishReason = finishReason
    self.cached = cached
  }
}
