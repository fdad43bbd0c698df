public import ArgumentParser
import Localization
import ToolKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `--since 30d|DATE`: where the reading record's window starts, for the commands that add up
/// reading (`stats --reading`, `suggest`). A duration reaches back from now; a date
/// (`2026-11-01`) starts at its midnight in the person's time zone, as the days of the record
/// are cut there.
public struct ReadingWindow: Sendable, Equatable {
  enum Start: Sendable, Equatable {
    case ago(seconds: Double)
    case day(year: Int, month: Int, day: Int)
  }

  let start: Start

  /// The default window: the last 30 days.
  public static let lastThirtyDays = ReadingWindow(start: .ago(seconds: 30 * 86_400))

  /// The window `text` names, or a `ValidationError` (status 64) saying what is accepted.
  public init(_ text: String) throws {
    if let seconds = Formatting.duration(text) {
      start = .ago(seconds: seconds)
    } else if let day = Self.day(text) {
      start = day
    } else {
      // ArgumentParser says "The value 'x' is invalid for '--since <when>': " before it.
      throw ValidationError(tr("must be a duration (30d, 12h) of up to 1000 years or a date (2026-11-01)"))
    }
  }

  init(start: Start) { self.start = start }

  /// The `transform:` of an `--since` option.
  public static let parse: @Sendable (String) throws -> ReadingWindow = { try ReadingWindow($0) }

  /// The `--since` option's help, which states the default (ArgumentParser shows none for an option
  /// parsed by a `transform:`).
  public static let help = ArgumentHelp(
    tr("Count the reading since this date (2026-11-01) or within this duration (30d, 12h; default: 30d)."),
    valueName: "when")

  /// The first moment of the window.
  public func date(now: Date = Date(), timeZone: TimeZone = .current) -> Date {
    switch start {
    case .ago(let seconds): return now.addingTimeInterval(-seconds)
    case .day(let year, let month, let day):
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      // A day the time zone skips at midnight (a change of offset) starts at its first hour.
      return calendar.date(from: DateComponents(year: year, month: month, day: day))
        ?? calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 1)) ?? now
    }
  }

  /// `2026-11-01`: four digits, two and two, a day the calendar has.
  static func day(_ text: String) -> Start? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      year >= 1, (1...12).contains(month), day >= 1
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return day <= days ? .day(year: year, month: month, day: day) : nil
  }
}
