public import Foundation
import Localization
public import Wire

/// What a reader is shown about an article, taken from the bookmark as the server sent it.
public struct ArticleInfo: Sendable, Equatable {
  public var id: String
  public var title: String
  public var siteName: String?
  public var authors: [String]
  public var published: Date?
  /// Minutes, as the server estimated them.
  public var readingMinutes: Int?
  public var url: String?
  /// BCP 47, as the server detected it.
  public var language: String?
  /// `ltr` or `rtl`.
  public var direction: String?
  public var labels: [String]
  public var cachedAt: Date
  /// HTML plus images, as the store counts them.
  public var bytes: Int

  public init(
    id: String, title: String, siteName: String? = nil, authors: [String] = [], published: Date? = nil,
    readingMinutes: Int? = nil, url: String? = nil, language: String? = nil, direction: String? = nil,
    labels: [String] = [], cachedAt: Date, bytes: Int = 0
  ) {
    self.id = id
    self.title = title
    self.siteName = siteName
    self.authors = authors
    self.published = published
    self.readingMinutes = readingMinutes
    self.url = url
    self.language = language
    self.direction = direction
    self.labels = labels
    self.cachedAt = cachedAt
    self.bytes = bytes
  }

  /// Reads the fields Readeck's bookmark object has; any of them may be missing or of another type.
  public init(id: String, bookmark: JSONObject, cachedAt: Date, bytes: Int) {
    func text(_ key: String) -> String? {
      guard let value = bookmark[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
      else { return nil }
      return value
    }
    let minutes = bookmark["reading_time"]?.intValue.map(Int.init)
    self.init(
      id: id, title: text("title") ?? id, siteName: text("site_name") ?? text("site"),
      authors: bookmark["authors"]?.arrayValue?.compactMap(\.stringValue).filter { !$0.isEmpty } ?? [],
      published: text("published").flatMap(RFC3339.date(from:)), readingMinutes: minutes.flatMap { $0 > 0 ? $0 : nil },
      url: text("url"), language: text("lang"),
      direction: text("text_direction").flatMap { $0 == "rtl" || $0 == "ltr" ? $0 : nil },
      labels: bookmark["labels"]?.arrayValue?.compactMap(\.stringValue) ?? [], cachedAt: cachedAt, bytes: bytes)
  }

  /// `2026-03-01`, in UTC.
  public static func day(_ date: Date) -> String {
    let civil = CivilDate(daysSince1970: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(civil.year)-\(two(civil.month))-\(two(civil.day))"
  }

  /// `4 min`: the reading time in the user's language.
  static func readingTime(_ minutes: Int) -> String {
    // TRANSLATORS: an article's reading time in minutes, in the byline of a page or a book chapter
    // and in the index of an exported folder of pages.
    tr("\(minutes) min")
  }

  /// Site, authors, published day and reading time, the parts there are: `Example Blog · Jane
  /// Doe · 2026-03-01 · 4 min`.
  public var byline: String {
    var parts: [String] = []
    if let siteName { parts.append(siteName) }
    if !authors.isEmpty { parts.append(authors.joined(separator: ", ")) }
    if let published { parts.append(Self.day(published)) }
    if let readingMinutes { parts.append(Self.readingTime(readingMinutes)) }
    return parts.joined(separator: " · ")
  }
}
