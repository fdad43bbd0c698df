import Foundation
import Readeck
import ReadeckFake
import Testing
import Wire

/// `ArticleSync` against the fake when the server behaves: what it selects, what it fetches and
/// how, and what it emits in which order.
@Suite struct ArticleSyncTests {
  @Test func bulkModeEmitsEveryArticleInListOrderThenTheSummary() async throws {
    let library = unread(12)
    try await withFake(library) { harness in
      let observer = CollectingObserver()
      let (outcome, records) = try await harness.sync(SyncOptions(limit: 0, mode: .bulk), observer: observer)

      let listed = harness.fake.bookmarks
      #expect(records.articleIDs == listed.map(\.id))
      for (article, bookmark) in zip(records.articles, listed) {
        #expect(article.html == expectedHTML(bookmark, on: harness.fake))
        #expect(article.bookmark["title"]?.stringValue == bookmark.title)
      }
      #expect(records.all.count == 13)
      let summary = try #require(records.summary)
      #expect(summary.requested == 12 && summary.fetched == 12 && summary.skipped == 0 && summary.failed.isEmpty)
      #expect(summary.complete)
      #expect(summary.deleted == nil)
      #expect(summary.server == harness.fake.baseURL)
      #expect(outcome.abortedBy == nil)
      #expect(observer.selectedTotals == [12])
      #expect(observer.advancedCount == 12)
      #expect(harness.requests(.bulkSync).count == 1)
      #expect(harness.requests(.article).isEmpty)
    }
  }

  @Test func bulkRecordsFollowTheListOrderNotTheStreamOrder() async throws {
    // Sorted by title the list runs Alpha…Echo; the bulk route, told no order for a title sort,
    // streams by `updated` ascending, which is the exact reverse here.
    let titles = ["Delta", "Alpha", "Echo", "Charlie", "Bravo"]
    let updatedRank = ["Echo": 0, "Delta": 1, "Charlie": 2, "Bravo": 3, "Alpha": 4]
    let library = zip(unread(5), titles).map { bookmark, title in
      var bookmark = bookmark
      bookmark.title = title
      bookmark.updated = date("2026-04-01T00:00:00Z").addingTimeInterval(3600 * Double(updatedRank[title] ?? 0))
      return bookmark
    }
    let idByTitle = Dictionary(uniqueKeysWithValues: library.map { ($0.title, $0.id) })
    try await withFake(library) { harness in
      let options = SyncOptions(query: BookmarkQuery(sort: ["title"]), limit: 0, mode: .bulk)
      let (_, records) = try await harness.sync(options)
      #expect(records.articleIDs == ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].compactMap { idByTitle[$0] })
      let byID = Dictionary(uniqueKeysWithValues: library.map { ($0.id, $0) })
      for article in records.articles {
        #expect(
          article.html == byID[article.id].map { expectedHTML($0, on: harness.fake) }, "each record with its own HTML")
      }
      #expect(records.summary?.fetched == 5)
      #expect(harness.requests(.article).isEmpty)
    }
  }

  @Test func perArticleModeFetchesEachOnceAndEmitsInListOrder() async throws {
    let library = unread(6)
    try await withFake(library) { harness in
      // The first article answers last; its record must still come first.
      harness.fake.inject([.delay(milliseconds: 700)], on: .article, ids: [library[0].id])
      let observer = CollectingObserver()
      let (_, records) = try await harness.sync(
        SyncOptions(limit: 0, mode: .perArticle, concurrency: 3), observer: observer)

      #expect(records.articleIDs == library.map(\.id))
      for (article, bookmark) in zip(records.articles, library) {
        #expect(article.html == expectedHTML(bookmark, on: harness.fake))
      }
      #expect(harness.articleRequestIDs.sorted() == library.map(\.id).sorted())
      #expect(harness.requests(.bulkSync).isEmpty)
      #expect(records.summary?.fetched == 6)
      #expect(records.summary?.complete == true)
      #expect(observer.advancedCount == 6)
    }
  }

  @Test func perArticleRequestsStayWithinTheConcurrency() async throws {
    let library = unread(4)
    try await withFake(library) { harness in
      // Answers take 3 s: long enough that a loaded machine cannot make two concurrent requests
      // look sequential.
      harness.fake.inject(Array(repeating: .delay(milliseconds: 3000), count: 4), on: .article)
      _ = try await harness.sync(SyncOptions(limit: 0, mode: .perArticle, concurrency: 2))
      let arrivals = harness.requests(.article).map(\.receivedAt)
      try #require(arrivals.count == 4)
      // Two go out together; each further one only once an earlier one has answered.
      #expect(arrivals[1] - arrivals[0] < 3, "\(arrivals)")
      #expect(arrivals[2] - arrivals[0] >= 2.99, "\(arrivals)")
      #expect(arrivals[3] - arrivals[1] >= 2.99, "\(arrivals)")
    }
  }

  @Test func skippedIDsAreCountedAndNeverFetched() async throws {
    let library = unread(6)
    let cached: Set = [library[1].id, library[4].id]
    try await withFake(library) { harness in
      let (_, records) = try await harness.sync(SyncOptions(limit: 0, skipIDs: cached, mode: .perArticle))
      let rest = library.map(\.id).filter { !cached.contains($0) }
      #expect(records.articleIDs == rest)
      #expect(Set(harness.articleRequestIDs) == Set(rest))
      let summary = try #require(records.summary)
      #expect(summary.requested == 6 && summary.fetched == 4 && summary.skipped == 2 && summary.complete)
    }
  }

  @Test func aLimitTakesTheNewestAndAsksForNoMore() async throws {
    let library = unread(12)
    try await withFake(library) { harness in
      let (_, records) = try await harness.sync(SyncOptions(limit: 5, mode: .bulk))
      #expect(records.articleIDs == Array(harness.fake.bookmarks.prefix(5).map(\.id)))
      #expect(records.summary?.requested == 5)
      // Every listing asks for 5 (one does; a retry on a loaded machine asks for the same).
      let limits = harness.requests(.list).map { $0.queryValues("limit") }
      #expect(!limits.isEmpty && limits.allSatisfy { $0 == ["5"] })
    }
  }

  @Test func bookmarksAskedForBesidesTheLimitAreFetchedAndOneStillLoadingSkipped() async throws {
    var library = unread(8)
    library[6].loaded = false
    try await withFake(library) { harness in
      let ordered = harness.fake.bookmarks.map(\.id)
      let loading = library[6].id
      let wanted = [ordered[7], ordered[0], loading, ordered[7], "Gone0Gone0Gone0Gone0Go"]
      let (_, records) = try await harness.sync(SyncOptions(limit: 2, alsoIDs: wanted, mode: .perArticle))
      #expect(records.articleIDs == Array(ordered.prefix(2)) + [ordered[7]])
      let summary = try #require(records.summary)
      #expect(summary.requested == 4 && summary.fetched == 3 && summary.skipped == 1 && summary.complete)
    }
  }

  /// A cached article asked for again (its highlights changed) is fetched although cached.
  @Test func bookmarksAskedForAreFetchedEvenWhenSkippedAsCached() async throws {
    try await withFake(unread(4)) { harness in
      let ordered = harness.fake.bookmarks.map(\.id)
      let options = SyncOptions(limit: 2, skipIDs: Set(ordered), alsoIDs: [ordered[1]], mode: .perArticle)
      let (_, records) = try await harness.sync(options)
      #expect(records.articleIDs == [ordered[1]])
      #expect(records.summary?.skipped == 1 && records.summary?.fetched == 1)
    }
  }

  @Test func aLimitBeyondOnePageFollowsThePages() async throws {
    try await withFake(unread(250, imagesPerArticle: 0)) { harness in
      let (_, records) = try await harness.sync(SyncOptions(limit: 150, metadataOnly: true))
      let ids = records.all.compactMap { ($0 as? BookmarkRecord)?.id }
      #expect(ids == Array(harness.fake.bookmarks.prefix(150).map(\.id)))
      #expect(records.summary?.requested == 150)
      #expect(harness.requests(.list).map { $0.queryValues("offset") } == [["0"], ["100"]])
    }
  }

  @Test func metadataOnlyEmitsBookmarksAndFetchesNoArticle() async throws {
    var library = unread(4)
    library[1] = .loading(id: library[1].id, url: library[1].url, created: library[1].created)
    library[2].isDeleted = true
    try await withFake(library) { harness in
      let (_, records) = try await harness.sync(SyncOptions(limit: 0, metadataOnly: true))
      let bookmarks = records.all.compactMap { $0 as? BookmarkRecord }
      // A bookmark still loading has its metadata; one scheduled for deletion is passed over.
      #expect(bookmarks.map(\.id) == [library[0].id, library[1].id, library[3].id])
      #expect(bookmarks.map { $0.bookmark["url"]?.stringValue } == [library[0].url, library[1].url, library[3].url])
      #expect(records.articles.isEmpty)
      let summary = try #require(records.summary)
      #expect(summary.requested == 4 && summary.fetched == 3 && summary.skipped == 1 && summary.complete)
      #expect(harness.requests(.article).isEmpty && harness.requests(.bulkSync).isEmpty)
    }
  }

  @Test(arguments: [FetchMode.bulk, .perArticle])
  func bookmarksWithoutAnArticleToFetchAreSkippedWithAReason(mode: FetchMode) async throws {
    var library = unread(6)
    library[1] = .loading(id: library[1].id, url: library[1].url, created: library[1].created)
    library[3].isDeleted = true
    library[4].hasArticle = false
    try await withFake(library) { harness in
      let observer = CollectingObserver()
      let (_, records) = try await harness.sync(SyncOptions(limit: 0, mode: mode), observer: observer)
      #expect(records.articleIDs == [library[0].id, library[2].id, library[5].id])
      #expect(Set(observer.skippedReasons.keys) == [library[1].id, library[3].id, library[4].id])
      #expect(observer.skippedReasons[library[1].id]?.contains("loading") == true)
      #expect(observer.skippedReasons[library[3].id]?.contains("deletion") == true)
      #expect(observer.skippedReasons[library[4].id]?.contains("no article") == true)
      #expect(observer.selectedTotals == [3])
      let summary = try #require(records.summary)
      #expect(summary.requested == 6 && summary.fetched == 3 && summary.skipped == 3 && summary.complete)
      #expect(harness.articleRequestIDs.allSatisfy { [library[0].id, library[2].id, library[5].id].contains($0) })
    }
  }

  @Test func sinceReportsDeletionsAndSyncsOnlyWhatChanged() async throws {
    var library = unread(6)
    // The sample library's times all lie before March 2026.
    library[0].updated = date("2026-06-02T00:00:00Z")
    library[2].updated = date("2026-06-02T10:00:00Z")
    try await withFake(library) { harness in
      harness.fake.delete(id: library[4].id, at: date("2026-05-01T00:00:00Z"))
      harness.fake.delete(id: library[5].id, at: date("2026-06-03T00:00:00Z"))
      let (_, records) = try await harness.sync(SyncOptions(limit: 0, mode: .bulk, since: "2026-06-01T00:00:00Z"))

      #expect(records.all.first.map { ($0 as? Deleted)?.id } == library[5].id)
      #expect(records.all.count { $0 is Deleted } == 1)
      #expect(records.articleIDs == [library[0].id, library[2].id])
      let summary = try #require(records.summary)
      #expect(summary.deleted == 1)
      #expect(summary.requested == 2 && summary.fetched == 2 && summary.complete)
      #expect(harness.requests(.syncChanges).map { $0.queryValues("since") } == [["2026-06-01T00:00:00Z"]])
    }
  }

  @Test(arguments: [FetchMode.bulk, .perArticle])
  func aBookmarkTheListingRepeatsIsSyncedOnce(mode: FetchMode) async throws {
    // Offset pagination while a bookmark is added: page 2 starts one place earlier and repeats
    // the last bookmark of page 1.
    let everything = unread(103, imagesPerArticle: 0)
    let newcomer = everything[0]
    let library = Array(everything.dropFirst())
    try await withFake(library) { harness in
      harness.fake.inject([.delay(milliseconds: 0), .delay(milliseconds: 1500)], on: .list)
      let records = RecordLog()
      let run = ArticleSync(
        client: try harness.client(), options: SyncOptions(limit: 0, mode: mode, concurrency: 4),
        observer: CollectingObserver())
      let running = Task { try await run.run { records.append($0) } }
      while harness.requests(.list).count < 2 { try await Task.sleep(for: .milliseconds(5)) }
      harness.fake.upsert(newcomer)
      _ = try await running.value

      let pages = harness.requests(.list).map { $0.queryValues("offset") }
      try #require(pages == [["0"], ["100"]], "the repeat needs the second page after the upsert")
      #expect(records.articleIDs == library.map(\.id))
      let summary = try #require(records.summary)
      #expect(summary.requested == 102 && summary.fetched == 102 && summary.complete)
    }
  }
}
