import Foundation
import Wire

enum Formatting {
  /// `12.5 MB`, `830 B`: decimal units, as `ls -h --si` and file managers show them.
  static func size(_ bytes: Int) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
  }

  /// `3 h ago`, `2 d ago`, `just now`.
  static func age(of date: Date, now: Date = Date()) -> String {
    let seconds = Int(now.timeIntervalSince(date))
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(seconds / 60) min ago"
    case ..<86_400: return "\(seconds / 3600) h ago"
    default: return "\(seconds / 86_400) d ago"
    }
  }

  /// `4h`, `30m`, `2d`, `90s`, `1w` in seconds.
  static func duration(_ text: String) -> Double? {
    guard let unit = text.last, let number = Double(text.dropLast()), number >= 0 else { return nil }
    switch unit {
    case "s": return number
    case "m": return number * 60
    case "h": return number * 3600
    case "d": return number * 86_400
    case "w": return number * 604_800
    default: return nil
    }
  }

  /// Columns padded to their widest cell; the last column is not padded.
  static func table(_ rows: [[String]]) -> String {
    guard let columns = rows.first?.count else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows { for (index, cell) in row.enumerated() where index < columns - 1 { widths[index] = max(widths[index], cell.count) } }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index < columns - 1 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0) : cell
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  static func day(_ date: Date) -> String { String(RFC3339.string(from: date).prefix(16)).replacingOccurrences(of: "T", with: " ") }
}
