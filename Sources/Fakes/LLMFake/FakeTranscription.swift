/// Which speech-to-text server the fake imitates on its transcription routes: the route served, the JSON shape of `verbose_json`, the content
/// type of `text` answers and the shape of error bodies differ between them.
public enum FakeTranscriptionStyle: String, Sendable, CaseIterable {
  /// api.openai.com (and Groq): `POST /v1/audio/transcriptions`; `language` as a full name
  /// (`english`); `words` only at the top level and only when `timestamp_granularities[]`
  /// asks for them; `model` required; errors `{"error":{"message",…}}`.
  case openAI = "openai"
  /// speaches (faster-whisper-server): `POST /v1/audio/transcriptions`; `language` as a code
  /// (`en`); words with `probability` inside each segment and at the top level; errors
  /// FastAPI's `{"detail":"…"}`; an unknown model is its 404 "is not installed locally".
  case speaches
  /// whisper.cpp's `whisper-server`: `POST /inference`; `language` as a full name; words inside
  /// the segments only, no `compression_ratio`; `text` answers served as `text/html`; errors
  /// `{"error":"…"}` with the message as a string; the API key is ignored.
  case whisperCpp = "whisper-cpp"
}

/// One transcript the fake answers: its text and the language it "detects" when the request
/// names none (or `auto`).
public struct FakeTranscript: Sendable, Hashable, ExpressibleByStringLiteral {
  public var text: String
  /// An ISO-639-1 code such as `en` or `de`.
  public var language: String

  public init(_ text: String, language: String = "en") {
    self.text = text
    self.language = language
  }

  public init(stringLiteral value: String) { self.init(value) }

  /// A German sentence, for tests of non-ASCII text and `language: "german"`.
  public static let german = FakeTranscript("Bitte ruf mich morgen früh um neun Uhr an.", language: "de")
}

/// One part of a `multipart/form-data` request body, as the fake parsed it.
public struct FakeFormPart: Sendable, Hashable {
  /// `name` of the part's `Content-Disposition`.
  public var name: String
  /// `filename` of the part's `Content-Disposition`, for file parts.
  public var filename: String?
  /// The part's own `Content-Type`, if it had one.
  public var contentType: String?
  /// The part's content, exactly as sent.
  public var bytes: [UInt8]

  public init(name: String, filename: String? = nil, contentType: String? = nil, bytes: [UInt8]) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.bytes = bytes
  }

  /// The content as UTF-8 text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}

extension FakeLLMRequest {
  /// The values of every part named `name`, in the order sent (`timestamp_granularities[]`
  /// repeats).
  public func formValues(_ name: String) -> [String] { form.filter { $0.name == name }.map(\.text) }

  /// The first part named `name`.
  public func formPart(_ name: String) -> FakeFormPart? { form.first { $0.name == name } }

  /// The names of the parts in the order sent, repeats included.
  public var formNames: [String] { form.map(\.name) }
}
