import Wire

/// How a server lays out the JSON it writes. Clients meet all three in the wild, so the fake
/// reproduces each server's own layout rather than one canonical form.
enum JSONLayout: Equatable {
  /// No spaces: Go, pydantic's `model_dump_json`, Starlette's `JSONResponse`.
  case compact
  /// Python's `json.dumps` defaults: `", "` between items and `": "` after keys.
  case python
  /// One member per line, indented: what api.openai.com sends for whole bodies.
  case pretty(indent: Int)
}

/// Which characters a server escapes inside strings, beyond `"`, `\` and control characters.
enum JSONEscaping: Equatable {
  /// Nothing more: non-ASCII goes out as raw UTF-8.
  case minimal
  /// Go's `json.Marshal`: `<`, `>`, `&` and U+2028/U+2029 as `\u` escapes (so Ollama sends
  /// `<think>` as `\u003cthink\u003e`).
  case go
  /// Python's `ensure_ascii=True`: every non-ASCII character as `\uXXXX`, astral ones as a
  /// surrogate pair.
  case ascii
}

/// JSON written member by member, in the order the imitated server writes them.
struct JSONOut {
  private(set) var bytes: [UInt8] = []
  let layout: JSONLayout
  let escaping: JSONEscaping
  /// Members or elements written so far in each open object or array.
  private var counts: [Int] = []
  /// Set between a key and its value, which then needs no separator.
  private var afterKey = false

  init(layout: JSONLayout = .compact, escaping: JSONEscaping = .minimal, capacity: Int = 256) {
    self.layout = layout
    self.escaping = escaping
    bytes.reserveCapacity(capacity)
  }

  // MARK: Structure

  mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    counts.append(0)
  }

  mutating func endObject() { close(UInt8(ascii: "}")) }

  mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    counts.append(0)
  }

  mutating func endArray() { close(UInt8(ascii: "]")) }

  /// An object whose members `body` writes.
  mutating func object(_ body: (inout JSONOut) -> Void) {
    beginObject()
    body(&self)
    endObject()
  }

  /// An array whose elements `body` writes.
  mutating func array(_ body: (inout JSONOut) -> Void) {
    beginArray()
    body(&self)
    endArray()
  }

  /// Starts a member; the value written next belongs to it.
  mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    if layout != .compact { bytes.append(UInt8(ascii: " ")) }
    afterKey = true
  }

  // MARK: Values

  mutating func string(_ value: String) {
    separate()
    appendQuoted(value)
  }

  mutating func int(_ value: Int) {
    separate()
    bytes += Array(String(value).utf8)
  }

  mutating func bool(_ value: Bool) {
    separate()
    bytes += Array((value ? "true" : "false").utf8)
  }

  /// A floating-point number in its shortest round-trip form, as Python's `repr` writes it
  /// (`0.0`, `2.5`, `1e-05`); `null` for infinities and NaN, which JSON cannot carry.
  mutating func double(_ value: Double) {
    separate()
    bytes += Array((value.isFinite ? value.description : "null").utf8)
  }

  mutating func null() {
    separate()
    bytes += Array("null".utf8)
  }

  /// A string, or `null` for nil.
  mutating func string(orNull value: String?) {
    if let value { string(value) } else { null() }
  }

  mutating func strings(_ values: [String]) {
    array { out in for value in values { out.string(value) } }
  }

  mutating func ints(_ values: [Int]) {
    array { out in for value in values { out.int(value) } }
  }

  /// Any JSON value; object members sorted by their UTF-8 bytes (a decoded `JSONValue` has lost
  /// the order it arrived in).
  mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .integer(let integer):
      separate()
      bytes += Array(String(integer).utf8)
    case .number(let number):
      separate()
      var text = number.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      bytes += Array(text.utf8)
    case .string(let text): string(text)
    case .array(let elements):
      array { out in for element in elements { out.value(element) } }
    case .object(let members):
      object { out in
        for name in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
          out.key(name)
          out.value(members[name]!)
        }
      }
    }
  }

  // MARK: Members

  mutating func member(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  mutating func member(_ name: String, _ value: Int) {
    key(name)
    int(value)
  }

  mutating func member(_ name: String, _ value: Double) {
    key(name)
    double(value)
  }

  mutating func member(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }

  mutating func member(_ name: String, orNull value: String?) {
    key(name)
    string(orNull: value)
  }

  mutating func nullMember(_ name: String) {
    key(name)
    null()
  }

  mutating func objectMember(_ name: String, _ body: (inout JSONOut) -> Void) {
    key(name)
    object(body)
  }

  mutating func arrayMember(_ name: String, _ body: (inout JSONOut) -> Void) {
    key(name)
    array(body)
  }

  mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  // MARK: Plumbing

  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard let last = counts.indices.last else { return }
    if counts[last] > 0 {
      bytes.append(UInt8(ascii: ","))
      if layout == .python { bytes.append(UInt8(ascii: " ")) }
    }
    counts[last] += 1
    if case .pretty(let indent) = layout { breakLine(depth: counts.count, indent: indent) }
  }

  private mutating func close(_ bracket: UInt8) {
    let written = counts.removeLast()
    if case .pretty(let indent) = layout, written > 0 { breakLine(depth: counts.count, indent: indent) }
    bytes.append(bracket)
  }

  private mutating func breakLine(depth: Int, indent: Int) {
    bytes.append(UInt8(ascii: "\n"))
    bytes += repeatElement(UInt8(ascii: " "), count: depth * indent)
  }

  private static let hex = Array("0123456789abcdef".utf8)

  private mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    if escaping == .ascii {
      for unit in text.utf16 { appendASCII(unit) }
    } else {
      for scalar in text.unicodeScalars { appendScalar(scalar) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendScalar(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x22: bytes += [0x5C, 0x22]
    case 0x5C: bytes += [0x5C, 0x5C]
    case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
    case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
    case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
    case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
    case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
    case 0x00..<0x20: appendEscape(UInt16(scalar.value))
    case 0x3C, 0x3E, 0x26, 0x2028, 0x2029:
      if escaping == .go { appendEscape(UInt16(scalar.value)) } else { bytes += Array(String(scalar).utf8) }
    default: bytes += Array(String(scalar).utf8)
    }
  }

  /// Python's `ensure_ascii`, one UTF-16 unit at a time (which yields surrogate pairs for free).
  private mutating func appendASCII(_ unit: UInt16) {
    guard unit < 0x80 else {
      appendEscape(unit)
      return
    }
    appendScalar(Unicode.Scalar(UInt8(unit)))
  }

  private mutating func appendEscape(_ unit: UInt16) {
    bytes += [0x5C, UInt8(ascii: "u")]
    for shift in stride(from: 12, through: 0, by: -4) { bytes.append(Self.hex[Int((unit >> UInt16(shift)) & 0xF)]) }
  }
}
