/// Content-Transfer-Encoding (RFC 2045 §6): undoing base64 and quoted-printable leniently, and
/// quoted-printable encoding for drafts.
public enum TransferEncoding {
  /// Decoded bytes and, when the input was damaged, what was wrong with it.
  public struct Decoded: Sendable {
    public var bytes: [UInt8]
    public var warning: String?
  }

  /// Undoes `encoding` (a Content-Transfer-Encoding value); 7bit, 8bit, binary and unknown ones
  /// pass the bytes through.
  public static func decode(_ body: ArraySlice<UInt8>, encoding: String?) -> Decoded {
    switch encoding?.lowercased() {
    case "base64": base64(body)
    case "quoted-printable": Decoded(bytes: quotedPrintable(body))
    default: Decoded(bytes: Array(body))
    }
  }

  private static let base64Values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(byte)] = UInt8(index)
    }
    // The URL-safe alphabet too: some mailers use it in encoded words.
    table[Int(UInt8(ascii: "-"))] = 62
    table[Int(UInt8(ascii: "_"))] = 63
    return table
  }()

  /// Base64 with everything outside the alphabet skipped (line breaks, stray characters) and
  /// missing padding tolerated; decoding stops at the first `=`.
  public static func base64(_ text: some Collection<UInt8>) -> Decoded {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3)
    var accumulator: UInt32 = 0
    var count = 0
    var skipped = 0
    for byte in text {
      if byte == UInt8(ascii: "=") { break }
      let value = base64Values[Int(byte)]
      if value == 0xFF {
        if byte > 0x20 { skipped += 1 }
        continue
      }
      accumulator = accumulator << 6 | UInt32(value)
      count += 1
      if count == 4 {
        bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
        bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8))
        bytes.append(UInt8(truncatingIfNeeded: accumulator))
        accumulator = 0
        count = 0
      }
    }
    var warning: String? =
      skipped > 0 ? "base64 with \(skipped) invalid character\(skipped == 1 ? "" : "s") skipped" : nil
    switch count {
    case 2: bytes.append(UInt8(truncatingIfNeeded: accumulator >> 4))
    case 3:
      bytes.append(UInt8(truncatingIfNeeded: accumulator >> 10))
      bytes.append(UInt8(truncatingIfNeeded: accumulator >> 2))
    case 1: warning = "base64 cut short: a stray last character dropped"
    default: break
    }
    return Decoded(bytes: bytes, warning: warning)
  }

  /// Standard base64 with padding, no line breaks.
  public static func base64Encode(_ bytes: some Collection<UInt8>) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let a = iterator.next() {
      let b = iterator.next()
      let c = iterator.next()
      let group = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
      out.append(alphabet[Int(group >> 18 & 63)])
      out.append(alphabet[Int(group >> 12 & 63)])
      out.append(b == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
      out.append(c == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Quoted-printable: `=XX` (either case) becomes its byte, `=` at the end of a line joins it to
  /// the next, whitespace at the end of a line is dropped (RFC 2045 §6.7 rule 3), anything else
  /// — a lone `=`, `=` before non-hex — stays as written.
  public static func quotedPrintable(_ text: some Collection<UInt8>) -> [UInt8] {
    let input = Array(text)
    var out: [UInt8] = []
    out.reserveCapacity(input.count)
    var lineStart = 0
    while lineStart < input.count {
      var lineEnd = lineStart
      while lineEnd < input.count && input[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      let hasNewline = lineEnd < input.count
      var contentEnd = lineEnd
      if contentEnd > lineStart && input[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
      let lineBreak = Array(input[contentEnd..<(hasNewline ? lineEnd + 1 : lineEnd)])
      while contentEnd > lineStart && (input[contentEnd - 1] == 0x20 || input[contentEnd - 1] == 0x09) {
        contentEnd -= 1
      }
      var soft = false
      var index = lineStart
      while index < contentEnd {
        let byte = input[index]
        if byte == UInt8(ascii: "=") {
          if index + 1 == contentEnd {
            soft = true
            index += 1
            continue
          }
          if index + 2 < contentEnd, let high = hex(input[index + 1]), let low = hex(input[index + 2]) {
            out.append(high << 4 | low)
            index += 3
            continue
          }
        }
        out.append(byte)
        index += 1
      }
      if !soft { out.append(contentsOf: lineBreak) }
      lineStart = hasNewline ? lineEnd + 1 : lineEnd
    }
    return out
  }

  /// Quoted-printable for a UTF-8 text body: lines of at most 76 characters (soft breaks),
  /// `=`, non-ASCII and control bytes escaped, trailing spaces protected; `\n` ends lines.
  public static func quotedPrintableEncode(_ text: String) -> String {
    let digits: StaticString = "0123456789ABCDEF"
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 8)
    var lineLength = 0
    func room(_ width: Int) {
      if lineLength + width > 75 {
        out.append(UInt8(ascii: "="))
        out.append(UInt8(ascii: "\n"))
        lineLength = 0
      }
      lineLength += width
    }
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") {
        out.append(byte)
        lineLength = 0
        continue
      }
      let isLast = index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: "\n")
      let plain = (byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "=")) || (byte == 0x20 && !isLast)
      // A line starting with "From " or "." survives mbox and SMTP untouched when escaped.
      let guarded =
        lineLength == 0
        && (byte == UInt8(ascii: ".") || (byte == UInt8(ascii: "F") && bytes[index...].starts(with: "From ".utf8)))
      if plain && !guarded {
        room(1)
        out.append(byte)
      } else {
        room(3)
        out.append(UInt8(ascii: "="))
        digits.withUTF8Buffer { hex in
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 15)])
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
