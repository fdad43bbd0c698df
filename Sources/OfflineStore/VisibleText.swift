/// The text a reader sees in an HTML fragment, for the full-text index: tags removed, script and
/// style contents dropped, common character references decoded, whitespace collapsed.
///
/// Works on UTF-8 bytes: articles are 100 kB and more, and walking them as `Character`s cost
/// more than the rest of storing one.
enum VisibleText {
  static func of(_ html: String) -> String {
    var html = html
    return html.withUTF8 { bytes in
      var text = Collapsed(capacity: bytes.count / 2)
      var index = 0
      var skipping: UInt64?  // the closing tag name that ends a script or style
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "<") {
          var close = index + 1
          while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
          // The tag name's first eight bytes, lower-cased, packed into one integer: no
          // allocation per tag.
          var name: UInt64 = 0
          var cursor = index + 1
          var length = 0
          while cursor < close, length < 8, isNameByte(bytes[cursor]) {
            name = name << 8 | UInt64(lowercased(bytes[cursor]))
            cursor += 1
            length += 1
          }
          if let closing = skipping {
            if name == closing { skipping = nil }
          } else if name == script || name == style {
            skipping = packed("/") << (8 * UInt64(length)) | name
          } else {
            text.space()  // tags separate words
          }
          index = close + 1
        } else if skipping != nil {
          index += 1
        } else if byte == UInt8(ascii: "&"), let (decoded, length) = reference(bytes, at: index) {
          text.append(decoded)
          index += length
        } else {
          text.append(byte)
          index += 1
        }
      }
      return text.string
    }
  }

  /// Bytes with runs of whitespace (ASCII, and the no-break space) written as one space and
  /// none at either end.
  private struct Collapsed {
    private var bytes: [UInt8] = []
    private var pendingSpace = false

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func space() { pendingSpace = true }

    mutating func append(_ byte: UInt8) {
      switch byte {
      case 0x20, 0x09, 0x0a, 0x0c, 0x0d: pendingSpace = true
      default:
        if byte == 0xa0, bytes.last == 0xc2 {  // U+00A0, whose first byte is already out
          bytes.removeLast()
          pendingSpace = true
          return
        }
        if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte)
      }
    }

    mutating func append(_ text: String) { for byte in text.utf8 { append(byte) } }

    var string: String { String(decoding: bytes, as: UTF8.self) }
  }

  private static let script = packed("script")
  private static let style = packed("style")

  private static func packed(_ name: String) -> UInt64 { name.utf8.reduce(0) { $0 << 8 | UInt64($1) } }

  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–",
    "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
  ]

  /// The character reference at `index` (`&amp;`, `&#8212;`, `&#x2014;`) and its length.
  private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (String, Int)? {
    var end = index + 1
    while end < bytes.count, end - index <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
    let entity = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
    let decoded: String?
    if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
      decoded = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
    } else if entity.hasPrefix("#") {
      decoded = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
    } else {
      decoded = named[entity]
    }
    return decoded.map { ($0, end - index + 1) }
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "/"):
      true
    default: false
    }
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}
