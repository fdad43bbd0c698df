public import Foundation
import Wire

/// Dates as people type them for a reminder or a listing, in English and in German under every
/// locale: RFC 3339, `2026-12-01 09:00`, `1.12.2026 9:00`, `1.12.`, `tomorrow 9:00`, `morgen 9:00`,
/// `übermorgen`, `in 2h`, `in 2 Std`, `fri 17:00`, `Fr 17 Uhr`, `3d ago`, `vor 3 Tagen`, `now`,
/// `jetzt`; read in a given time zone against a given clock, so that tests can fix both.
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

  /// The dates a typed date may name: RFC 3339's years 0000 to 9999, which every store, export
  /// and import can hold.
  public static let bounds = RFC3339.earliest...RFC3339.latest

  /// Why a text is no date.
  public enum Failure: Error, Equatable {
    /// None of the forms people type.
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
    if words == ["now"] || words == ["jetzt"] { return now }
    if first == "in" { return words.count >= 2 ? offset(words.dropFirst(), sign: 1) : nil }
    if first == "vor" { return words.count >= 2 ? offset(words.dropFirst(), sign: -1) : nil }
    if words.last == "ago", words.count >= 2 { return offset(words.dropLast(), sign: -1) }
    words = Self.clockWords(words)
    // A day, then at most a time.
    guard let day = words.first, words.count <= 2 else { return nil }
    if words.count == 1, let time = Self.time(day) { return next(time) }
    let time = words.count == 2 ? Self.time(words[1]) : defaultTime
    guard let time else { return nil }
    if let date = isoDay(day) { return at(date, time) }
    if let (dayOfMonth, month, year) = Self.germanDay(day) {
      guard let year else { return upcoming(month, dayOfMonth, time) }
      return civilDay(year, month, dayOfMonth).flatMap { at($0, time) }
    }
    let today = calendar.startOfDay(for: now)
    if let ahead = Self.relativeDays[day] {
      return calendar.date(byAdding: .day, value: ahead, to: today).flatMap { at($0, time) }
    }
    guard let weekday = Self.weekday(day) else { return nil }
    // The next such day: today when its time is still to come.
    var ahead = (weekday - calendar.component(.weekday, from: now) + 7) % 7
    if ahead == 0, let candidate = at(today, time), candidate <= now { ahead = 7 }
    return calendar.date(byAdding: .day, value: ahead, to: today).flatMap { at($0, time) }
  }

  /// The days named by their distance from today.
  static let relativeDays = [
    "today": 0, "tomorrow": 1, "yesterday": -1,
    "heute": 0, "morgen": 1, "übermorgen": 2, "uebermorgen": 2, "gestern": -1, "vorgestern": -2,
  ]

  /// German's words around a time: `morgen um 9 Uhr` is `morgen 9uhr`, `Fr, 17:00` is `fr 17:00`.
  private static func clockWords(_ words: [String]) -> [String] {
    var words = words.count > 1 ? words.filter { $0 != "um" } : words
    if words.count >= 2, words.last == "uhr" {
      words.removeLast()
      words[words.count - 1] += "uhr"
    }
    if words.count == 2, words[0].hasSuffix(",") { words[0].removeLast() }
    return words
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

  /// The day `day`.`month`.`year`, or nil when there is none (`30.2.2026`).
  private func civilDay(_ year: Int, _ month: Int, _ day: Int) -> Date? {
    guard (1...12).contains(month), (1...31).contains(day),
      let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
      calendar.component(.day, from: date) == day
    else { return nil }
    return date
  }

  /// A day and month without a year (`1.12.`): this year's when still to come, else the next
  /// year's that has it (`29.2.` waits for a leap year).
  private func upcoming(_ month: Int, _ day: Int, _ time: (hour: Int, minute: Int)) -> Date? {
    let year = calendar.component(.year, from: now)
    for candidateYear in year...(year + 8) {
      if let date = civilDay(candidateYear, month, day).flatMap({ at($0, time) }), date > now { return date }
    }
    return nil
  }

  /// `1.12.2026`, `01.12.2026`, `1.12.` (no year): day, month and the year if given, as digits.
  static func germanDay(_ text: String) -> (day: Int, month: Int, year: Int?)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
      parts[2].isEmpty || parts[2].count == 4,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let day = Int(parts[0]), let month = Int(parts[1])
    else { return nil }
    return (day, month, parts[2].isEmpty ? nil : Int(parts[2]))
  }

  /// `2h`, `90m`, `1d12h`, `2 weeks`, `2 Std. 30 Min.`, `1,5 Stunden`, `3 Tagen`: a sum of numbers
  /// with units, added to now.
  private func offset(_ words: ArraySlice<String>, sign: Int) -> Date? {
    var seconds = 0.0
    // "Std." and "Min." are the units "std" and "min"; "und" joins two of them.
    let text = words.filter { $0 != "und" }.map { word in
      word.count > 1 && word.hasSuffix(".") && word.dropLast().last?.isLetter == true ? String(word.dropLast()) : word
    }.joined()
    var rest = Substring(text)
    guard !rest.isEmpty else { return nil }
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isNumber || $0 == "." || $0 == "," }
      guard let amount = Double(digits.replacing(",", with: ".")) else { return nil }
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
      (1, ["s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden"]),
      (60, ["m", "min", "mins", "minute", "minutes", "minuten"]),
      (3600, ["h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden"]),
      (86400, ["d", "day", "days", "tag", "tage", "tagen"]),
      (604800, ["w", "week", "weeks", "woche", "wochen"]),
    ]
    for (scale, spellings) in names { for spelling in spellings { units[spelling] = scale } }
    return units
  }()

  /// `9:00`, `17:30`, `9am`, `5pm`, `12:15pm`, `9uhr`, `17:30uhr`, `9.30uhr` (`9 Uhr` once
  /// `clockWords` joined it).
  static func time(_ text: String) -> (hour: Int, minute: Int)? {
    var body = Substring(text)
    var meridiem: String?
    let oClock = body.hasSuffix("uhr")
    if oClock { body = body.dropLast(3) }
    for suffix in ["am", "pm"] where !oClock && body.hasSuffix(suffix) {
      meridiem = suffix
      body = body.dropLast(2)
    }
    let parts = body.split(omittingEmptySubsequences: false) { $0 == ":" || (oClock && $0 == ".") }
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
      var hour = Int(parts[0]), parts.count == 2 || meridiem != nil || oClock
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

  /// 1 for Sunday, as Calendar counts: `fri`, `friday`, `Fr`, `Fr.`, `Freitag`.
  static func weekday(_ text: String) -> Int? {
    let name = text.count > 1 && text.hasSuffix(".") ? String(text.dropLast()) : text
    for names in weekdayNames { if let index = names.firstIndex(of: name) { return index + 1 } }
    return nil
  }

  private static let weekdayNames = [
    ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
    ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
    ["so", "mo", "di", "mi", "do", "fr", "sa"],
    ["sonntag", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag"],
  ]
}
