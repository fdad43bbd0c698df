/// Drops chunk texts that only repeat what the transcript already says, as the original app did:
/// a chunk identical to the previous one, or one the transcript already ends with (engines that
/// return cumulative text, Whisper's repetition loops on silence). Compared without case,
/// punctuation or extra spaces.
public struct ChunkDeduplicator: Sendable {
  private var previous: [Substring] = []
  private var transcript: [Substring] = []

  public init() {}

  /// Whether `text` adds something; accepted texts become part of the transcript.
  public mutating func accept(_ text: String) -> Bool {
    let words = Self.words(text)
    guard !words.isEmpty else { return false }
    if words == previous || transcript.count >= words.count && transcript.suffix(words.count).elementsEqual(words) {
      return false
    }
    previous = words
    transcript += words
    // Only the tail is ever compared; keep the transcript from growing without bound.
    if transcript.count > 4096 { transcript.removeFirst(transcript.count - 2048) }
    return true
  }

  /// Lower-case words without the punctuation around them.
  static func words(_ text: String) -> [Substring] {
    text.lowercased().split(whereSeparator: \.isWhitespace).compactMap { word in
      let trimmed = word.drop { $0.isPunctuation }.reversed().drop { $0.isPunctuation }
      return trimmed.isEmpty ? nil : Substring(String(trimmed.reversed()))
    }
  }
}
