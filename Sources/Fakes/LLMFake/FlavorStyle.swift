/// How each imitated server lays out what it writes.
extension FakeLLMFlavor {
  /// Whole JSON bodies: api.openai.com pretty-prints them; the others write them compact.
  var wholeLayout: JSONLayout { self == .openAI ? .pretty(indent: 2) : .compact }

  /// Streamed chunks: llama-cpp-python writes each with `json.dumps` defaults (spaces after `,`
  /// and `:`, non-ASCII escaped); the others compact.
  var chunkLayout: JSONLayout { self == .llamaCpp ? .python : .compact }

  var chunkEscaping: JSONEscaping {
    switch self {
    case .llamaCpp: .ascii
    case .ollama: .go
    default: .minimal
    }
  }

  /// Go escapes `<`, `>` and `&` everywhere; the Python servers only in `json.dumps` output.
  var wholeEscaping: JSONEscaping { self == .ollama ? .go : .minimal }

  /// Gin adds a charset; FastAPI, OpenAI and Mistral do not.
  var jsonContentType: String { self == .ollama ? "application/json; charset=utf-8" : "application/json" }

  var eventStreamContentType: String { self == .ollama ? "text/event-stream" : "text/event-stream; charset=utf-8" }

  func wholeWriter(capacity: Int = 512) -> JSONOut {
    JSONOut(layout: wholeLayout, escaping: wholeEscaping, capacity: capacity)
  }

  func chunkWriter(capacity: Int = 256) -> JSONOut {
    JSONOut(layout: chunkLayout, escaping: chunkEscaping, capacity: capacity)
  }

  /// What `/v1/models` puts in `owned_by` when the model does not say.
  var defaultOwner: String {
    switch self {
    case .openAI: "system"
    case .liteLLM: "openai"
    case .llamaCpp: "me"
    case .mistral: "mistralai"
    case .ollama: "library"
    }
  }
}
