/// A day of the proleptic Gregorian calendar, and its count of days from 1970-01-01.
///
/// Every date format the tools read or write (RFC 3339, RFC 5322, HTTP's IMF-fixdate) comes down to
/// this arithmetic, so it lives here once, in integers, without a `Calendar`: FoundationEssentials
/// has none on Linux, and a time-zone database is not needed to count days in UTC.
///
/// Nothing is validated on construction: a day past the end of its month counts on into the next
/// month, as lenient parsers want; ``isValid`` says whether the fields name a real day.
public struct CivilDate: Sendable, Hashable {
  public var year: Int
  /// 1 (January) … 12.
  public var month: Int
  /// 1 … 31.
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  // Howard Hinnant's civil_from_days / days_from_civil: exact for the whole proleptic calendar,
  // with eras of 400 years so that negative counts need no special case.

  /// The day `days` days after 1970-01-01 (before it, when negative).
  public init(daysSince1970 days: Int) {
    let z = days + 719_468
    let era = Self.floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March, so that a leap day ends the year
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this day; negative before it.
  public var daysSince1970: Int {
    let y = month <= 2 ? year - 1 : year
    let era = Self.floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// 0 for Sunday … 6 for Saturday, as C's `tm_wday` counts.
  public var weekday: Int { Self.weekday(daysSince1970: daysSince1970) }

  /// The weekday of the day `days` after 1970-01-01 (a Thursday), 0 for Sunday … 6 for Saturday.
  public static func weekday(daysSince1970 days: Int) -> Int {
    floorModulo(days + 4, 7)
  }

  /// Whether `month` is 1…12 and `day` lies within that month of `year`.
  public var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.daysIn(month: month, year: year)
  }

  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// 28 … 31 for `month` 1…12.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// `a / b` rounded towards minus infinity (Swift's `/` truncates towards zero), for positive `b`.
  static func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : (a - b + 1) / b
  }

  /// The remainder that goes with ``floorDivide(_:_:)``: always in `0..<b`.
  static func floorModulo(_ a: Int, _ b: Int) -> Int {
    a - floorDivide(a, b) * b
  }
}

/// A moment in UTC to the second, as the fields date formats write.
public struct CivilTime: Sendable, Hashable {
  public var date: CivilDate
  /// 0 … 23.
  public var hour: Int
  /// 0 … 59.
  public var minute: Int
  /// 0 … 59 (60 only when set by hand for a leap second).
  public var second: Int

  /// The moment `seconds` whole seconds after 1970-01-01T00:00:00Z.
  public init(secondsSince1970 seconds: Int) {
    let days = CivilDate.floorDivide(seconds, 86_400)
    let secondOfDay = seconds - days * 86_400
    date = CivilDate(daysSince1970: days)
    (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
  }

  public init(date: CivilDate, hour: Int, minute: Int, second: Int) {
    (self.date, self.hour, self.minute, self.second) = (date, hour, minute, second)
  }

  /// Seconds since 1970-01-01T00:00:00Z; a leap second (60) counts as the next minute's first.
  public var secondsSince1970: Int {
    date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// 0 for Sunday … 6 for Saturday.
  public var weekday: Int { date.weekday }
}

extension CivilDate {
  /// The English month abbreviations RFC 5322 and HTTP dates are written with, January first.
  public static let monthAbbreviations = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  /// The English weekday abbreviations of those dates, indexed by ``weekday`` (Sunday first).
  public static let weekdayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
}
