/// Writes ``JSONValue``s as canonical wire text: compact, object keys sorted by their UTF-8 bytes,
/// `/` not escaped, non-ASCII as raw UTF-8, control characters escaped — the same bytes as
/// `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`, and as `jq -S -c`.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  mutating func write(_ value: JSONValue) {
    switch value {
    case .null: append("null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .integer(let integer): append(String(integer))
    case .number(let number): writeNumber(number)
    case .string(let text): writeString(text)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (position, key) in members.keys.sorted(by: Self.byUTF8).enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        write(members[key]!)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Ends the line.
  mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  static func byUTF8(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

  private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// Swift's shortest round-trip form without a trailing `.0` (`3`, `0.1`, `1e+20`), as
  /// `JSONEncoder` writes it.
  private mutating func writeNumber(_ number: Double) {
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    append(text)
  }

  private mutating func writeString(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      let raw = UnsafeRawBufferPointer(utf8)
      var runStart = 0
      var index = 0
      while index < raw.count {
        if index + 8 <= raw.count,
          !SWAR.hasQuoteBackslashOrControl(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = raw[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[runStart..<index]))
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: Array("\\u00".utf8))
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0xF)])
        }
        index += 1
        runStart = index
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[runStart..<raw.count]))
      bytes.append(UInt8(ascii: "\""))
    }
  }
}
