/// A MIME entity as bytes: its header fields (each with its continuation lines) and its body,
/// split without decoding anything, since a signature covers the bytes as they are.
struct RawEntity {
  /// Each field whole, from its name to its line break inclusive.
  var fields: [ArraySlice<UInt8>]
  var body: ArraySlice<UInt8>

  /// The entity split at its first empty line; nil when the header never ends.
  init?(_ bytes: ArraySlice<UInt8>) {
    var fields: [ArraySlice<UInt8>] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let lineEnd = Self.lineEnd(in: bytes, from: index)
      if Self.isEmptyLine(bytes[index..<lineEnd]) {
        self.fields = fields
        self.body = bytes[lineEnd...]
        return
      }
      if bytes[index] == .space || bytes[index] == .tab, let last = fields.popLast() {
        fields.append(bytes[last.startIndex..<lineEnd])
      } else {
        fields.append(bytes[index..<lineEnd])
      }
      index = lineEnd
    }
    return nil
  }

  /// Whether `field` is named `name` (ASCII, any case).
  static func field(_ field: ArraySlice<UInt8>, isNamed name: String) -> Bool {
    guard let colon = field.firstIndex(of: UInt8(ascii: ":")) else { return false }
    let fieldName = Self.lowercased(field[..<colon]).filter { $0 != .space && $0 != .tab }
    return fieldName == Self.lowercased(name.utf8)
  }

  /// Whether the field describes the content (`Content-…`), which moves into a signed part.
  static func isContentField(_ field: ArraySlice<UInt8>) -> Bool {
    Self.lowercased(field.prefix(8)).elementsEqual("content-".utf8)
  }

  /// The index just past the line break of the line starting at `start` (or the end).
  static func lineEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
    guard let newline = bytes[start...].firstIndex(of: .newline) else { return bytes.endIndex }
    return newline + 1
  }

  static func isEmptyLine(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == .newline || $0 == .carriageReturn }
  }

  private static func lowercased(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
  }
}

/// Line breaks made CRLF (RFC 5751 §3.1.1): every LF gets the CR it lacks.
enum Canonical {
  static func crlf(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 40)
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == .newline, previous != .carriageReturn { out.append(.carriageReturn) }
      out.append(byte)
      previous = byte
    }
    return out
  }

  /// CRLF made LF, for a part shown inside a message whose own lines end in LF.
  static func lf(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    var pending: UInt8?
    while let byte = pending ?? iterator.next() {
      pending = nil
      if byte == .carriageReturn, let next = iterator.next() {
        if next != .newline { out.append(byte) }
        pending = next
      } else {
        out.append(byte)
      }
    }
    return out
  }
}

extension UInt8 {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
}
