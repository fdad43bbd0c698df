import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Dates in the form HTTP headers carry them (`Date`, `Last-Modified`, `Retry-After`).
public enum HTTPDate {
  /// IMF-fixdate, whole seconds in UTC: `Sun, 01 Mar 2026 12:00:00 GMT`.
  public static func imf(_ date: Date) -> String {
    let time = CivilTime(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let clock = "\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
    return
      "\(CivilDate.weekdayAbbreviations[time.weekday]), \(two(time.date.day)) \(CivilDate.monthAbbreviations[time.date.month - 1]) \(time.date.year) \(clock) GMT"
  }
}
