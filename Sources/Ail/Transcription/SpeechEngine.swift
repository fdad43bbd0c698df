public import Audio

/// The languages ail-transcribe offers, as the original app did, plus detection.
public enum SpeechLanguage: String, Sendable, CaseIterable {
  case german = "de-DE"
  case usEnglish = "en-US"
  case britishEnglish = "en-GB"
  case auto

  /// The ISO-639-1 code HTTP APIs take; nil lets the server detect it.
  public var iso639: String? {
    switch self {
    case .german: "de"
    case .usEnglish, .britishEnglish: "en"
    case .auto: nil
    }
  }
}

/// One recognised word, seconds from the start of the audio the engine was given.
public struct RecognizedWord: Sendable, Equatable {
  public var word: String
  public var start: Double
  public var end: Double

  public init(word: String, start: Double, end: Double) {
    self.word = word
    self.start = start
    self.end = end
  }
}

/// What an engine heard in one chunk.
public struct Recognition: Sendable, Equatable {
  public var text: String
  /// Word times relative to the chunk, empty when the engine gives none.
  public var words: [RecognizedWord]
  /// The language the engine reports (a code such as `en`, or a name such as `english`), if any.
  public var language: String?
  /// How sure the engine is of `language`, 0…1, when it says.
  public var languageProbability: Double?

  public init(text: String, words: [RecognizedWord] = [], language: String? = nil, languageProbability: Double? = nil) {
    self.text = text
    self.words = words
    self.language = language
    self.languageProbability = languageProbability
  }
}

/// A speech recogniser. Each call gets one chunk of 16 kHz mono audio.
public protocol SpeechEngine: Sendable {
  /// The name written into records: `pocketsphinx`, `openai`, `whisper-server`.
  var name: String { get }
  /// Whether the engine sends audio over the network (refused by `--offline`).
  var isNetworked: Bool { get }
  func recognize(_ audio: PCM, language: SpeechLanguage) async throws -> Recognition
}

/// Why a chunk could not be transcribed. `message` says what and where, never a key.
public struct TranscriptionError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The engine cannot run here: library or model missing, language not supported.
    case unavailable
    /// The server could not be reached, or kept failing after retries.
    case transport
    /// The server refused the request (4xx other than 408/429), or answered something unreadable.
    case rejected
    /// The API key was refused.
    case unauthorized
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
