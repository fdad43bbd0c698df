import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One answer worked out before anything is written: the text, its pieces, the counts and the
/// timeline. Both protocols frame the same generation.
struct Generation {
  var prompt: FakePrompt
  var content: String
  var finishReason: String
  var pieces: [String]
  var timing: FakeTiming
  /// `prompt_tokens` / `prompt_eval_count` (capped at the context on Ollama's native API).
  var promptTokens: Int
  var completionTokens: Int

  /// - Parameters:
  ///   - limit: the request's `max_tokens` / `num_predict`; a longer answer is cut and finishes
  ///     with `length`.
  ///   - contextLength: Ollama's window; the prompt count never exceeds it.
  init(answer: FakeAnswer, prompt: FakePrompt, timing: FakeTiming, limit: Int?, contextLength: Int?) {
    self.prompt = prompt
    let (text, cut) = Tokens.limited(answer.content(for: prompt), to: limit)
    content = text
    finishReason = cut ? "length" : answer.finishReason ?? "stop"
    self.timing = timing
    pieces = Tokens.chunks(text, size: timing.chunkCharacters)
    promptTokens = contextLength.map { min(prompt.promptTokens, $0) } ?? prompt.promptTokens
    completionTokens = Tokens.estimate(text)
  }

  /// Pause before each piece: the first comes with the first byte, the others one chunk delay apart.
  func delayBefore(piece index: Int) -> Int { index == 0 ? 0 : timing.chunkDelayMilliseconds }

  /// How long a whole (non-streamed) answer takes: the time its stream would have taken.
  var wholeDelayMilliseconds: Int {
    timing.firstByteDelayMilliseconds + timing.chunkDelayMilliseconds * max(0, pieces.count - 1)
  }

  /// Milliseconds from the first byte to piece `index`.
  func offset(ofPiece index: Int) -> Int { timing.chunkDelayMilliseconds * max(0, index) }

  /// Ollama's metrics in nanoseconds, derived from the planned timeline so they are plausible
  /// and never zero (Go's `omitempty` would drop a zero).
  var metrics: (total: Int, load: Int, promptEval: Int, eval: Int) {
    let load = 1_334_875
    let promptEval = timing.firstByteDelayMilliseconds * 1_000_000 + promptTokens * 100_000 + 500_000
    let eval = offset(ofPiece: pieces.count - 1) * 1_000_000 + completionTokens * 200_000 + 500_000
    return (load + promptEval + eval + 250_000, load, promptEval, eval)
  }
}

/// Request members both protocols read.
extension JSONValue {
  /// A positive integer member, or nil.
  func positiveInt(_ name: String) -> Int? {
    guard let value = self[name]?.intValue, value > 0, value <= Int64(Int32.max) else { return nil }
    return Int(value)
  }
}

extension Date {
  func adding(milliseconds: Int) -> Date { addingTimeInterval(Double(milliseconds) / 1000) }
}
