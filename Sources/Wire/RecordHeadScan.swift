extension RecordHead {
  /// `kind` and `id` from a line's top-level members, found by skimming the bytes: nested values
  /// and long strings (a whole article's HTML) are checked against JSON's grammar but not
  /// parsed, so a tool that passes a line on without decoding it still never passes on one that
  /// is not JSON. Returns nil when the line is not a JSON object; decoding it then gives the
  /// precise error.
  public static func scan(_ bytes: UnsafeRawBufferPointer) -> RecordHead? {
    var scanner = TopLevelScanner(bytes)
    var head = RecordHead(kind: nil, id: nil)
    let found = scanner.members { key, value in
      guard key.count <= 4 else { return }
      // The last of duplicate names wins, as in JSONParser, even when it is no string.
      let string = value.first == UInt8(ascii: "\"") ? TopLevelScanner.string(value) : nil
      switch String(decoding: key, as: UTF8.self) {
      case "kind": head.kind = string
      case "id": head.id = string
      default: break
      }
    }
    return found ? head : nil
  }
}

/// Walks the members of one JSON object, checking the grammar as strictly as ``JSONParser`` but
/// building nothing.
struct TopLevelScanner {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  /// As deep as ``JSONParser`` goes, so that both accept the same lines.
  private static let maxDepth = 512

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Calls `body` with each member's raw key (without quotes) and raw value; false when malformed.
  mutating func members(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) -> Bool {
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return false }
    skipSpace()
    if take(UInt8(ascii: "}")) { return atEnd() }
    while true {
      skipSpace()
      let keyStart = index
      guard skipString() else { return false }
      let key = slice(keyStart + 1, index - 1)
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      let valueStart = index
      guard skipValue(depth: 2) else { return false }
      body(key, slice(valueStart, index))
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}")) && atEnd()
    }
  }

  /// The text of a raw JSON string value (with its quotes); escapes are rare in kinds and ids and
  /// go through the decoder.
  static func string(_ raw: UnsafeRawBufferPointer) -> String? {
    guard raw.count >= 2 else { return nil }
    let inner = UnsafeRawBufferPointer(rebasing: raw[1..<(raw.count - 1)])
    if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
    // The parser's own decoding, so that both read escapes alike (a lone surrogate as U+FFFD,
    // which Foundation's decoder refuses).
    guard case .string(let value)? = try? JSONParser.parse(raw) else { return nil }
    return value
  }

  private func slice(_ lower: Int, _ upper: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func atEnd() -> Bool {
    skipSpace()
    return index == bytes.count
  }

  /// Skips a string starting at `index` (its opening quote), eight bytes at a time when no quote,
  /// backslash or control character is among them; escapes must be JSON's.
  private mutating func skipString() -> Bool {
    guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return false }
    while index < bytes.count {
      while index + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if SWAR.hasQuoteBackslashOrControl(word) { break }
        index += 8
      }
      guard index < bytes.count else { return false }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"):
        guard skipEscape() else { return false }
      case 0..<0x20:
        return false
      default:
        index += 1
      }
    }
    return false
  }

  /// Skips `\x` (at `index`, the backslash), or `\uXXXX`.
  private mutating func skipEscape() -> Bool {
    guard index + 1 < bytes.count else { return false }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"),
      UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
      return true
    case UInt8(ascii: "u"):
      guard index + 6 <= bytes.count else { return false }
      for offset in 2..<6 where !bytes[index + offset].isHexDigit { return false }
      index += 6
      return true
    default:
      return false
    }
  }

  /// Skips any value: a string, an object or array (each member checked, to `maxDepth`), a
  /// number, true, false or null.
  private mutating func skipValue(depth: Int) -> Bool {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "{"):
      guard depth <= Self.maxDepth else { return false }
      index += 1
      skipSpace()
      if take(UInt8(ascii: "}")) { return true }
      while true {
        skipSpace()
        guard skipString() else { return false }
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return false }
        skipSpace()
        guard skipValue(depth: depth + 1) else { return false }
        skipSpace()
        if take(UInt8(ascii: ",")) { continue }
        return take(UInt8(ascii: "}"))
      }
    case UInt8(ascii: "["):
      guard depth <= Self.maxDepth else { return false }
      index += 1
      skipSpace()
      if take(UInt8(ascii: "]")) { return true }
      while true {
        skipSpace()
        guard skipValue(depth: depth + 1) else { return false }
        skipSpace()
        if take(UInt8(ascii: ",")) { continue }
        return take(UInt8(ascii: "]"))
      }
    case UInt8(ascii: "t"): return skipLiteral("true")
    case UInt8(ascii: "f"): return skipLiteral("false")
    case UInt8(ascii: "n"): return skipLiteral("null")
    default: return skipNumber()
    }
  }

  private mutating func skipLiteral(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
    index += count
    return true
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, within a Double's range as
  /// JSONParser requires (`1e400` is grammatical but no number it reads).
  private mutating func skipNumber() -> Bool {
    let start = index
    guard skipNumberGrammar() else { return false }
    // Only an exponent or more digits than a Double's largest value has can leave its range.
    guard index - start > 300 || bytes[start..<index].contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else {
      return true
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return Double(text)?.isFinite == true
  }

  private mutating func skipNumberGrammar() -> Bool {
    _ = take(UInt8(ascii: "-"))
    if !take(UInt8(ascii: "0")) {
      guard skipDigits() else { return false }
    }
    if take(UInt8(ascii: ".")) {
      guard skipDigits() else { return false }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard skipDigits() else { return false }
    }
    return true
  }

  private mutating func skipDigits() -> Bool {
    let start = index
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
    return index > start
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
  }
}
