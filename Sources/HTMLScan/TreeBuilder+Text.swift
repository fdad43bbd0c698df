/// Character tokens, which the tokenizer merges into runs of text: the whitespace and NUL
/// handling each insertion mode applies one character at a time is done here on whole runs.
extension TreeBuilder {
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// The offset of the first byte of `text` that is not whitespace, if any. Loops over the
  /// bytes rather than the generic algorithms on `utf8`, which are slow in a debug build.
  static func firstNonWhitespace(_ text: Substring) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        if !isWhitespace(bytes[index]) { return index }
        index += 1
      }
      return nil
    }
  }

  static func containsNUL(_ text: Substring) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0 { return true }
        index += 1
      }
      return false
    }
  }

  /// The whitespace at the start of `text` and what follows it.
  static func splitLeadingWhitespace(_ text: Substring) -> (whitespace: Substring, rest: Substring) {
    guard let offset = firstNonWhitespace(text) else { return (text, text[text.endIndex...]) }
    let end = text.utf8.index(text.startIndex, offsetBy: offset)
    return (Substring(text.unicodeScalars[..<end]), Substring(text.unicodeScalars[end...]))
  }

  /// `text`'s whitespace characters alone, for the modes that ignore the others one by one.
  static func whitespaceOnly(_ text: Substring) -> Substring {
    guard firstNonWhitespace(text) != nil else { return text }
    return Substring(String(decoding: text.utf8.filter(isWhitespace), as: UTF8.self))
  }

  static func isAllWhitespace(_ text: Substring) -> Bool { firstNonWhitespace(text) == nil }

  static func withoutNUL(_ text: Substring) -> Substring {
    guard containsNUL(text) else { return text }
    return Substring(String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })))
  }
}
