#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Which real server the fake imitates on the OpenAI-compatible routes: the framing of streamed
/// chunks, the usage chunk, the JSON layout and the shape of error bodies differ between them,
/// and a client has to cope with each.
public enum FakeLLMFlavor: String, Sendable, CaseIterable {
  /// api.openai.com: a role-only first delta; the usage chunk (with `"choices":[]`) only when
  /// `stream_options.include_usage` is true; whole bodies pretty-printed.
  case openAI = "openai"
  /// The LiteLLM proxy (captured): role and first text in one delta; a usage chunk whose
  /// `choices` is `[{"index":0,"delta":{}}]`; `code` as a string in errors.
  case liteLLM = "litellm"
  /// llama-cpp-python's server (captured): `"finish_reason": null` on every chunk, JSON with
  /// spaces, `stream_options` ignored (no usage chunk), 401 `{"detail":"Invalid API key"}`, any
  /// model name served by the first model.
  case llamaCpp = "llamacpp"
  /// Mistral: usage in the last chunk unasked, 422 `extra_forbidden` for any request member
  /// outside its whitelist.
  case mistral
  /// Ollama: the native API (`/api/chat`, `/api/generate`, `/api/tags`, `/api/version`, `/`)
  /// plus its OpenAI-compatible layer under `/v1`.
  case ollama
}

/// How fast an answer comes out.
public struct FakeTiming: Sendable, Hashable {
  /// Characters of the answer per streamed chunk (at least 1).
  public var chunkCharacters: Int
  /// Pause between two chunks of text.
  public var chunkDelayMilliseconds: Int
  /// Pause before the response head and first chunk, as a model's prompt processing takes.
  public var firstByteDelayMilliseconds: Int

  public init(chunkCharacters: Int = 3, chunkDelayMilliseconds: Int = 0, firstByteDelayMilliseconds: Int = 0) {
    self.chunkCharacters = max(1, chunkCharacters)
    self.chunkDelayMilliseconds = max(0, chunkDelayMilliseconds)
    self.firstByteDelayMilliseconds = max(0, firstByteDelayMilliseconds)
  }
}

extension FakeLLM {
  /// Everything the server starts with; most of it can be changed while it runs.
  public struct Configuration: Sendable {
    public var flavor: FakeLLMFlavor
    /// The models served, in listing order. Requests for other names get the flavor's
    /// unknown-model error (llama.cpp serves any name with the first model).
    public var models: [FakeModel]
    /// When set, every route but Ollama's `GET /` wants `Authorization: Bearer <key>` (LiteLLM
    /// also takes `x-api-key`) and answers 401 in the flavor's shape otherwise.
    public var apiKey: String?
    /// Chunking and delays for models that set none of their own.
    public var timing: FakeTiming
    /// Ollama's context window when neither the request's `options.num_ctx` nor the model sets
    /// one; `prompt_eval_count` never exceeds it, as Ollama truncates longer prompts.
    public var defaultContextLength: Int
    /// Routes that answer 404 as if the server did not have them (Ollama's Go mux answers
    /// `404 page not found`), to exercise a client's generate↔chat fallback.
    public var disabledRoutes: Set<FakeLLMRoute>
    /// 0 for an ephemeral port.
    public var port: Int
    /// The wall-clock time written into `created`, `created_at` and `modified_at`; nil for the
    /// real time. A fixed time (with the deterministic ids) makes whole responses byte-stable.
    public var fixedTime: Date?
    /// What `GET /api/version` reports.
    public var ollamaVersion: String
    /// The most requests the log keeps, oldest dropped first; nil for all (a long benchmark run
    /// would otherwise hold every body).
    public var requestLogLimit: Int?
    /// Called with each request's log entry once its answer has ended (or the connection did),
    /// on a server thread: keep it short.
    public var observer: (@Sendable (FakeLLMRequest) -> Void)?
    /// Which server the transcription routes imitate: the route served (`/v1/audio/transcriptions`
    /// or whisper.cpp's `/inference`), the JSON shapes and the error bodies.
    public var transcriptionStyle: FakeTranscriptionStyle
    /// The transcripts answered, in order: the Nth transcript answered is
    /// `transcripts[(N - 1) % count]`. Only answers that carry a transcript count; an injected
    /// error status, a refused key or a rejected upload does not, so a retried chunk gets the
    /// transcript meant for it. An `.answer(.text(…))` fault replaces one without counting.
    public var transcripts: [FakeTranscript]
    /// The models the transcription routes know; nil accepts any. speaches answers an unknown
    /// one with its 404 "Model '…' is not installed locally", OpenAI with `model_not_found`.
    public var transcriptionModels: [String]?
    /// The largest `file` part accepted, in bytes; a larger one gets the style's 413 (OpenAI:
    /// 25 MiB). nil for no limit below the server's 64 MiB body limit.
    public var transcriptionUploadLimit: Int?

    public init(
      flavor: FakeLLMFlavor = .openAI, models: [FakeModel] = [FakeModel("fake-model")], apiKey: String? = nil,
      timing: FakeTiming = FakeTiming(), defaultContextLength: Int = 2048, disabledRoutes: Set<FakeLLMRoute> = [],
      port: Int = 0, fixedTime: Date? = nil, ollamaVersion: String = "0.12.6", requestLogLimit: Int? = nil,
      observer: (@Sendable (FakeLLMRequest) -> Void)? = nil, transcriptionStyle: FakeTranscriptionStyle = .openAI,
      transcripts: [FakeTranscript] = [FakeTranscript("Hello world.")], transcriptionModels: [String]? = nil,
      transcriptionUploadLimit: Int? = nil
    ) {
      self.flavor = flavor
      self.models = models
      self.apiKey = apiKey
      self.timing = timing
      self.defaultContextLength = max(1, defaultContextLength)
      self.disabledRoutes = disabledRoutes
      self.port = port
      self.fixedTime = fixedTime
      self.ollamaVersion = ollamaVersion
      self.requestLogLimit = requestLogLimit.map { max(0, $0) }
      self.observer = observer
      self.transcriptionStyle = transcriptionStyle
      self.transcripts = transcripts
      self.transcriptionModels = transcriptionModels
      self.transcriptionUploadLimit = transcriptionUploadLimit.map { max(0, $0) }
    }
  }
}
