/// Turns the bytes of a text part or an encoded word into a string by its charset label.
///
/// Known: UTF-8, UTF-16 (LE/BE, BOM), US-ASCII, and the single-byte charsets of
/// `SingleByteCharsets.swift` (ISO-8859-x, windows-125x, KOI8, Mac Roman, DOS code pages). What
/// cannot be decoded as labelled is still decoded — as UTF-8 when it is valid UTF-8, else as
/// windows-1252 — and a warning says so, so a mislabelled or unlabelled message loses nothing.
public enum Charset {
  public struct Decoded: Sendable, Equatable {
    public var text: String
    /// Why the text may not be what the sender meant; nil when the label was honoured.
    public var warning: String?
  }

  /// Decodes `bytes` as the charset `label` says (nil: none given, which means US-ASCII).
  public static func decode(_ bytes: some Collection<UInt8>, label: String?) -> Decoded {
    let name = label.map(key) ?? "usascii"
    switch name {
    case "usascii", "ascii", "iso646us", "us", "ansix341968", "":
      if bytes.allSatisfy({ $0 < 0x80 }) { return Decoded(text: String(decoding: bytes, as: UTF8.self)) }
      return guess(bytes, because: "8-bit text labelled \(label ?? "US-ASCII" )")
    case "utf8", "unicode11utf8", "xunicode20utf8":
      if let text = String(validating: bytes, as: UTF8.self) { return Decoded(text: text) }
      return Decoded(
        text: String(decoding: bytes, as: UTF8.self), warning: "invalid UTF-8, bad bytes replaced by U+FFFD")
    case "utf16", "utf16le", "utf16be", "unicode", "ucs2":
      return utf16(Array(bytes), littleEndian: name == "utf16le" ? true : name == "utf16be" ? false : nil)
    default:
      if let canonical = singleByteAliases[name] ?? (singleByteTables[name] == nil ? nil : name),
        let table = singleByteTables[canonical]
      {
        return Decoded(text: singleByte(bytes, table))
      }
      return guess(bytes, because: "unknown charset \(label ?? "")")
    }
  }

  /// Labels compare without case and punctuation: `ISO_8859-1`, `iso8859-1` and `ISO-8859-1` are one.
  static func key(_ label: String) -> String {
    // Labels are ASCII in practice, and Unicode property look-ups cost far more than the bytes:
    // letters lower-cased, digits kept, the rest dropped, as below.
    if label.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(
        decoding: label.utf8.compactMap { byte in
          switch byte {
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
          default: nil
          }
        }, as: UTF8.self)
    }
    return String(
      String.UnicodeScalarView(
        label.unicodeScalars.lazy.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map {
          $0.properties.lowercaseMapping.unicodeScalars.first ?? $0
        }))
  }

  private static func guess(_ bytes: some Collection<UInt8>, because reason: String) -> Decoded {
    if let text = String(validating: bytes, as: UTF8.self) {
      return Decoded(text: text, warning: "\(reason), read as UTF-8")
    }
    return Decoded(
      text: singleByte(bytes, singleByteTables["windows-1252"]!), warning: "\(reason), read as windows-1252")
  }

  /// Straight to UTF-8 bytes: appending scalars to a string one by one is several times slower.
  private static func singleByte(_ bytes: some Collection<UInt8>, _ table: [UInt16]) -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      if byte < 0x80 {
        utf8.append(byte)
        continue
      }
      let value = table[Int(byte) - 0x80]  // the tables hold only BMP scalars, no surrogates
      if value < 0x80 {
        utf8.append(UInt8(value))
      } else if value < 0x800 {
        utf8.append(0xC0 | UInt8(value >> 6))
        utf8.append(0x80 | UInt8(value & 0x3F))
      } else {
        utf8.append(0xE0 | UInt8(value >> 12))
        utf8.append(0x80 | UInt8(value >> 6 & 0x3F))
        utf8.append(0x80 | UInt8(value & 0x3F))
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  private static func utf16(_ bytes: [UInt8], littleEndian: Bool?) -> Decoded {
    var start = 0
    var little = littleEndian ?? false
    if littleEndian == nil, bytes.count >= 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE {
        little = true
        start = 2
      }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { start = 2 }
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = start
    while index + 1 < bytes.count {
      let (a, b) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(little ? b << 8 | a : a << 8 | b)
      index += 2
    }
    let odd = (bytes.count - start) % 2 == 1
    return Decoded(
      text: String(decoding: units, as: UTF16.self), warning: odd ? "UTF-16 text with an odd number of bytes" : nil)
  }
}
