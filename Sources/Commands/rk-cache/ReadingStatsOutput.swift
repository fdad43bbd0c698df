import Foundation
import Localization
import OfflineStore
import ToolKit
import Wire

/// What `stats --reading` writes for scripts (the `reading_stats` record) and for people (the
/// table with a bar for each day); the page is `ReadingStatsPage`.
enum ReadingStatsOutput {
  /// Minutes to two decimals: sums of fractions leave float noise (5 + 3 adds up to
  /// 8.000000000000002), which a record must not show.
  static func rounded(_ minutes: Double) -> Double { (minutes * 100).rounded() / 100 }

  static func record(_ stats: ReadingStats) -> ReadingStatsRecord {
    func shares(_ shares: [ReadingStats.Share]) -> [ReadingStatsRecord.Share] {
      shares.map { .init(name: $0.name, minutes: rounded($0.minutes)) }
    }
    return ReadingStatsRecord(
      since: stats.since, minutesOffline: rounded(stats.offline), minutesOnline: rounded(stats.online),
      articles: stats.articles.map {
        .init(
          id: $0.id, title: $0.title, minutes: rounded($0.minutes), offlineMinutes: rounded($0.offline),
          onlineMinutes: rounded($0.online), progress: $0.progress)
      },
      labels: shares(stats.labels), sites: shares(stats.sites), authors: shares(stats.authors),
      days: stats.days.map { .init(date: $0.date, offline: rounded($0.offline), online: rounded($0.online)) })
  }

  /// How many of each list the table and the page show.
  static let top = 10
  /// The longest bar of the chart, in columns.
  static let barWidth = 40
  static let offlineBlock: Character = "█"
  static let onlineBlock: Character = "▒"

  /// The totals, a bar for each day with reading, and the most read articles, labels, sites and
  /// authors; one line when nothing was read.
  static func table(_ stats: ReadingStats) -> String {
    guard !stats.days.isEmpty else { return nothingRead(since: stats.since) + "\n" }
    var text = totals(stats) + "\n\n"
    let (full, shade) = (String(offlineBlock), String(onlineBlock))
    // TRANSLATORS: the legend of the bar chart of "rk-cache stats --reading"; {0} and {1} are
    // the characters the bars are drawn with.
    text += tr("\(full) read offline, \(shade) read online") + "\n"
    let widest = widest(stats.days)
    text += Formatting.table(stats.days.map { [date($0.date), bar($0, widest: widest), minutes($0)] })
    let headings = headings
    text += "\n" + Formatting.table([headings.articles] + stats.articles.prefix(top).map(row))
    for (heading, shares) in [
      (headings.label, stats.labels), (headings.site, stats.sites), (headings.author, stats.authors),
    ]
    where !shares.isEmpty {
      let rows = shares.prefix(top).map { [minutes($0.minutes), $0.name] }
      text += "\n" + Formatting.table([[headings.minutes, heading]] + rows)
    }
    return text
  }

  /// `2 h 5 min read: 1 h 20 min offline, 45 min online`, with the start of the count when there is one.
  static func totals(_ stats: ReadingStats) -> String {
    let (total, offline, online) = (
      minutes(stats.offline + stats.online), minutes(stats.offline), minutes(stats.online)
    )
    guard let since = stats.since else {
      // TRANSLATORS: the first line of "rk-cache stats --reading"; {0}, {1} and {2} are durations
      // such as "1 h 5 min".
      return tr("\(total) read: \(offline) offline, \(online) online")
    }
    let start = localTime(since)
    // TRANSLATORS: as "{0} read: {1} offline, {2} online", counted from {1}, a date and time.
    return tr("\(total) read since \(start): \(offline) offline, \(online) online")
  }

  static func nothingRead(since: Date?) -> String {
    guard let since else {
      // TRANSLATORS: "rk-cache stats --reading" when the reading record is empty.
      return tr("nothing read yet: reading counts from the first change of progress that rk-cache mark or a sync sees")
    }
    let start = localTime(since)
    return tr("nothing read since \(start)")
  }

  /// The headings of the tables, in the reader's language.
  static var headings: (articles: [String], minutes: String, label: String, site: String, author: String) {
    // TRANSLATORS: the headings of the tables of "rk-cache stats --reading": minutes read in all,
    // offline, online, the article's progress, its id and title; then label, site and author.
    let minutes = tr("MINUTES")
    return (
      [minutes, tr("OFFLINE"), tr("ONLINE"), tr("PROGRESS"), tr("ID"), tr("TITLE")], minutes, tr("LABEL"),
      tr("SITE"), tr("AUTHOR")
    )
  }

  static func row(_ article: ReadingStats.Article) -> [String] {
    let progress = article.progress
    return [
      minutes(article.minutes), minutes(article.offline), minutes(article.online),
      // TRANSLATORS: an article's reading progress in percent.
      tr("\(progress)%"), article.id, article.title,
    ]
  }

  static func widest(_ days: [ReadingStats.Day]) -> Double { days.map { $0.offline + $0.online }.max() ?? 0 }

  /// The day's bar scaled to `widest`: offline first, then online; a side with any reading shows
  /// at least one column, so that no minute read vanishes from the chart.
  static func bar(_ day: ReadingStats.Day, widest: Double) -> String {
    let (offline, online) = columns(day, widest: widest, width: barWidth)
    return String(repeating: offlineBlock, count: offline) + String(repeating: onlineBlock, count: online)
  }

  /// How many of `width` columns each side of `day` takes, the widest day filling them all (one
  /// more when a side's sliver is raised to a column).
  static func columns(_ day: ReadingStats.Day, widest: Double, width: Int) -> (offline: Int, online: Int) {
    guard widest > 0 else { return (0, 0) }
    func scaled(_ minutes: Double) -> Int { Int((minutes / widest * Double(width)).rounded()) }
    var offline = scaled(day.offline)
    var online = scaled(day.offline + day.online) - offline
    if day.offline > 0 { offline = max(1, offline) }
    if day.online > 0 { online = max(1, online) }
    return (offline, online)
  }

  static func minutes(_ day: ReadingStats.Day) -> String { minutes(day.offline + day.online) }

  /// `45 min`, `2,5 Min.`, `1 h 20 min`: tenths under an hour, whole minutes above.
  static func minutes(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    if tenths < 600 {
      let number = tenths % 10 == 0 ? String(tenths / 10) : Formatted.tenths(tenths)
      return tr("\(number) min")
    }
    let whole = Int(value.rounded())
    let (hours, rest) = (whole / 60, whole % 60)
    // TRANSLATORS: a duration of an hour or more, as "rk-cache stats --reading" shows minutes read.
    return tr("\(hours) h \(rest) min")
  }

  /// `2026-12-06` as the reader writes a day (`06.12.2026`).
  static func date(_ day: String) -> String {
    let parts = day.split(separator: "-").map(String.init)
    guard parts.count == 3 else { return day }
    let (year, month, dayOfMonth) = (parts[0], parts[1], parts[2])
    // TRANSLATORS: a calendar day; {0} is the year, {1} the month, {2} the day, with leading zeros.
    return tr("\(year)-\(month)-\(dayOfMonth)")
  }

  /// A moment as a day and time in the local time zone, as the reader writes them.
  static func localTime(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ number: Int?) -> String { (number ?? 0) < 10 ? "0\(number ?? 0)" : "\(number ?? 0)" }
    let (year, month, day, hour, minute) = (
      String(parts.year ?? 0), two(parts.month), two(parts.day), two(parts.hour), two(parts.minute)
    )
    // The message of `Formatted.dateTime`, so that both read alike.
    return tr("\(year)-\(month)-\(day) \(hour):\(minute)")
  }
}
