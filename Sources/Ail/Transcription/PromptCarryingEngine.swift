public import Audio
import Synchronization

/// Hands each chunk the text of the one before as the prompt (HTTP engines; others are asked
/// as they are), as OpenAI's guide suggests for consistent spelling across chunks. The chunks
/// of one recording are recognised one after another, so the text before is always the
/// previous chunk's.
public final class PromptCarryingEngine: SpeechEngine {
  private let inner: any SpeechEngine
  private let previous = Mutex<String?>(nil)

  public init(_ inner: any SpeechEngine) { self.inner = inner }

  public var name: String { inner.name }
  public var isNetworked: Bool { inner.isNetworked }

  public func recognize(_ audio: PCM, language: SpeechLanguage) async throws -> Recognition {
    guard let http = inner as? HTTPTranscriptionEngine else {
      return try await inner.recognize(audio, language: language)
    }
    let heard = try await http.recognize(audio, language: language, prompt: previous.withLock { $0 })
    previous.withLock { $0 = heard.text }
    return heard
  }
}
