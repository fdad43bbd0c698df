import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore

/// The reading record on a real store: every rise of progress seen offline (mark) or online (a
/// sync's bookmark or article) adds its share of the article's minutes, once.
@Suite struct ReadingStatsTests {
  /// 2027-01-15T08:00:00Z, and a day later.
  let day1 = Date(timeIntervalSince1970: 1_800_000_000)
  var day2: Date { day1.addingTimeInterval(86_400) }
  var day3: Date { day1.addingTimeInterval(2 * 86_400) }
  let utc = TimeZone(identifier: "UTC")!

  /// A cached article of `minutes` reading time (none when nil) at progress `progress`.
  func cached(
    _ store: OfflineStore, _ id: String, minutes: Int? = 10, words: Int? = nil, progress: Int = 0,
    labels: [String] = [], site: String = "example.org", authors: [String] = ["Jane Doe"], at date: Date
  ) throws {
    var record = article(id, title: "Title \(id)", html: "<p>\(id)</p>", authors: authors, labels: labels)
    record.bookmark["site"] = .string(site)
    record.bookmark["reading_time"] = minutes.map { .integer(Int64($0)) }
    record.bookmark["word_count"] = words.map { .integer(Int64($0)) }
    record.bookmark["read_progress"] = .integer(Int64(progress))
    try store.store(record, now: date)
  }

  /// The server's bookmark of a cached article, as a sync's listing brings it, at `progress`.
  func seenOnServer(_ store: OfflineStore, _ id: String, progress: Int, at date: Date) throws {
    var bookmark = try #require(try store.article(id: id)).bookmark
    bookmark["read_progress"] = .integer(Int64(progress))
    try store.updateMetadata(BookmarkRecord(id: id, bookmark: bookmark, fetchedAt: date), now: date)
  }

  /// What rk-push does once the server confirmed the queued changes of `id`.
  func pushed(_ store: OfflineStore, _ id: String) throws {
    let queued = try store.pendingChanges(ids: [id])
    _ = try store.settle(
      id: id, revisions: Dictionary(uniqueKeysWithValues: queued.map { ($0.change.field, $0.revision) }),
      serverValues: Dictionary(
        uniqueKeysWithValues: queued.compactMap { entry in entry.change.value.map { (entry.change.field, $0) } }))
  }

  @Test func minutesReadOfflineAndOnlineAreCountedOnceEach() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "a", labels: ["swift", "rust"], at: day1)

    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 50), now: day1)  // 5 min offline
    try pushed(store, "a")
    try seenOnServer(store, "a", progress: 50, at: day2)  // the push, seen again: no news
    try seenOnServer(store, "a", progress: 80, at: day2)  // 3 min on the phone
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 60), now: day3)  // back: nothing
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 90), now: day3)  // 3 min offline

    let stats = try store.readingStats(since: nil, timeZone: utc)
    #expect(stats.offline == 8)
    #expect(stats.online == 3)
    #expect(stats.articles.map(\.id) == ["a"])
    #expect(stats.articles.first?.offline == 8 && stats.articles.first?.online == 3)
    #expect(stats.articles.first?.progress == 90)
    #expect(stats.days.map(\.date) == ["2027-01-15", "2027-01-16", "2027-01-17"])
    #expect(stats.days.map(\.offline) == [5, 0, 3])
    #expect(stats.days.map(\.online) == [0, 3, 0])
    #expect(stats.labels == [.init(name: "rust", minutes: 11), .init(name: "swift", minutes: 11)])
    #expect(stats.sites == [.init(name: "example.org", minutes: 11)])
    #expect(stats.authors == [.init(name: "Jane Doe", minutes: 11)])
  }

  @Test func aProgressQueuedForThePushWinsOverTheServersOlderOne() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "a", at: day1)
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 40), now: day1)

    // Before the push, the listing and a refetch of the article still say 0; after it, 40.
    try seenOnServer(store, "a", progress: 0, at: day2)
    try cached(store, "a", progress: 0, at: day2)
    try pushed(store, "a")
    try seenOnServer(store, "a", progress: 40, at: day3)

    let stats = try store.readingStats(since: nil, timeZone: utc)
    #expect(stats.offline == 4)
    #expect(stats.online == 0)
  }

  @Test func withoutAReadingTimeTheWordsCountAtTwoHundredAMinute() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "words", minutes: nil, words: 1_500, at: day1)
    try cached(store, "photo", minutes: nil, at: day1)
    try seenOnServer(store, "words", progress: 100, at: day2)
    try seenOnServer(store, "photo", progress: 100, at: day2)

    let stats = try store.readingStats(since: nil, timeZone: utc)
    #expect(stats.online == 7.5)
    #expect(stats.articles.map(\.id) == ["words"], "nothing to count for an article without words")
  }

  @Test func progressMadeBeforeTheStoreFirstSawABookmarkIsNotCounted() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "half", progress: 50, at: day1)
    var unknown = try #require(try store.article(id: "half")).bookmark
    unknown["id"] = "never-cached"
    unknown["read_progress"] = 60
    try store.updateMetadata(BookmarkRecord(id: "never-cached", bookmark: unknown, fetchedAt: day1), now: day1)
    #expect(try store.readingStats(since: nil).articles.isEmpty)

    // From then on both are followed, the one never cached too.
    try seenOnServer(store, "half", progress: 70, at: day2)
    unknown["read_progress"] = 100
    try store.updateMetadata(BookmarkRecord(id: "never-cached", bookmark: unknown, fetchedAt: day2), now: day2)
    #expect(try store.readingStats(since: nil).online == 2 + 4)
  }

  @Test func pruningAnArticleKeepsWhatWasReadOfItAndFollowsItStill() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "a", at: day1)
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 30), now: day1)
    try pushed(store, "a")
    let bookmark = try #require(try store.article(id: "a")).bookmark
    _ = try store.remove(ids: ["a"])
    #expect(try store.readingStats(since: nil).offline == 3)

    var later = bookmark
    later["read_progress"] = 100
    try store.updateMetadata(BookmarkRecord(id: "a", bookmark: later, fetchedAt: day2), now: day2)
    let stats = try store.readingStats(since: nil)
    #expect(stats.offline == 3 && stats.online == 7)
    #expect(stats.articles.first?.title == "Title a")
  }

  @Test func sinceCutsByTheTimeOfEachStepAndDaysFollowTheTimeZone() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "a", at: day1)
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 10), now: day1)
    // 23:30 UTC is already the next day in Berlin.
    let lateEvening = day2.addingTimeInterval(15.5 * 3_600)
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 30), now: lateEvening)

    #expect(try store.readingStats(since: day2, timeZone: utc).offline == 2)
    #expect(try store.readingStats(since: lateEvening.addingTimeInterval(1)).articles.isEmpty)
    let berlin = try store.readingStats(since: nil, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    #expect(berlin.days.map(\.date) == ["2027-01-15", "2027-01-17"])
    #expect(try store.readingStats(since: nil, timeZone: utc).days.map(\.date) == ["2027-01-15", "2027-01-16"])
  }

  @Test func labelsSitesAndAuthorsAreRankedByTheirMinutesThenByName() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try cached(store, "a", labels: ["go"], site: "a.example", authors: ["Ann", "Bo"], at: day1)
    try cached(store, "b", minutes: 20, labels: ["go", "db"], site: "b.example", authors: ["Bo"], at: day1)
    _ = try store.mark(ids: ["a"], BookmarkEdit(progress: 100), now: day1)  // 10
    _ = try store.mark(ids: ["b"], BookmarkEdit(progress: 50), now: day1)  // 10

    let stats = try store.readingStats(since: nil)
    #expect(stats.articles.map(\.id) == ["a", "b"], "a tie goes by id")
    #expect(stats.labels == [.init(name: "go", minutes: 20), .init(name: "db", minutes: 10)])
    #expect(stats.sites == [.init(name: "a.example", minutes: 10), .init(name: "b.example", minutes: 10)])
    #expect(stats.authors == [.init(name: "Bo", minutes: 20), .init(name: "Ann", minutes: 10)])
  }
}
