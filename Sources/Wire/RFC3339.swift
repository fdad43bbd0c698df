#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// RFC 3339 timestamps as the wire carries them.
///
/// Parsing accepts 0–9 fractional digits and any offset (`Z`, `z`, `±HH:MM`, `±HHMM`), because
/// Readeck and other servers send variable nanosecond precision. Formatting always writes UTC with
/// `Z`, and fractional seconds (up to microseconds, the precision a `Date` keeps for current dates,
/// trailing zeros trimmed) only when the date has them.
public enum RFC3339 {
  /// Seconds since 1970 and the nanoseconds within that second, or nil when `text` is not RFC 3339.
  public static func parse(_ text: String) -> (seconds: Int64, nanoseconds: Int32)? {
    var copy = text
    return copy.withUTF8 { parse(bytes: $0) }
  }

  /// The date `text` names, or nil when it is not RFC 3339.
  public static func date(from text: String) -> Date? {
    guard let (seconds, nanoseconds) = parse(text) else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
  }

  /// The first and last seconds RFC 3339's four-digit years can name: 0000-01-01T00:00:00Z and
  /// 9999-12-31T23:59:59Z.
  public static let earliest = Date(timeIntervalSince1970: -62_167_219_200)
  public static let latest = Date(timeIntervalSince1970: 253_402_300_799)

  /// `date` in UTC: `2026-11-22T03:04:05Z`, or `2026-11-22T03:04:05.25Z` when it has a fraction.
  /// A date outside `earliest...latest` (or not finite) is written as the nearer bound, so that
  /// whatever a store holds can be written, and read back by `parse`, without trapping.
  public static func string(from date: Date) -> String {
    let raw = date.timeIntervalSince1970
    let interval =
      raw.isNaN
      ? earliest.timeIntervalSince1970
      : min(max(raw, earliest.timeIntervalSince1970), latest.timeIntervalSince1970)
    var seconds = Int64(interval.rounded(.down))
    var micros = Int64(((interval - Double(seconds)) * 1_000_000).rounded())
    if micros >= 1_000_000 {
      seconds += 1
      micros -= 1_000_000
    }
    let time = CivilTime(secondsSince1970: Int(seconds))
    var out = ""
    out.reserveCapacity(27)
    appendPadded(&out, time.date.year, width: 4)
    out += "-"
    appendPadded(&out, time.date.month, width: 2)
    out += "-"
    appendPadded(&out, time.date.day, width: 2)
    out += "T"
    appendPadded(&out, time.hour, width: 2)
    out += ":"
    appendPadded(&out, time.minute, width: 2)
    out += ":"
    appendPadded(&out, time.second, width: 2)
    if micros > 0 {
      var digits = 6
      while micros % 10 == 0 {
        micros /= 10
        digits -= 1
      }
      out += "."
      appendPadded(&out, Int(micros), width: digits)
    }
    out += "Z"
    return out
  }

  // MARK: - Parsing

  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> (seconds: Int64, nanoseconds: Int32)? {
    var index = 0
    func digits(_ count: Int) -> Int64? {
      guard index + count <= bytes.count else { return nil }
      var value: Int64 = 0
      for _ in 0..<count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int64(digit)
        index += 1
      }
      return value
    }
    func expect(_ allowed: UInt8...) -> Bool {
      guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
      let day = digits(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")),
      let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
      let second = digits(2)
    else { return nil }
    let date = CivilDate(year: Int(year), month: Int(month), day: Int(day))
    guard date.isValid, hour < 24, minute < 60, second <= 60  // a leap second is folded into the next minute below
    else { return nil }

    var nanoseconds: Int64 = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var count = 0
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        if count < 9 { nanoseconds = nanoseconds * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
        count += 1
        index += 1
      }
      guard count >= 1 else { return nil }
      for _ in count..<max(count, 9) { nanoseconds *= 10 }
    }

    var offset: Int64 = 0
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      index += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let offsetHours = digits(2) else { return nil }
      _ = expect(UInt8(ascii: ":"))
      guard let offsetMinutes = digits(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
      offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
    default:
      return nil
    }
    guard index == bytes.count else { return nil }

    let seconds = Int64(date.daysSince1970) * 86_400 + hour * 3600 + minute * 60 + second - offset
    return (seconds, Int32(nanoseconds))
  }

  private static func appendPadded(_ out: inout String, _ value: Int, width: Int) {
    let digits = String(value)
    if digits.utf8.count < width { out += String(repeating: "0", count: width - digits.utf8.count) }
    out += digits
  }
}
