public import Wire

/// The routes the server knows; faults can be aimed at one of them.
public enum FakeLLMRoute: String, Hashable, Sendable, CaseIterable {
  /// `POST /v1/chat/completions`, also `/chat/completions`.
  case chatCompletions
  /// `GET /v1/models` and `/v1/models/{id}`, also without `/v1`.
  case models
  /// Ollama `POST /api/chat`.
  case ollamaChat
  /// Ollama `POST /api/generate`.
  case ollamaGenerate
  /// Ollama `GET /api/tags`.
  case ollamaTags
  /// Ollama `GET /api/version`.
  case ollamaVersion
  /// Ollama `POST /api/show`: a model's details, its context length among them.
  case ollamaShow
  /// Ollama `GET /` (and `HEAD /`): `Ollama is running`.
  case ollamaRoot
  /// `POST /v1/audio/transcriptions`, also `/audio/transcriptions` (OpenAI, speaches): served
  /// when the transcription style is not whisper.cpp's.
  case audioTranscriptions
  /// whisper.cpp's `POST /inference`: served when the transcription style is whisper.cpp's.
  case whisperInference

  /// Whether the route belongs to Ollama's native API (served by the `.ollama` flavor only).
  public var isOllamaNative: Bool {
    switch self {
    case .chatCompletions, .models, .audioTranscriptions, .whisperInference: false
    case .ollamaChat, .ollamaGenerate, .ollamaTags, .ollamaVersion, .ollamaShow, .ollamaRoot: true
    }
  }

  /// Whether the route transcribes audio.
  public var isTranscription: Bool { self == .audioTranscriptions || self == .whisperInference }
}

/// The body of an injected error answer.
public enum FakeErrorBody: Sendable, Hashable {
  /// What this server sends for the status on this route: the flavor's error shape with a
  /// message typical of the status (LiteLLM's `litellm.RateLimitError…` for 429, llama.cpp's
  /// text/plain `Internal Server Error` for 500, Ollama's `{"error":"…"}`, …).
  case standard
  /// `{"error":{"message":…,"type":…,"param":…,"code":…}}`.
  case openAI(message: String, type: String, param: String? = nil, code: String? = nil)
  /// OpenAI's 429 `insufficient_quota` body, which a client must not retry.
  case insufficientQuota
  /// LiteLLM's shape: the OpenAI one with the status as a string in `code`.
  case liteLLM(message: String, type: String)
  /// FastAPI's `{"detail":"…"}`.
  case fastAPI(String)
  /// `text/plain; charset=utf-8`, such as `Internal Server Error`.
  case plainText(String)
  /// Ollama's `{"error":"…"}`.
  case ollama(String)
  /// Mistral's gateway 401: `{"message":"Unauthorized","request_id":"…"}`.
  case mistralUnauthorized
  /// Mistral's 422 for one forbidden request member.
  case mistralExtraForbidden(member: String, input: JSONValue)
  /// Exactly these bytes with this content type.
  case raw(contentType: String, body: [UInt8])

  /// llama.cpp's 400 for a prompt longer than its context (captured shape).
  public static func contextLengthExceeded(maximum: Int, requested: Int, completion: Int = 0) -> FakeErrorBody {
    .openAI(
      message: "This model's maximum context length is \(maximum) tokens. However, you requested "
        + "\(requested + completion) tokens (\(requested) in the messages, \(completion) in the completion). "
        + "Please reduce the length of the messages or completion.",
      type: "invalid_request_error", param: "messages", code: "context_length_exceeded")
  }
}

/// A misbehaviour the server shows once, on the next request it matches. "Chunks" count the
/// events of a stream: SSE `data:` events (role, text, final, usage, `[DONE]`) or NDJSON lines.
public enum FakeLLMFault: Sendable {
  /// Answer this status with `body`, and `Retry-After` (seconds or an HTTP date; see
  /// ``FakeLLM/httpDate(_:)``) and `retry-after-ms` headers when given. Streaming requests get
  /// it before the stream starts, as real servers do.
  case status(Int, body: FakeErrorBody = .standard, retryAfter: String? = nil, retryAfterMilliseconds: Int? = nil)
  /// Wait this long before the first byte, on top of the model's timing, then answer normally.
  case delay(milliseconds: Int)
  /// A stream: `afterChunks` events, then an error event (`data: {"error":{…}}` or an NDJSON
  /// `{"error":"…"}` line) and a clean end without `[DONE]` / `done`. A non-streaming request
  /// gets a 500 with `message` instead.
  case midStreamError(afterChunks: Int, message: String = "an error was encountered while running the model")
  /// A stream: `afterChunks` events (at most all but the last), then a clean end of the body
  /// and the connection closed: no `[DONE]`, no `"done":true`. A whole body is cut in half,
  /// with a `Content-Length` that matches what is sent.
  case cutStream(afterChunks: Int)
  /// A stream: `afterChunks` events (at most all but the last), then a TCP reset. A whole body:
  /// the full `Content-Length` announced, half the bytes sent, then the reset.
  case resetMidStream(afterChunks: Int)
  /// Close the connection without answering.
  case dropConnection
  /// The head, then the first `bytes` of the body (of a whole body announced in full, or of a
  /// stream's events), then silence with the connection open: a server that hangs mid-answer.
  case stallAfter(bytes: Int)
  /// A 200 whose JSON does not parse: half of the body, or for a stream, the first event's
  /// JSON cut in half (the rest follows as usual).
  case malformedJSON
  /// Answer this once instead of the model's configured answer.
  case answer(FakeAnswer)
}

extension FakeLLMFault: CustomStringConvertible {
  public var description: String {
    switch self {
    case .status(let code, _, let retryAfter, let milliseconds):
      var text = "status(\(code))"
      if let retryAfter { text += " retry-after=\(retryAfter)" }
      if let milliseconds { text += " retry-after-ms=\(milliseconds)" }
      return text
    case .delay(let milliseconds): return "delay(\(milliseconds) ms)"
    case .midStreamError(let after, _): return "midStreamError(after \(after))"
    case .cutStream(let after): return "cutStream(after \(after))"
    case .resetMidStream(let after): return "resetMidStream(after \(after))"
    case .dropConnection: return "dropConnection"
    case .stallAfter(let bytes): return "stallAfter(\(bytes) bytes)"
    case .malformedJSON: return "malformedJSON"
    case .answer: return "answer"
    }
  }
}
