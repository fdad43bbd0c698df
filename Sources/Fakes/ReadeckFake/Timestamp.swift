import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON times as the server writes them: RFC 3339 in UTC with the fraction's trailing zeros
/// trimmed (a `Date` keeps microseconds for current dates, so that is the finest written).
enum Timestamp {
  static func string(_ date: Date) -> String { RFC3339.string(from: date) }

  /// RFC 3339 with any offset and 0–9 fractional digits. A `+` offset that came through an
  /// unencoded query string arrives as a space, so that is accepted too.
  static func parse(_ text: String) -> Date? {
    if let date = RFC3339.date(from: text) { return date }
    let utf8 = Array(text.utf8)
    guard utf8.count > 19, let space = utf8[19...].lastIndex(of: UInt8(ascii: " ")) else { return nil }
    var repaired = utf8
    repaired[space] = UInt8(ascii: "+")
    return RFC3339.date(from: String(decoding: repaired, as: UTF8.self))
  }
}
