import ArticleTestSupport
import Foundation
import GRDB
import Testing
import Wire

@testable import OfflineStore

@Suite struct PruneTests {
  /// a1…a5 cached an hour apart (a1 oldest); a<n> has n paragraphs of 1,000 bytes more than a1.
  private func fiveArticles() throws -> (OfflineStore, String) {
    let (store, folder) = try makeStore()
    for n in 1...5 {
      let html =
        "<p>article \(n)</p>" + String(repeating: "<p>" + String(repeating: "x", count: 993) + "</p>", count: n)
      try store.store(article("a\(n)", title: "Title \(n)", html: html), now: hour(n))
    }
    return (store, folder)
  }

  private func hour(_ n: Int) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + Double(n) * 3600) }

  private func plan(_ store: OfflineStore, _ limits: PruneLimits, _ strategy: PruneStrategy = .fifo, now: Date? = nil)
    throws
    -> [String]
  {
    try store.prunePlan(limits, strategy: strategy, now: now ?? hour(6)).map { "\($0.id):\($0.reason)" }
  }

  @Test func fifoDropsTheOldestCachedFirst() throws {
    let (store, folder) = try fiveArticles()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try plan(store, PruneLimits(keep: 2)) == ["a1:keep", "a2:keep", "a3:keep"])
    #expect(try plan(store, PruneLimits(keep: 5)) == [])
    #expect(try plan(store, PruneLimits(keep: 0)).count == 5)
    // Planning changes nothing.
    #expect(try store.ids().count == 5)
  }

  @Test func lruDropsTheLeastRecentlyReadFirstCountingUnreadFromWhenCached() throws {
    let (store, folder) = try fiveArticles()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.html(id: "a1", now: hour(10))
    _ = try store.html(id: "a2", now: hour(9))
    _ = try store.html(id: "a5", now: hour(8))
    #expect(try plan(store, PruneLimits(keep: 2), .lru) == ["a3:keep", "a4:keep", "a5:keep"])
    // Age for lru is the last read: at hour 6.5 only a3 and a4 have gone unread for 2.4 hours.
    #expect(
      try plan(store, PruneLimits(olderThan: 2.4 * 3600), .lru, now: hour(6).addingTimeInterval(1800)) == [
        "a3:older-than", "a4:older-than",
      ])
  }

  @Test func largestDropsTheLargestFirst() throws {
    let (store, folder) = try fiveArticles()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try plan(store, PruneLimits(keep: 3), .largest) == ["a5:keep", "a4:keep"])
  }

  @Test func maxSizeCountsBytesAsStatsDoes() throws {
    let (store, folder) = try fiveArticles()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sizes = Dictionary(uniqueKeysWithValues: try store.list().map { ($0.id, $0.bytes) })
    let total = sizes.values.reduce(0, +)
    #expect(try store.stats().bytes == total)
    // Exactly at the limit: nothing goes; one byte under: the oldest goes.
    #expect(try plan(store, PruneLimits(maxBytes: total)) == [])
    #expect(try plan(store, PruneLimits(maxBytes: total - 1)) == ["a1:max-size"])
    #expect(
      try plan(store, PruneLimits(maxBytes: sizes["a5"]!), .fifo) == [
        "a1:max-size", "a2:max-size", "a3:max-size", "a4:max-size",
      ])
    #expect(try plan(store, PruneLimits(maxBytes: total - sizes["a5"]!), .largest) == ["a5:max-size"])
    #expect(try plan(store, PruneLimits(maxBytes: 0)).count == 5)
  }

  @Test func limitsCombineEachArticleGoingOnceForTheFirstLimitItBreaks() throws {
    let (store, folder) = try fiveArticles()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sizes = Dictionary(uniqueKeysWithValues: try store.list().map { ($0.id, $0.bytes) })
    // At hour 6, older than 4.5 h: a1. Keep 3 of the other four: a2. Under a4+a5's size: a3.
    let limits = PruneLimits(keep: 3, maxBytes: sizes["a4"]! + sizes["a5"]!, olderThan: 4.5 * 3600)
    #expect(try plan(store, limits) == ["a1:older-than", "a2:keep", "a3:max-size"])
    let removed = try store.prune(try store.prunePlan(limits, strategy: .fifo, now: hour(6)))
    #expect(removed.map(\.id) == ["a1", "a2", "a3"])
    #expect(removed.map(\.bytes) == [sizes["a1"]!, sizes["a2"]!, sizes["a3"]!])
    #expect(removed.first?.title == "Title 1")
    #expect(try store.ids().sorted() == ["a4", "a5"])
    #expect(try store.search("article").count == 2)
  }

  @Test func aSharedImageStaysUntilItsLastArticleIsPruned() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("old", title: "Old", html: PNGs.img(PNGs.one)), now: hour(1))
    try store.store(article("new", title: "New", html: "<p>new</p>" + PNGs.img(PNGs.one)), now: hour(2))
    func blobs() throws -> Int {
      try store.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blob") ?? -1 }
    }

    #expect(try store.prune(store.prunePlan(PruneLimits(keep: 1), strategy: .fifo)).map(\.id) == ["old"])
    #expect(try blobs() == 1)
    #expect(try store.html(id: "new") == "<p>new</p>" + PNGs.img(PNGs.one))
    #expect(try store.prune(store.prunePlan(PruneLimits(keep: 0), strategy: .fifo)).map(\.id) == ["new"])
    #expect(try blobs() == 0)
    #expect(try store.stats().blobBytes == 0)
  }

  @Test func anArticleRemovedMeanwhileIsLeftOut() throws {
    let (store, folder) = try fiveArticles()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let plan = try store.prunePlan(PruneLimits(keep: 3), strategy: .fifo)
    _ = try store.remove(ids: ["a1"])
    #expect(try store.prune(plan).map(\.id) == ["a2"])
  }
}
