import Localization

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Sizes, ages and durations as people write and read them, shared by every tool's options and
/// messages. FoundationEssentials only, so that no tool pays for ICU at start-up.
public enum Formatting {
  /// `12.5 MB`, `830 B`: decimal units, as `ls -h --si` and file managers show them. English in
  /// every locale; text for people uses `Formatted.size`, which follows the language.
  public static func size(_ bytes: Int) -> String { Formatted.size(bytes, in: .english) }

  /// `500MB`, `1.5 GB`, `20k`, `4096` (bytes) in bytes; decimal units like `size`, binary ones
  /// (`KiB`, `MiB`, `GiB`) when asked for; nil for anything else.
  public static func bytes(_ text: String) -> Int? {
    let trimmed = text.filter { $0 != " " }
    let digits = trimmed.prefix { $0.isNumber || $0 == "." }
    guard let number = Double(digits), number >= 0 else { return nil }
    let multipliers: [String: Double] = [
      "": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
      "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824, "tib": 1_099_511_627_776,
    ]
    guard let multiplier = multipliers[trimmed.dropFirst(digits.count).lowercased()] else { return nil }
    let value = (number * multiplier).rounded()
    return value < Double(Int.max) ? Int(value) : nil
  }

  /// `3 h ago`, `2 d ago`, `just now`, in English (`Formatted.age` follows the language).
  public static func age(of date: Date, now: Date = Date()) -> String {
    Formatted.age(of: date, now: now, in: .english)
  }

  /// The longest `duration`: a thousand years, far inside what a `Date` or a `Duration` holds, so
  /// that `1e300d` or `infs` is refused instead of trapping where the age is used.
  public static let longestDuration: Double = 1000 * 365.25 * 86_400

  /// `4h`, `30m`, `2d`, `90s`, `1w` in seconds; nil for anything else, and for more than
  /// `longestDuration` ("up to 1000 years" in messages).
  public static func duration(_ text: String) -> Double? {
    guard let unit = text.last, let number = Double(text.dropLast()), number >= 0 else { return nil }
    let multipliers: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
    guard let multiplier = multipliers[unit] else { return nil }
    let seconds = number * multiplier
    return seconds.isFinite && seconds <= longestDuration ? seconds : nil
  }

  /// Columns padded to their widest cell; the last column is not padded. A table row is one line:
  /// the line breaks in a cell (a title of several lines) are shown as one space each run, as
  /// the snippets of a search are.
  public static func table(_ rows: [[String]]) -> String {
    guard let columns = rows.first?.count else { return "" }
    let rows = rows.map { $0.map(oneLine) }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() where index < columns - 1 { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index < columns - 1 ? cell + String(repeating: " ", count: max(0, widths[index] - cell.count)) : cell
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  /// `text` with every run of line breaks (`\n`, `\r\n`, `\r`, U+2028 …) as one space, none at its ends.
  static func oneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// `14 failed (a; b; c; …)`: how many failed and the first `shown` reasons, for a summary line
  /// that stays one line however many fail; in the user's language (`14 fehlgeschlagen (…)`), the
  /// reasons as the caller gives them.
  public static func failures(_ reasons: some Collection<String>, shown: Int = 3) -> String {
    let listed = reasons.prefix(shown).joined(separator: "; ") + (reasons.count > shown ? "; …" : "")
    let count = reasons.count
    // TRANSLATORS: a part of a summary line, after a comma: how many items failed, then the first
    // reasons, separated by semicolons, as in "18 of 20 articles synced, 2 failed (a: …; b: …)".
    return tr(one: "\(count) failed (\(listed))", other: "\(count) failed (\(listed))", count: count)
  }

  /// `2026-11-22 03:04` (UTC), for tables, in English (`Formatted.dateTime` follows the language).
  public static func day(_ date: Date) -> String { Formatted.dateTime(date, in: .english) }
}
