/// One model the server lists and answers for.
public struct FakeModel: Sendable {
  /// The name clients ask for. For Ollama a name without a tag means `:latest`, both ways:
  /// `llama3.2` is listed as `llama3.2:latest` and a request for either finds it.
  public var name: String
  public var answer: FakeAnswer
  /// The window the model was trained for. Ollama reports it in `/api/show` and opens no wider
  /// one whatever `options.num_ctx` asks; the OpenAI-compatible routes refuse a longer request
  /// (400 `context_length_exceeded`, as llama.cpp's server does). nil: no limit, and Ollama's
  /// server default when the request sends no `num_ctx`.
  public var contextLength: Int?

  /// What `/api/show` reports for a model without ``contextLength`` (Llama 3.2's).
  static let trainedContextLength = 131_072
  /// Overrides the server's chunking and delays for this model (a slow model beside a fast
  /// one, for fallback tests).
  public var timing: FakeTiming?
  /// `owned_by` in `/v1/models`; nil for the flavor's usual value.
  public var ownedBy: String?
  /// `/api/tags` details.
  public var family: String
  public var parameterSize: String
  public var quantizationLevel: String
  public var size: Int

  public init(
    _ name: String, answer: FakeAnswer = .text(FakeAnswer.defaultText), contextLength: Int? = nil,
    timing: FakeTiming? = nil, ownedBy: String? = nil, family: String = "llama", parameterSize: String = "3.2B",
    quantizationLevel: String = "Q4_K_M", size: Int = 2_019_393_189
  ) {
    self.name = name
    self.answer = answer
    self.contextLength = contextLength.map { max(1, $0) }
    self.timing = timing
    self.ownedBy = ownedBy
    self.family = family
    self.parameterSize = parameterSize
    self.quantizationLevel = quantizationLevel
    self.size = size
  }

  /// The name with Ollama's implied `:latest` tag.
  var taggedName: String { Self.tagged(name) }

  static func tagged(_ name: String) -> String {
    // A colon after the last slash separates the tag; one before it belongs to a registry host.
    let last = name.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(name)
    return last.contains(":") ? name : name + ":latest"
  }
}

extension [FakeModel] {
  /// The model a request names: exactly, or (with `tags`) with `:latest` implied on either side.
  func find(_ requested: String, tags: Bool) -> FakeModel? {
    if let exact = first(where: { $0.name == requested }) { return exact }
    guard tags else { return nil }
    let wanted = FakeModel.tagged(requested)
    return first { $0.taggedName == wanted }
  }
}
