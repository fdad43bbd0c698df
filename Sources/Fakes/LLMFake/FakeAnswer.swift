public import Wire

/// What a model answers: fixed text, an echo of the request, or any function of it, optionally
/// behind a `<think>` block.
public struct FakeAnswer: Sendable {
  /// What a model says when nothing else was configured.
  public static let defaultText = "This is the fake model's answer."

  enum Source: Sendable {
    case text(String)
    case echo
    case computed(@Sendable (FakePrompt) -> String)
  }

  let source: Source
  /// Put before the text as `<think>\n…\n</think>\n\n`, as reasoning models on Ollama or
  /// llama.cpp write it into the content.
  public var thinking: String?
  /// `finish_reason` / `done_reason` to report; nil for `stop`, or `length` when the request's
  /// `max_tokens` / `num_predict` cut the text.
  public var finishReason: String?

  init(source: Source, thinking: String? = nil, finishReason: String? = nil) {
    self.source = source
    self.thinking = thinking
    self.finishReason = finishReason
  }

  /// The same text for every request.
  public static func text(_ text: String, thinking: String? = nil, finishReason: String? = nil) -> FakeAnswer {
    FakeAnswer(source: .text(text), thinking: thinking, finishReason: finishReason)
  }

  /// An empty completion (content `""`), the case clients must treat as an error.
  public static var empty: FakeAnswer { .text("") }

  /// `[model] SYSTEM: <system> | USER: <user>`: shows a test exactly which pre-prompt and which
  /// text arrived (see ``FakePrompt/system`` and ``FakePrompt/user``). A request for structured
  /// output gets a JSON value its schema accepts, with that text in its strings.
  public static var echo: FakeAnswer { FakeAnswer(source: .echo) }

  /// Any deterministic function of the request.
  public static func computed(_ answer: @escaping @Sendable (FakePrompt) -> String) -> FakeAnswer {
    FakeAnswer(source: .computed(answer))
  }

  /// This answer behind a `<think>` block.
  public func thinking(_ text: String) -> FakeAnswer {
    var copy = self
    copy.thinking = text
    return copy
  }

  /// This answer reported with another finish reason (`length`, `content_filter`, …).
  public func finishing(_ reason: String) -> FakeAnswer {
    var copy = self
    copy.finishReason = reason
    return copy
  }

  /// The whole content sent for `prompt`, think block included.
  public func content(for prompt: FakePrompt) -> String {
    let text: String
    switch source {
    case .text(let fixed): text = fixed
    case .echo:
      if let schema = SchemaInstance.schema(in: prompt.body) {
        let value = SchemaInstance.value(for: schema, text: Self.echo(prompt))
        text = String(decoding: ((try? WireCoding.line(value)) ?? []).dropLast(), as: UTF8.self)
      } else {
        text = Self.echo(prompt)
      }
    case .computed(let answer): text = answer(prompt)
    }
    guard let thinking else { return text }
    return "<think>\n\(thinking)\n</think>\n\n" + text
  }

  static func echo(_ prompt: FakePrompt) -> String {
    "[\(prompt.model)] SYSTEM: \(prompt.system) | USER: \(prompt.user)"
  }
}

/// Which protocol a request came in by.
public enum FakeLLMAPI: String, Sendable, Hashable {
  /// `POST /v1/chat/completions` (any flavor, Ollama's `/v1` included).
  case chatCompletions
  /// Ollama's `POST /api/chat`.
  case ollamaChat
  /// Ollama's `POST /api/generate`.
  case ollamaGenerate
}

public struct FakeMessage: Sendable, Hashable {
  public var role: String
  public var content: String

  public init(role: String, content: String) {
    self.role = role
    self.content = content
  }
}

/// A chat request as an answer function sees it.
public struct FakePrompt: Sendable {
  public var api: FakeLLMAPI
  /// The model name as sent.
  public var model: String
  /// The messages in order; for `/api/generate`, `system` then the prompt as a user message.
  public var messages: [FakeMessage]
  /// Every system message's content, joined with a blank line (`/api/generate`: its `system`).
  public var system: String
  /// The last user message's content (`/api/generate`: its `prompt`).
  public var user: String
  /// The request body as parsed.
  public var body: JSONValue
  /// The estimated prompt size in tokens (Unicode scalars ÷ 4, rounded up), before any context
  /// cap. Scalars, not characters: a tokenizer reads a letter under a hundred accents as a
  /// hundred tokens or more, never as one.
  public var promptTokens: Int
  /// Ollama's context window in effect for this request; nil on the OpenAI routes.
  public var contextLength: Int?

  public init(
    api: FakeLLMAPI, model: String, messages: [FakeMessage], body: JSONValue = .null, contextLength: Int? = nil
  ) {
    self.api = api
    self.model = model
    self.messages = messages
    self.body = body
    self.contextLength = contextLength
    system = messages.filter { $0.role == "system" }.map(\.content).joined(separator: "\n\n")
    user = messages.last { $0.role == "user" }?.content ?? ""
    promptTokens = Tokens.estimate(messages.reduce(0) { $0 + $1.content.unicodeScalars.count })
  }
}
