/// The WHATWG URL standard's percent-encode sets, applied one byte at a time to UTF-8 input. A
/// `%` is in none of them: an escape as written (even a malformed `%zz` or a lone `%`) is kept, as
/// browsers keep it, because encoding it again would name a different resource.
enum PercentEncodeSet {
  /// C0 controls, space, `"`, `<`, `>`, `` ` ``.
  case fragment
  /// C0 controls, space, `"`, `#`, `<`, `>`, and `'` (the special-query set: http(s) is special).
  case specialQuery
  /// The query set and `?`, `^`, `` ` ``, `{`, `}`. (`^` joined in 2025, whatwg/url#846; Chrome
  /// and Firefox already encoded it.)
  case path
  /// The path set and `/`, `:`, `;`, `=`, `@`, `[` to `^`, `|`.
  case userinfo

  /// Whether `byte` is written as `%XX`. Bytes from 0x80 up are the UTF-8 of non-ASCII code
  /// points and DEL, both in the C0 control set every other set contains.
  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    if byte <= 0x20 || byte >= 0x7F { return true }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"):
      return true
    case UInt8(ascii: "`"):
      return self != .specialQuery
    case UInt8(ascii: "#"):
      return self != .fragment
    case UInt8(ascii: "'"):
      return self == .specialQuery
    case UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      return self == .path || self == .userinfo
    case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"),
      UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "|"):
      return self == .userinfo
    default:
      return false
    }
  }
}

extension Array where Element == UInt8 {
  /// Appends `bytes`, each one in `set` as `%XX` with upper-case hex digits.
  @inline(__always)
  mutating func appendEncoding(_ bytes: ArraySlice<UInt8>, _ set: PercentEncodeSet) {
    for byte in bytes {
      if set.contains(byte) {
        append(UInt8(ascii: "%"))
        append(hexDigit(byte >> 4))
        append(hexDigit(byte & 0x0F))
      } else {
        append(byte)
      }
    }
  }
}

@inline(__always)
private func hexDigit(_ value: UInt8) -> UInt8 {
  value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
}
