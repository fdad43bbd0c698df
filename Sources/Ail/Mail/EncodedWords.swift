/// RFC 2047 encoded words (`=?charset?B|Q?text?=`) in headers.
public enum EncodedWords {
  /// Decodes every encoded word in `text`. Whitespace between two adjacent encoded words is
  /// dropped (RFC 2047 §6.2), and the bytes of adjacent words in the same charset are joined
  /// before decoding, so a character split across two words comes out whole. A word that does not
  /// parse stays as written.
  public static func decode(_ text: String) -> String {
    decodeReporting(text).text
  }

  /// ``decode(_:)`` and the charset warnings met on the way.
  public static func decodeReporting(_ text: String) -> (text: String, warnings: [String]) {
    guard text.utf8.contains(UInt8(ascii: "=")) else { return (text, []) }
    let bytes = Array(text.utf8)
    var pieces: [Piece] = []
    var literalStart = 0
    var index = 0
    var unclosed: ClosedRange<Int>?
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "?"),
        let (word, end) = parseWord(bytes, at: index, unclosed: &unclosed)
      {
        if literalStart < index { pieces.append(.literal(Array(bytes[literalStart..<index]))) }
        pieces.append(word)
        index = end
        literalStart = end
      } else {
        index += 1
      }
    }
    if literalStart < bytes.count { pieces.append(.literal(Array(bytes[literalStart...]))) }

    var out = ""
    var warnings: [String] = []
    var pending: (charset: String, bytes: [UInt8])?
    func flush() {
      guard let word = pending else { return }
      let decoded = Charset.decode(word.bytes, label: word.charset)
      out += decoded.text
      if let warning = decoded.warning { warnings.append(warning) }
      pending = nil
    }
    for (position, piece) in pieces.enumerated() {
      switch piece {
      case .word(let charset, let decoded):
        if let current = pending, Charset.key(current.charset) == Charset.key(charset) {
          pending!.bytes += decoded
        } else {
          flush()
          pending = (charset, decoded)
        }
      case .literal(let literal):
        let blank = literal.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let betweenWords =
          position > 0 && position + 1 < pieces.count && pieces[position - 1].isWord && pieces[position + 1].isWord
        if blank && betweenWords { continue }
        flush()
        out += String(decoding: literal, as: UTF8.self)
      }
    }
    flush()
    return (out, warnings)
  }

  private enum Piece {
    case literal([UInt8])
    case word(charset: String, bytes: [UInt8])

    var isWord: Bool { if case .word = self { true } else { false } }
  }

  /// `=?charset[*language]?enc?text?=` at `start`; nil when it is not one.
  ///
  /// `unclosed` is the last stretch of text found to run into white space or the end before any
  /// `?=`: a word whose text starts inside it cannot close either. Without it, every `=?` in a long
  /// run that never closes scanned the rest of the run again (quadratic: 4 KB took milliseconds,
  /// 256 KB seconds).
  private static func parseWord(_ bytes: [UInt8], at start: Int, unclosed: inout ClosedRange<Int>?) -> (
    Piece, end: Int
  )? {
    var index = start + 2
    let charsetStart = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "?") {
      if bytes[index] <= 0x20 || index - charsetStart > 40 { return nil }
      index += 1
    }
    guard index + 3 < bytes.count, index > charsetStart, bytes[index + 2] == UInt8(ascii: "?") else { return nil }
    var charset = String(decoding: bytes[charsetStart..<index], as: UTF8.self)
    if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) }  // RFC 2231 language
    let encoding = bytes[index + 1] | 0x20
    guard encoding == UInt8(ascii: "b") || encoding == UInt8(ascii: "q") else { return nil }
    let textStart = index + 3
    if let unclosed, unclosed.contains(textStart) { return nil }
    var end = textStart
    while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: "=")) {
      if bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0A {
        unclosed = textStart...end
        return nil
      }
      end += 1
    }
    guard end + 1 < bytes.count else {
      unclosed = textStart...end
      return nil
    }
    let text = bytes[textStart..<end]
    let decoded = encoding == UInt8(ascii: "b") ? TransferEncoding.base64(text).bytes : qDecode(text)
    return (.word(charset: charset, bytes: decoded), end + 2)
  }

  /// The Q encoding: `_` is a space, `=XX` a byte.
  private static func qDecode(_ text: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: "_") {
        out.append(0x20)
      } else if byte == UInt8(ascii: "="), index + 2 < text.endIndex, let high = TransferEncoding.hex(text[index + 1]),
        let low = TransferEncoding.hex(text[index + 2])
      {
        out.append(high << 4 | low)
        index += 2
      } else {
        out.append(byte)
      }
      index += 1
    }
    return out
  }

  /// `text` as an unstructured header value: words of printable ASCII stay as they are, runs of
  /// other words become UTF-8 B-encoded words of at most 68 characters (never splitting a
  /// character), and lines fold before 77 characters.
  public static func encode(_ text: String) -> String {
    // By bytes: a word of printable ASCII is all one-byte characters, so "=?" in its UTF-8 is "=?"
    // in its characters (the generic substring search was most of the encoder's time).
    func needsEncoding(_ word: Substring) -> Bool {
      let utf8 = word.utf8
      guard utf8.allSatisfy({ $0 >= 0x21 && $0 < 0x7F }) else { return true }
      return zip(utf8, utf8.dropFirst()).contains { $0 == UInt8(ascii: "=") && $1 == UInt8(ascii: "?") }
    }
    var pieces: [String] = []
    var run: [Substring] = []
    func endRun() {
      if !run.isEmpty { pieces += encodedWords(run.joined(separator: " ")) }
      run = []
    }
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      // An empty word (two spaces) inside a run stays inside it: white space between two encoded
      // words disappears when they are decoded.
      if needsEncoding(word) || (word.isEmpty && !run.isEmpty) {
        run.append(word)
      } else {
        endRun()
        pieces.append(String(word))
      }
    }
    endRun()
    var out = ""
    var lineLength = 9  // "Subject: "
    for (index, piece) in pieces.enumerated() {
      if index > 0 {
        if lineLength + 1 + piece.count > 76 && !piece.isEmpty {
          out += "\n "
          lineLength = 1
        } else {
          out += " "
          lineLength += 1
        }
      }
      out += piece
      lineLength += piece.count
    }
    return out
  }

  /// `text` as UTF-8 B-encoded words of at most 68 characters.
  static func encodedWords(_ text: String) -> [String] {
    var words: [String] = []
    var chunk: [UInt8] = []
    for character in text {
      let size = character.utf8.count
      if chunk.count + size > 39 && !chunk.isEmpty {
        words.append("=?UTF-8?B?\(TransferEncoding.base64Encode(chunk))?=")
        chunk.removeAll(keepingCapacity: true)
      }
      chunk.append(contentsOf: character.utf8)
    }
    if !chunk.isEmpty { words.append("=?UTF-8?B?\(TransferEncoding.base64Encode(chunk))?=") }
    return words
  }
}
