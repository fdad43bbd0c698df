/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``.
///
/// Wire records go through this instead of `JSONDecoder`: the Codable machinery costs tens of
/// microseconds per small record, several times what jq spends, and the throughput goal
/// cannot be met through it. Strings are taken as UTF-8 (the line reader has validated them).
struct JSONParser {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  private var depth = 0
  private static let maxDepth = 512

  /// Parses one JSON text that must fill `bytes` (surrounding whitespace allowed).
  static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == bytes.count else { throw parser.error("unexpected data after the value") }
    return value
  }

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  private func error(_ what: String) -> JSONParseError { JSONParseError(message: what, offset: index) }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try object())
    case UInt8(ascii: "["): return .array(try array())
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONParseError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("unexpected end of input") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw error("unexpected character")
    }
    index += count
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
  }

  private mutating func object() throws(JSONParseError) -> JSONObject {
    try enter()
    index += 1
    var members = JSONObject()
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return members
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
      index += 1
      skipSpace()
      members[key] = try value()
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of input") }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return members
      default:
        throw error("expected ',' or '}'")
      }
    }
  }

  private mutating func array() throws(JSONParseError) -> [JSONValue] {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return elements
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of input") }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return elements
      default:
        throw error("expected ',' or ']'")
      }
    }
  }

  private mutating func string() throws(JSONParseError) -> String {
    index += 1  // the opening quote
    let start = index
    guard let base = bytes.baseAddress else { throw error("unexpected end of input") }
    // Fast path: no escapes, the bytes are the string.
    while true {
      while index + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if SWAR.hasQuoteBackslashOrControl(word) { break }
        index += 8
      }
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("control character in string") }
      index += 1
    }
    // Slow path: copy what was plain, then decode escapes.
    var utf8 = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &utf8)
        default: throw JSONParseError(message: "invalid escape", offset: index - 1)
        }
      case 0..<0x20:
        throw error("control character in string")
      default:
        let runStart = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
          bytes[index] >= 0x20
        {
          index += 1
        }
        utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
      }
    }
    throw error("unterminated string")
  }

  /// The scalar of a `\uXXXX` escape (its `\u` already consumed), pairing surrogates; a lone
  /// surrogate becomes U+FFFD as in `JSONDecoder`.
  private mutating func unicodeEscape() throws(JSONParseError) -> UInt32 {
    let first = try hex4()
    guard (0xD800...0xDBFF).contains(first) else {
      return (0xDC00...0xDFFF).contains(first) ? 0xFFFD : first
    }
    guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
      return 0xFFFD
    }
    let saved = index
    index += 2
    let second = try hex4()
    guard (0xDC00...0xDFFF).contains(second) else {
      index = saved
      return 0xFFFD
    }
    return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
  }

  private mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("unterminated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private func appendScalar(_ scalar: UInt32, to utf8: inout [UInt8]) {
    let scalar = Unicode.Scalar(scalar) ?? "\u{FFFD}"
    utf8.append(contentsOf: UTF8.encode(scalar)!)
  }

  private mutating func number() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      guard skipDigits() else { throw error("invalid number") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() else { throw error("invalid number") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() else { throw error("invalid number") }
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite else { throw error("number out of range") }
    return .number(double)
  }

  private mutating func skipDigits() -> Bool {
    let start = index
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
    return index > start
  }
}

/// Why a line is not JSON, and where.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
  public var message: String
  /// 0-based byte offset in the line.
  public var offset: Int

  public var description: String { "not valid JSON: \(message) at byte \(offset + 1)" }
}

/// Byte tests eight at a time (the classic "has zero byte" trick).
enum SWAR {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & highs != 0
  }

  /// Whether the word holds `"`, `\` or a byte below 0x20: the bytes that end a plain run in a
  /// JSON string, read or written.
  static func hasQuoteBackslashOrControl(_ word: UInt64) -> Bool {
    let control = (word &- ones &* 0x20) & ~word & highs
    return control != 0 || hasByte(word, 0x22) || hasByte(word, 0x5C)
  }
}
