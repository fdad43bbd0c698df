import Foundation
import SQLiteStore
public import Wire

/// Which bookmarks to cache ahead because they are like what was read: the prefetch rule, with
/// nothing fetched or stored.
///
/// The profile is the minutes read per label, site and author over a window of the reading
/// record. A candidate — unread (`read_progress` 0 or missing), neither archived nor deleted, an
/// article (`type` article, `has_article` true) and not cached — scores the sum of the profile's
/// minutes of the labels, site and authors it shares, each once. Best score first; a tie goes to
/// the newest (`created`), then to the smaller id, so the order is total. A score of 0 is never
/// suggested: nothing read says the candidate is wanted.
public struct PrefetchPlan: Sendable {
  /// Minutes read per label, site and author.
  public struct Profile: Sendable, Equatable {
    public var labels: [String: Double]
    public var sites: [String: Double]
    public var authors: [String: Double]

    public init(labels: [String: Double] = [:], sites: [String: Double] = [:], authors: [String: Double] = [:]) {
      self.labels = labels
      self.sites = sites
      self.authors = authors
    }

    /// The profile of the reading that `stats` adds up.
    public init(_ stats: ReadingStats) {
      func minutes(_ shares: [ReadingStats.Share]) -> [String: Double] {
        Dictionary(shares.map { ($0.name, $0.minutes) }, uniquingKeysWith: +)
      }
      self.init(labels: minutes(stats.labels), sites: minutes(stats.sites), authors: minutes(stats.authors))
    }

    /// Nothing was read in the window, so nothing can score.
    public var isEmpty: Bool {
      !(labels.values.contains { $0 > 0 } || sites.values.contains { $0 > 0 } || authors.values.contains { $0 > 0 })
    }
  }

  /// A bookmark worth caching and what it shares with the profile.
  public struct Suggestion: Sendable, Equatable {
    public var id: String
    public var title: String
    /// Minutes: the sum of the profile's minutes of `labels`, `site` and `authors`.
    public var score: Double
    /// The shared labels, in the bookmark's order.
    public var labels: [String]
    /// The bookmark's site when the profile has it.
    public var site: String?
    /// The shared authors, in the bookmark's order.
    public var authors: [String]
  }

  /// Best first.
  public var suggestions: [Suggestion]

  /// - Parameters:
  ///   - bookmarks: the server's bookmark objects, by id; of an id listed twice the last counts
  ///     (it is the later word).
  ///   - cached: the ids the store holds already.
  public init(bookmarks: [(id: String, bookmark: JSONObject)], profile: Profile, cached: Set<String>) {
    var latest: [String: JSONObject] = [:]
    for (id, bookmark) in bookmarks { latest[id] = bookmark }
    var ranked: [(suggestion: Suggestion, created: Date)] = []
    for (id, bookmark) in latest where !cached.contains(id) && Self.isCandidate(bookmark) {
      let suggestion = Self.suggestion(id: id, bookmark, profile: profile)
      guard suggestion.score > 0 else { continue }
      let created = bookmark["created"]?.stringValue.flatMap(RFC3339.date(from:)) ?? .distantPast
      ranked.append((suggestion, created))
    }
    ranked.sort { lhs, rhs in
      if lhs.suggestion.score != rhs.suggestion.score { return lhs.suggestion.score > rhs.suggestion.score }
      if lhs.created != rhs.created { return lhs.created > rhs.created }
      return lhs.suggestion.id < rhs.suggestion.id
    }
    suggestions = ranked.map(\.suggestion)
  }

  /// Unread, kept, an article.
  static func isCandidate(_ bookmark: JSONObject) -> Bool {
    (bookmark["read_progress"]?.intValue ?? 0) == 0 && bookmark["is_archived"]?.boolValue != true
      && bookmark["is_deleted"]?.boolValue != true && bookmark["has_article"]?.boolValue == true
      && bookmark["type"]?.stringValue == "article"
  }

  static func suggestion(id: String, _ bookmark: JSONObject, profile: Profile) -> Suggestion {
    func shared(_ member: String, _ minutes: [String: Double]) -> [String] {
      var seen = Set<String>()
      return (bookmark[member]?.arrayValue ?? []).compactMap(\.stringValue)
        .filter { (minutes[$0] ?? 0) > 0 && seen.insert($0).inserted }
    }
    let labels = shared("labels", profile.labels)
    let authors = shared("authors", profile.authors)
    // The reading record keeps a site as `WholeText.shown` makes it.
    let site = bookmark["site"]?.stringValue.map(WholeText.shown).flatMap { (profile.sites[$0] ?? 0) > 0 ? $0 : nil }
    // Rounded to a thousandth of a minute, so that sums of the same minutes in another order tie.
    let sum =
      labels.reduce(0) { $0 + profile.labels[$1]! } + authors.reduce(0) { $0 + profile.authors[$1]! }
      + (site.map { profile.sites[$0]! } ?? 0)
    return Suggestion(
      id: id, title: bookmark["title"]?.stringValue ?? "", score: (sum * 1000).rounded() / 1000, labels: labels,
      site: site, authors: authors)
  }
}
