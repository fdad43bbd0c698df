import Resilience
import Wire

/// Reading what transcription servers answer, leniently: OpenAI's,
/// speaches' and whisper.cpp's `verbose_json`, plain `{"text":…}`, or the transcript as plain
/// text (whisper.cpp serves it as `text/html`); and the message of an error body of any shape.
enum HTTPTranscriptionResponse {
  /// Why an answer could not be read.
  struct Unreadable: Error {
    var message: String
  }

  /// The recognition in a 2xx body.
  static func parse(_ bytes: [UInt8], contentType: String?) throws -> Recognition {
    let text = String(decoding: bytes, as: UTF8.self)
    let trimmed = text.httpTrimmed()
    if trimmed.isEmpty { return Recognition(text: "") }
    guard let value = try? bytes.withUnsafeBytes({ try WireCoding.parse($0) }) else {
      if contentType?.lowercased().contains("json") == true {
        throw Unreadable(message: "the answer is not valid JSON: \(excerpt(trimmed))")
      }
      let lower = trimmed.prefix(15).lowercased()
      if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") {
        throw Unreadable(message: "the server answered a web page, not a transcript (is the URL right?)")
      }
      return Recognition(text: trimmed)
    }
    if let string = value.stringValue { return Recognition(text: string.httpTrimmed()) }
    guard value.objectValue != nil else { throw Unreadable(message: "unexpected answer: \(excerpt(trimmed))") }
    if let error = value["error"], error != .null {
      throw Unreadable(message: "the server reported an error: \(HTTPErrorBody.parse(Array(trimmed.utf8)).message)")
    }
    let segments = value["segments"]?.arrayValue ?? []
    let transcript: String
    if let found = value["text"]?.stringValue {
      transcript = found
    } else if value["segments"]?.arrayValue != nil {
      transcript = segments.compactMap { $0["text"]?.stringValue }.joined()
    } else {
      throw Unreadable(message: "no text in the answer: \(excerpt(trimmed))")
    }
    // Top-level words (OpenAI, speaches); else those inside the segments (whisper.cpp).
    var wordValues = value["words"]?.arrayValue ?? []
    if wordValues.isEmpty { wordValues = segments.flatMap { $0["words"]?.arrayValue ?? [] } }
    let language = (value["language"]?.stringValue ?? value["detected_language"]?.stringValue).flatMap(
      WhisperLanguageNames.code)
    return Recognition(
      text: transcript.httpTrimmed(), words: wordValues.compactMap(word), language: language)
  }

  private static func word(_ value: JSONValue) -> RecognizedWord? {
    guard let raw = value["word"]?.stringValue ?? value["text"]?.stringValue,
      let start = seconds(value["start"]), let end = seconds(value["end"])
    else { return nil }
    let text = raw.httpTrimmed()
    // whisper.cpp can list special tokens such as `[_BEG_]` or `[_TT_150]`.
    guard !text.isEmpty, !(text.hasPrefix("[_") && text.hasSuffix("]")) else { return nil }
    return RecognizedWord(word: text, start: start, end: max(start, end))
  }

  private static func seconds(_ value: JSONValue?) -> Double? {
    switch value {
    case .number(let number)?: number.isFinite ? number : nil
    case .integer(let number)?: Double(number)
    case .string(let text)?: Double(text)
    default: nil
    }
  }

  static func excerpt(_ text: String) -> String {
    let flat = String(text.map { $0.isNewline ? " " : $0 })
    return flat.count > 160 ? String(flat.prefix(160)) + "…" : flat
  }
}

extension StringProtocol {
  func httpTrimmed() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
