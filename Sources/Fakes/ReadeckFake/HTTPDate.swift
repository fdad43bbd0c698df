import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dates in the forms HTTP headers carry them.
enum HTTPDate {
  private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// IMF-fixdate (`Last-Modified`): `Sun, 01 Mar 2026 12:00:00 GMT`.
  static func imf(_ date: Date) -> String {
    let text = seconds(date)  // 2026-03-01T12:00:00Z
    let utf8 = Array(text.utf8)
    guard utf8.count >= 20, let month = Int(String(decoding: utf8[5..<7], as: UTF8.self)) else { return text }
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let weekday = weekdays[Int(((days % 7) + 7) % 7)]
    let year = String(decoding: utf8[0..<4], as: UTF8.self)
    let day = String(decoding: utf8[8..<10], as: UTF8.self)
    let time = String(decoding: utf8[11..<19], as: UTF8.self)
    return "\(weekday), \(day) \(months[month - 1]) \(year) \(time) GMT"
  }

  /// Go's `time.RFC3339` layout, whole seconds: `2026-03-01T12:00:00Z`.
  static func seconds(_ date: Date) -> String {
    RFC3339.string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
  }
}
