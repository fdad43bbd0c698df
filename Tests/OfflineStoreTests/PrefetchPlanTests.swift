import Testing
import Wire

@testable import OfflineStore

/// The prefetch rule on its own: a library laid out so that only one order is right.
@Suite struct PrefetchPlanTests {
  /// What was read: minutes per label, site and author.
  let profile = PrefetchPlan.Profile(
    labels: ["swift": 30, "rust": 10], sites: ["a.example": 20], authors: ["Ann": 5, "Bob": 7])

  /// An unread article, as Readeck lists it, with the members the rule reads.
  func bookmark(
    labels: [String] = [], site: String = "other.example", authors: [String] = [],
    created: String = "2026-01-01T00:00:00Z",
    progress: Int? = 0, archived: Bool = false, deleted: Bool = false, hasArticle: Bool = true, type: String = "article"
  ) -> JSONObject {
    var object: JSONObject = [
      "labels": .array(labels.map(JSONValue.string)), "site": .string(site),
      "authors": .array(authors.map(JSONValue.string)), "created": .string(created), "is_archived": .bool(archived),
      "is_deleted": .bool(deleted), "has_article": .bool(hasArticle), "type": .string(type), "title": "T",
    ]
    if let progress { object["read_progress"] = .integer(Int64(progress)) }
    return object
  }

  var library: [(id: String, bookmark: JSONObject)] {
    [
      ("older-tie", bookmark(labels: ["swift"], created: "2026-03-01T00:00:00Z")),
      ("low", bookmark(labels: ["rust"], authors: ["Ann"], created: "2026-05-01T00:00:00Z")),
      // 30 + 20 + 5 with its label listed twice; 85 if the label counted twice.
      ("best", bookmark(labels: ["swift", "swift"], site: "a.example", authors: ["Ann"])),
      ("second", bookmark(labels: ["rust"], site: "a.example", authors: ["Bob", "Bob"])),
      ("newer-tie", bookmark(labels: ["swift"], created: "2026-04-01T00:00:00Z")),
      ("newer-tie-b", bookmark(labels: ["swift"], created: "2026-04-01T00:00:00Z")),
      ("nothing-shared", bookmark(labels: ["cooking"], site: "z.example", created: "2026-06-01T00:00:00Z")),
      ("archived", bookmark(labels: ["swift"], site: "a.example", archived: true)),
      ("deleted", bookmark(labels: ["swift"], site: "a.example", deleted: true)),
      ("read", bookmark(labels: ["swift"], site: "a.example", progress: 40)),
      ("cached", bookmark(labels: ["swift"], site: "a.example")),
      ("no-article", bookmark(labels: ["swift"], site: "a.example", hasArticle: false)),
      ("photo", bookmark(labels: ["swift"], site: "a.example", type: "photo")),
    ]
  }

  @Test func candidatesRankByScoreThenNewestThenId() {
    let plan = PrefetchPlan(bookmarks: library, profile: profile, cached: ["cached"])
    #expect(plan.suggestions.map(\.id) == ["best", "second", "newer-tie", "newer-tie-b", "older-tie", "low"])
    #expect(plan.suggestions.map(\.score) == [55, 37, 30, 30, 30, 15])
  }

  @Test func aSuggestionNamesWhatItSharesEachOnce() {
    let plan = PrefetchPlan(bookmarks: library, profile: profile, cached: [])
    let best = plan.suggestions.first { $0.id == "best" }
    #expect(best?.labels == ["swift"] && best?.site == "a.example" && best?.authors == ["Ann"])
    let second = plan.suggestions.first { $0.id == "second" }
    #expect(second?.labels == ["rust"] && second?.authors == ["Bob"])
    let tie = plan.suggestions.first { $0.id == "older-tie" }
    #expect(tie?.site == nil && tie?.authors == [])
  }

  @Test func aBookmarkWithoutProgressCountsAsUnread() {
    let plan = PrefetchPlan(
      bookmarks: [("never-opened", bookmark(labels: ["rust"], progress: nil))], profile: profile, cached: [])
    #expect(plan.suggestions.map(\.id) == ["never-opened"])
  }

  @Test func aBookmarkListedTwiceIsSuggestedOnceAsLastListed() {
    let plan = PrefetchPlan(
      bookmarks: [
        ("twice", bookmark(labels: ["rust"])), ("other", bookmark(labels: ["swift"])),
        ("twice", bookmark(labels: ["swift"], site: "a.example")),
      ],
      profile: profile, cached: [])
    #expect(plan.suggestions.map(\.id) == ["twice", "other"])
    #expect(plan.suggestions.first?.score == 50)
  }

  @Test func aBookmarkArchivedSinceItsFirstListingIsNotSuggested() {
    let plan = PrefetchPlan(
      bookmarks: [("gone", bookmark(labels: ["swift"])), ("gone", bookmark(labels: ["swift"], archived: true))],
      profile: profile, cached: [])
    #expect(plan.suggestions.isEmpty)
  }

  @Test func nothingReadSuggestsNothing() {
    let empty = PrefetchPlan.Profile()
    #expect(empty.isEmpty)
    #expect(PrefetchPlan(bookmarks: library, profile: empty, cached: []).suggestions.isEmpty)
  }

  @Test func theProfileIsTheMinutesOfTheReadingStats() {
    let stats = ReadingStats(
      since: nil, offline: 12, online: 0, articles: [],
      labels: [.init(name: "swift", minutes: 12)], sites: [.init(name: "a.example", minutes: 12)],
      authors: [.init(name: "Ann", minutes: 4.5)], days: [])
    let profile = PrefetchPlan.Profile(stats)
    #expect(profile == .init(labels: ["swift": 12], sites: ["a.example": 12], authors: ["Ann": 4.5]))
    #expect(!profile.isEmpty)
  }
}
