/// Compact JSON written byte by byte, so members come out in the order the real server's Go
/// structs declare them, escaped as Go's `json.Encoder` does with HTML escaping off.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  /// One entry per open object or array: whether the next member needs a comma.
  private var needsComma: [Bool] = []
  /// Set between a key and its value, which then needs no comma.
  private var afterKey = false

  init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma.append(false)
  }

  mutating func endObject() {
    needsComma.removeLast()
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma.append(false)
  }

  mutating func endArray() {
    needsComma.removeLast()
    bytes.append(UInt8(ascii: "]"))
  }

  /// Starts a member; the value written next belongs to it.
  mutating func key(_ name: String) {
    separate()
    Self.appendQuoted(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  mutating func string(_ value: String) {
    separate()
    Self.appendQuoted(value, to: &bytes)
  }

  mutating func int(_ value: Int) {
    separate()
    bytes += Array(String(value).utf8)
  }

  mutating func bool(_ value: Bool) {
    separate()
    bytes += value ? Array("true".utf8) : Array("false".utf8)
  }

  mutating func null() {
    separate()
    bytes += Array("null".utf8)
  }

  /// Already-encoded JSON, placed as one value.
  mutating func raw(_ json: [UInt8]) {
    separate()
    bytes += json
  }

  mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard !needsComma.isEmpty else { return }
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// Go's string encoding: `"` and `\` escaped, `\b \f \n \r \t` by name, other control
  /// characters as `\u00xx`, and U+2028/U+2029 escaped because JavaScript treats them as newlines.
  static func appendQuoted(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escaping: copy them whole.
    let plain = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
      guard !buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) else { return false }
      out.append(contentsOf: buffer)
      return true
    }
    if plain == true {
      out.append(UInt8(ascii: "\""))
      return
    }
    let utf8 = text.utf8
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      switch byte {
      case UInt8(ascii: "\""): out += [0x5C, 0x22]
      case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
      case 0x08: out += [0x5C, UInt8(ascii: "b")]
      case 0x0C: out += [0x5C, UInt8(ascii: "f")]
      case 0x0A: out += [0x5C, UInt8(ascii: "n")]
      case 0x0D: out += [0x5C, UInt8(ascii: "r")]
      case 0x09: out += [0x5C, UInt8(ascii: "t")]
      case 0x00..<0x20: out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      case 0xE2:
        let second = utf8.index(after: index)
        if second != utf8.endIndex, utf8[second] == 0x80 {
          let third = utf8.index(after: second)
          if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
            out += Array((utf8[third] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
            index = utf8.index(after: third)
            continue
          }
        }
        out.append(byte)
      default: out.append(byte)
      }
      index = utf8.index(after: index)
    }
    out.append(UInt8(ascii: "\""))
  }
}
