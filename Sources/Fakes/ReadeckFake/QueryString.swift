/// URL query strings the way Go's `net/url` reads and writes them.
enum QueryString {
  /// `url.ParseQuery`: pairs split on `&`, `+` read as a space, percent escapes decoded. A pair
  /// with a bad escape or a `;` is dropped, as Go drops it.
  static func parse(_ raw: Substring) -> [(String, String)] {
    var pairs: [(String, String)] = []
    for piece in raw.split(separator: "&", omittingEmptySubsequences: true) {
      guard !piece.contains(";") else { continue }
      let key: Substring
      let value: Substring
      if let equals = piece.firstIndex(of: "=") {
        key = piece[..<equals]
        value = piece[piece.index(after: equals)...]
      } else {
        key = piece
        value = ""
      }
      guard let decodedKey = unescape(key), let decodedValue = unescape(value) else { continue }
      pairs.append((decodedKey, decodedValue))
    }
    return pairs
  }

  /// `url.Values.Encode`: keys sorted by bytes, each key's values in their order.
  static func encode(_ pairs: [(String, String)]) -> String {
    var keys: [String] = []
    var values: [String: [String]] = [:]
    for (key, value) in pairs {
      if values[key] == nil { keys.append(key) }
      values[key, default: []].append(value)
    }
    keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var parts: [String] = []
    for key in keys {
      for value in values[key] ?? [] { parts.append("\(escape(key))=\(escape(value))") }
    }
    return parts.joined(separator: "&")
  }

  /// `url.QueryEscape`: unreserved characters stay, a space becomes `+`, the rest `%XX`.
  static func escape(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
        UInt8(ascii: "~"):
        out.append(byte)
      case UInt8(ascii: " "):
        out.append(UInt8(ascii: "+"))
      default:
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `url.QueryUnescape`, or nil for a malformed escape.
  static func unescape(_ text: Substring) -> String? {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
      return String(text)
    }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"):
        out.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        out.append(high << 4 | low)
      default:
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
