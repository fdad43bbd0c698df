import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// RFC 5322 dates (§3.3, obsolete forms included): `Tue, 1 Jul 2003 10:52:37 +0200`, seconds
/// optional, two-digit years, named zones (`GMT`, `EST`, …), comments, and the asctime order
/// (`Tue Jul  1 10:52:37 2003`) some programs write.
public enum MailDate {
  private static let months = CivilDate.monthAbbreviations.map { $0.lowercased() }
  private static let zones: [String: Int] = [
    "ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8,
    "pdt": -7,
  ]

  public static func parse(_ header: String) -> Date? {
    var text = ""
    var depth = 0
    for character in header {
      if character == "(" {
        depth += 1
      } else if character == ")" && depth > 0 {
        depth -= 1
      } else if depth == 0 {
        text.append(character)
      }
    }
    let tokens = text.lowercased().split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" || $0 == "\n" }
    var day: Int?
    var month: Int?
    var year: Int?
    var clock: (Int, Int, Int)?
    var offset = 0
    for token in tokens {
      if let index = months.firstIndex(where: { token.hasPrefix($0) }), month == nil, token.first?.isLetter == true {
        month = index + 1
      } else if token.contains(":"), clock == nil {
        let fields = token.split(separator: ":").map { Int($0) }
        guard fields.count >= 2, fields.count <= 3, fields.allSatisfy({ $0 != nil }) else { return nil }
        clock = (fields[0]!, fields[1]!, fields.count == 3 ? fields[2]! : 0)
      } else if token.first == "+" || token.first == "-", token.count == 5, let value = Int(token.dropFirst()) {
        offset = (token.first == "-" ? -1 : 1) * (value / 100 * 3600 + value % 100 * 60)
      } else if let hours = zones[String(token)] {
        offset = hours * 3600
      } else if let number = Int(token) {
        if day == nil && token.count <= 2 && number >= 1 && number <= 31 {
          day = number
        } else if year == nil {
          year = number
        }
      }
    }
    guard let day, let month, var year, let clock else { return nil }
    if year < 50 && String(year).count <= 2 { year += 2000 } else if year < 1000 { year += 1900 }
    // Years and clock fields out of any real range are damage, not dates (a year of 10^15 also
    // overflowed the day arithmetic: found by the fuzzer).
    guard (1...9999).contains(year), (0..<24).contains(clock.0), (0..<60).contains(clock.1), (0...60).contains(clock.2)
    else {
      return nil
    }
    let moment = CivilTime(
      date: CivilDate(year: year, month: month, day: day), hour: clock.0, minute: clock.1, second: min(clock.2, 59))
    let seconds = moment.secondsSince1970 - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// `date` as RFC 5322 writes it, in the zone `offsetSeconds` east of UTC:
  /// `Sun, 22 Nov 2026 09:00:00 +0100`.
  public static func format(_ date: Date, offsetSeconds: Int) -> String {
    let local = CivilTime(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds)
    let weekday = CivilDate.weekdayAbbreviations[local.weekday]
    let sign = offsetSeconds < 0 ? "-" : "+"
    let zone = abs(offsetSeconds) / 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let (day, month, year) = (local.date.day, CivilDate.monthAbbreviations[local.date.month - 1], local.date.year)
    let clock = "\(two(local.hour)):\(two(local.minute)):\(two(local.second))"
    return "\(weekday), \(day) \(month) \(year) \(clock) \(sign)\(two(zone / 60))\(two(zone % 60))"
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
