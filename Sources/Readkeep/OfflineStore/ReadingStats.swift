public import Foundation
import GRDB

/// What the reading record adds up to since a date: minutes read offline and online, by article,
/// label, site, author and day. Each step's minutes count in full for every label and author of
/// its article, so those lists do not add up to the total.
public struct ReadingStats: Sendable, Equatable {
  public struct Article: Sendable, Equatable {
    public var id: String
    public var title: String
    public var offline: Double
    public var online: Double
    /// The last progress the store saw, 0–100.
    public var progress: Int
    public var minutes: Double { offline + online }
  }

  /// A label, site or author and the minutes read of its articles.
  public struct Share: Sendable, Equatable {
    public var name: String
    public var minutes: Double
  }

  public struct Day: Sendable, Equatable {
    /// `2026-12-06`, in the time zone asked for.
    public var date: String
    public var offline: Double
    public var online: Double
  }

  public var since: Date?
  public var offline: Double
  public var online: Double
  /// Most read first.
  public var articles: [Article]
  public var labels: [Share]
  public var sites: [Share]
  public var authors: [Share]
  /// The days with reading, oldest first.
  public var days: [Day]
}

extension OfflineStore {
  /// The reading record since `since` (all of it when nil); days are cut in `timeZone`.
  public func readingStats(since: Date?, timeZone: TimeZone = .current) throws -> ReadingStats {
    let from = since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
    return try reading { db in
      let steps = try Row.fetchAll(
        db,
        sql: """
          SELECT s.bookmark_id, s.at, s.side, s.minutes, a.title, a.site, a.authors, a.labels, a.progress
          FROM reading_step s JOIN reading_article a ON a.id = s.bookmark_id
          WHERE s.at >= ? ORDER BY s.at, s.n
          """,
        arguments: [from])
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      var articles: [String: ReadingStats.Article] = [:]
      var labels: [String: Double] = [:]
      var sites: [String: Double] = [:]
      var authors: [String: Double] = [:]
      var days: [String: ReadingStats.Day] = [:]
      var total = (offline: 0.0, online: 0.0)
      for step in steps {
        let id: String = step["bookmark_id"]
        let minutes: Double = step["minutes"]
        let offline = (step["side"] as String) == ReadingSide.offline.rawValue
        var article =
          articles[id] ?? .init(id: id, title: step["title"], offline: 0, online: 0, progress: step["progress"])
        let date = Self.day(Date(timeIntervalSince1970: step["at"]), calendar)
        var day = days[date] ?? .init(date: date, offline: 0, online: 0)
        if offline {
          article.offline += minutes
          day.offline += minutes
          total.offline += minutes
        } else {
          article.online += minutes
          day.online += minutes
          total.online += minutes
        }
        articles[id] = article
        days[date] = day
        for label in Set(Self.strings(Self.parse(step["labels"]))) { labels[label, default: 0] += minutes }
        for author in Set(Self.strings(Self.parse(step["authors"]))) { authors[author, default: 0] += minutes }
        if let site = step["site"] as String?, !site.isEmpty { sites[site, default: 0] += minutes }
      }
      func ranked(_ shares: [String: Double]) -> [ReadingStats.Share] {
        shares.map { ReadingStats.Share(name: $0.key, minutes: $0.value) }
          .sorted { ($1.minutes, $0.name) < ($0.minutes, $1.name) }
      }
      return ReadingStats(
        since: since, offline: total.offline, online: total.online,
        articles: articles.values.sorted { ($1.minutes, $0.id) < ($0.minutes, $1.id) },
        labels: ranked(labels), sites: ranked(sites), authors: ranked(authors),
        days: days.values.sorted { $0.date < $1.date })
    }
  }

  /// `2026-12-06`: the calendar day of `date`.
  static func day(_ date: Date, _ calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(parts.year ?? 0)-\(two(parts.month ?? 0))-\(two(parts.day ?? 0))"
  }
}
