public import Foundation
import Wire

/// Dates as people type them for a reminder or a listing: RFC 3339, `2026-12-01 09:00`,
/// `tomorrow 9:00`, `in 2h`, `fri 17:00`, `3d ago`, `now`; read in a given time zone against a
/// given clock, so that tests can fix both.
public struct TypedDate: Sendable {
  public let now: Date
  public let timeZone: TimeZone
  /// The time of day for a form that names only a day (`tomorrow`, `fri`, `2026-12-01`).
  public let defaultTime: (hour: Int, minute: Int)

  public init(now: Date = Date(), timeZone: TimeZone = .current, defaultTime: (hour: Int, minute: Int) = (9, 0)) {
    self.now = now
    self.timeZone = timeZone
    self.defaultTime = defaultTime
  }

  /// What the forms are, for error messages.
  public static let forms =
    "RFC 3339, \"2026-12-01 09:00\", \"tomorrow 9:00\", \"in 2h\", \"fri 17:00\", \"17:00\", \"3d ago\" or \"now\""

  /// The dates a typed date may name: RFC 3339's years 0000 to 9999, which every store, export
  /// and import can hold.
  public static let bounds = RFC3339.earliest...RFC3339.latest

  /// The bounds, for error messages.
  public static let boundsText = "the years 0000 to 9999"

  /// Why a text is no date.
  public enum Failure: Error, Equatable {
    /// None of the `forms`.
    case unreadable
    /// A date outside `bounds` (`in 99999999d`).
    case outOfBounds
  }

  /// The date `text` names, within `bounds`.
  public func date(_ text: String) -> Result<Date, Failure> {
    guard let date = parse(text) else { return .failure(.unreadable) }
    return Self.bounds.contains(date) ? .success(date) : .failure(.outOfBounds)
  }

  /// The date `text` names, or nil; unbounded (see `date(_:)`).
  public func parse(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let exact = RFC3339.date(from: trimmed) { return exact }
    var words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    // `2026-12-01T09:00`: RFC 3339 without seconds or zone, a local time.
    if words.count == 1, let t = words[0].firstIndex(of: "t"), words[0].distance(from: words[0].startIndex, to: t) == 10
    {
      words = [String(words[0][..<t]), String(words[0][words[0].index(after: t)...])]
    }
    guard let first = words.first else { return nil }
    if words == ["now"] { return now }
    if first == "in" { return words.count >= 2 ? offset(words.dropFirst().joined(), sign: 1) : nil }
    if words.last == "ago", words.count >= 2 { return offset(words.dropLast().joined(), sign: -1) }
    // A day, then at most a time.
    guard words.count <= 2 else { return nil }
    if words.count == 1, let time = Self.time(first) { return next(time) }
    let time = words.count == 2 ? Self.time(words[1]) : defaultTime
    guard let time else { return nil }
    if let day = isoDay(first) { return at(day, time) }
    let today = calendar.startOfDay(for: now)
    switch first {
    case "today": return at(today, time)
    case "tomorrow": return at(calendar.date(byAdding: .day, value: 1, to: today)!, time)
    case "yesterday": return at(calendar.date(byAdding: .day, value: -1, to: today)!, time)
    default:
      guard let weekday = Self.weekday(first) else { return nil }
      // The next such day: today when its time is still to come.
      var ahead = (weekday - calendar.component(.weekday, from: now) + 7) % 7
      if ahead == 0, let candidate = at(today, time), candidate <= now { ahead = 7 }
      return at(calendar.date(byAdding: .day, value: ahead, to: today)!, time)
    }
  }

  private var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }

  private func at(_ day: Date, _ time: (hour: Int, minute: Int)) -> Date? {
    calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day)
  }

  /// A bare time: today's when still to come, else tomorrow's.
  private func next(_ time: (hour: Int, minute: Int)) -> Date? {
    let today = calendar.startOfDay(for: now)
    guard let candidate = at(today, time) else { return nil }
    return candidate > now ? candidate : at(calendar.date(byAdding: .day, value: 1, to: today)!, time)
  }

  /// `2026-12-01`.
  private func isoDay(_ text: String) -> Date? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let components = DateComponents(year: year, month: month, day: day)
    guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
    return date
  }

  /// `2h`, `90m`, `1d12h`, `2 weeks`: a sum of numbers with units, added to now.
  private func offset(_ text: String, sign: Int) -> Date? {
    var seconds = 0.0
    var rest = Substring(text)
    guard !rest.isEmpty else { return nil }
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isNumber || $0 == "." }
      guard let amount = Double(digits) else { return nil }
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      guard let scale = Self.units[String(unit)] else { return nil }
      seconds += amount * scale
    }
    return now.addingTimeInterval(Double(sign) * seconds)
  }

  static let units: [String: Double] = {
    var units: [String: Double] = [:]
    let names: [(Double, [String])] = [
      (1, ["s", "sec", "secs", "second", "seconds"]), (60, ["m", "min", "mins", "minute", "minutes"]),
      (3600, ["h", "hr", "hrs", "hour", "hours"]), (86400, ["d", "day", "days"]), (604800, ["w", "week", "weeks"]),
    ]
    for (scale, spellings) in names { for spelling in spellings { units[spelling] = scale } }
    return units
  }()

  /// `9:00`, `17:30`, `9am`, `5pm`, `12:15pm`.
  static func time(_ text: String) -> (hour: Int, minute: Int)? {
    var body = Substring(text)
    var meridiem: String?
    for suffix in ["am", "pm"] where body.hasSuffix(suffix) {
      meridiem = suffix
      body = body.dropLast(2)
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
      var hour = Int(parts[0]), parts.count == 2 || meridiem != nil
    else { return nil }
    let minute = parts.count == 2 ? Int(parts[1]) ?? -1 : 0
    guard parts.count == 1 || parts[1].count == 2, (0..<60).contains(minute) else { return nil }
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    guard (0..<24).contains(hour) else { return nil }
    return (hour, minute)
  }

  /// 1 for Sunday, as Calendar counts.
  static func weekday(_ text: String) -> Int? {
    let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    if let index = names.firstIndex(of: text) ?? full.firstIndex(of: text) { return index + 1 }
    return nil
  }
}
