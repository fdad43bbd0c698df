#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Numbers, sizes, dates and ages in text for people, in the language of the process (or the one
/// given). Never for records or `--format json`, which stay the same under every locale.
/// FoundationEssentials only (no ICU at start-up): the patterns are catalog messages, so a
/// translator decides their order, and the decimal separator is the language's.
public enum Formatted {
  private static let units = ["B", "kB", "MB", "GB", "TB"]

  /// `12.5 MB`, `830 B` (English), `12,5 MB` (German): decimal units, as `ls -h --si` shows them.
  public static func size(_ bytes: Int, in language: Language = .current) -> String {
    var tenths = bytes * 10
    var unit = 0
    // Divide in whole tenths so that 999,960 bytes reads "1.0 MB", never "1000.0 kB".
    while unit < units.count - 1, unit == 0 ? bytes >= 1000 : tenths >= 10_000 {
      tenths = (tenths + 500) / 1000
      unit += 1
    }
    return unit == 0 ? "\(bytes) B" : Self.tenths(tenths, in: language) + " " + units[unit]
  }

  /// A number given in tenths with its one decimal: `371.4`, `371,4`.
  public static func tenths(_ tenths: Int, in language: Language = .current) -> String {
    let sign = tenths < 0 ? "-" : ""
    let magnitude = tenths.magnitude
    return "\(sign)\(magnitude / 10)\(language.decimalSeparator)\(magnitude % 10)"
  }

  /// `2026-11-27 17:00` (English), `27.11.2026 17:00` (German), in UTC like the stored dates.
  public static func dateTime(_ date: Date, in language: Language = .current) -> String {
    let seconds = date.timeIntervalSince1970.isFinite ? Int(min(max(date.timeIntervalSince1970, -1e15), 1e15)) : 0
    let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let (year, month, day) = civil(fromDays: secondOfDay < 0 ? days - 1 : days)
    let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
    let (hour, minute) = (twoDigits(second / 3600), twoDigits(second / 60 % 60))
    let (monthText, dayText) = (twoDigits(month), twoDigits(day))
    // TRANSLATORS: a date and time (UTC) in tables and messages. {0} is the year, {1} the month,
    // {2} the day, {3} the hour (00-23), {4} the minute, each with its leading zeros.
    return tr("\(year)-\(monthText)-\(dayText) \(hour):\(minute)", in: language)
  }

  /// `3 h ago`, `2 d ago`, `just now` (English); `vor 3 Std.`, `vor 2 Tagen` (German).
  public static func age(of date: Date, now: Date = Date(), in language: Language = .current) -> String {
    let interval = now.timeIntervalSince(date)
    // A stored date far from any real one reads as a huge age instead of trapping in `Int(_:)`.
    let seconds = interval.isFinite ? Int(min(max(interval, -1e15), 1e15)) : 0
    switch seconds {
    case ..<60:
      return tr("just now", in: language)
    case ..<3600:
      let minutes = seconds / 60
      return tr("\(minutes) min ago", in: language)
    case ..<86_400:
      let hours = seconds / 3600
      return tr("\(hours) h ago", in: language)
    default:
      let days = seconds / 86_400
      return tr(one: "\(days) d ago", other: "\(days) d ago", count: days, in: language)
    }
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
