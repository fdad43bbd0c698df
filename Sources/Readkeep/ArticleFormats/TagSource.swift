import Foundation

/// The attributes of one start tag as written in the source, each with its whole text (` name="value"`),
/// so that a tag can be written again without some of them and every other byte, case included
/// (SVG's `viewBox`), stays as it was.
struct TagSource {
  /// `<name` as written.
  var opening: [UInt8]
  /// Lower-cased name and the attribute's text with the white space before it.
  var attributes: [(name: String, text: [UInt8])]
  var selfClosing: Bool

  /// Reads `<name attr=value …>` by the tokenizer's rules for a tag that is already known to be one.
  init(_ tag: ArraySlice<UInt8>) {
    let bytes = Array(tag)
    var index = 1
    while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
      bytes[index] != UInt8(ascii: ">")
    {
      index += 1
    }
    opening = Array(bytes[0..<index])
    attributes = []
    selfClosing = false
    while index < bytes.count {
      while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
      guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else {
        selfClosing = index > 0 && bytes[index - 1] == UInt8(ascii: "/")
        break
      }
      let nameStart = index
      index += 1  // a name's first character may be `=`
      while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
        bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=")
      {
        index += 1
      }
      // Named as the tokenizer names it (ASCII lower-cased, NUL as U+FFFD), or an attribute it
      // says to remove (`on\0click`) would not be found here and would stay.
      let nameBytes = bytes[nameStart..<index].map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
      let name = String(decoding: nameBytes, as: UTF8.self).replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
      var lookahead = index
      while lookahead < bytes.count, Self.isSpace(bytes[lookahead]) { lookahead += 1 }
      if lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "=") {
        index = lookahead + 1
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
          let quote = bytes[index]
          index += 1
          while index < bytes.count, bytes[index] != quote { index += 1 }
          index = min(index + 1, bytes.count)
        } else {
          while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        }
      }
      // Written back with one space before it, whatever separated it (a `/` included).
      attributes.append((name, Array(" ".utf8) + Array(bytes[nameStart..<index])))
    }
  }

  /// The tag again: the attributes kept, then `added` (values escaped for a double-quoted attribute).
  func written(keeping keep: (String) -> Bool, adding added: [(String, String)] = []) -> [UInt8] {
    var output = opening
    for attribute in attributes where keep(attribute.name) { output += attribute.text }
    for (name, value) in added { output += Array(" \(name)=\"\(Markup.attribute(value))\"".utf8) }
    output += Array((selfClosing ? "/>" : ">").utf8)
    return output
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0c || byte == 0x0d
  }
}
