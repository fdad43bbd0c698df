import Foundation
import Readeck
import ReadeckFake
import Testing
import Wire

/// `ArticleSync` when the server, the stream or the consumer fails: fallbacks, counts, aborts.
@Suite struct ArticleSyncFailureTests {
  struct DiskFull: Error, Equatable {}

  @Test func aTruncatedBulkStreamFallsBackOneByOne() async throws {
    let library = unread(5)
    try await withFake(library) { harness in
      harness.fake.inject([.truncateMultipart], on: .bulkSync)
      let observer = CollectingObserver()
      let (outcome, records) = try await harness.sync(SyncOptions(limit: 0, mode: .bulk), observer: observer)

      #expect(records.articleIDs == library.map(\.id))
      for (article, bookmark) in zip(records.articles, library) {
        #expect(article.html == expectedHTML(bookmark, on: harness.fake))
      }
      // The stream's one part never saw its closing delimiter, so every article comes one by one.
      #expect(harness.articleRequestIDs == library.map(\.id))
      #expect(observer.notes.count == 1)
      #expect(records.summary?.fetched == 5)
      #expect(records.summary?.complete == true)
      #expect(outcome.abortedBy == nil)
    }
  }

  @Test func aStalledBulkStreamFallsBackForWhatItDidNotDeliver() async throws {
    let library = unread(6)
    try await withFake(library) { harness in
      // Past the first part, well short of the whole stream.
      let firstPart = expectedHTML(library[0], on: harness.fake).utf8.count
      harness.fake.inject([.stallAfter(bytes: firstPart + 1000)], on: .bulkSync)
      let (_, records) = try await harness.sync(SyncOptions(limit: 0, mode: .bulk), client: harness.client(timeout: 2))

      #expect(records.articleIDs == library.map(\.id))
      // The stream runs newest first, so what it did not deliver is the tail of the list.
      let oneByOne = harness.articleRequestIDs
      #expect(!oneByOne.isEmpty && oneByOne.count < library.count, "\(oneByOne.count) fetched one by one")
      #expect(oneByOne == library.suffix(oneByOne.count).map(\.id))
      #expect(records.summary?.complete == true)
    }
  }

  @Test func autoModeFetchesOneByOneFromAServerWithoutTheBulkRoute() async throws {
    let library = unread(4)
    try await withFake(library) { harness in
      harness.fake.setBulkSyncAvailable(false)
      let observer = CollectingObserver()
      let (_, records) = try await harness.sync(SyncOptions(limit: 0, mode: .auto), observer: observer)
      #expect(records.articleIDs == library.map(\.id))
      #expect(harness.requests(.bulkSync).count == 1)
      #expect(harness.articleRequestIDs == library.map(\.id))
      #expect(observer.notes.count == 1)
      #expect(records.summary?.complete == true)
    }
  }

  @Test func articlesThatKeepFailingAreReportedAndTheRunStillCompletes() async throws {
    let library = unread(5)
    try await withFake(library) { harness in
      harness.fake.inject([.status(404)], on: .article, ids: [library[1].id])
      harness.fake.inject(Array(repeating: .status(500), count: 3), on: .article, ids: [library[3].id])
      let observer = CollectingObserver()
      let (outcome, records) = try await harness.sync(
        SyncOptions(limit: 0, mode: .perArticle), observer: observer)

      #expect(records.articleIDs == [library[0].id, library[2].id, library[4].id])
      let summary = try #require(records.summary)
      #expect(summary.failed.map(\.id) == [library[1].id, library[3].id])
      #expect(summary.failed.map(\.status) == [404, 500])
      #expect(summary.requested == 5 && summary.fetched == 3 && summary.skipped == 0)
      #expect(summary.complete, "every bookmark is accounted for")
      #expect(outcome.abortedBy == nil)
      #expect(Set(observer.failedReasons.keys) == [library[1].id, library[3].id])
      // The 404 is final; the 500 is tried as often as the policy allows.
      #expect(harness.articleRequestIDs.count { $0 == library[1].id } == 1)
      #expect(harness.articleRequestIDs.count { $0 == library[3].id } == 3)
    }
  }

  @Test(arguments: [(FetchMode.bulk, 0), (.perArticle, 2)])
  func anErrorFromEmitEndsTheRunUnchanged(mode: FetchMode, articleRequests: Int) async throws {
    let library = unread(5)
    try await withFake(library) { harness in
      let run = ArticleSync(
        client: try harness.client(), options: SyncOptions(limit: 0, mode: mode), observer: CollectingObserver())
      var emitted: [String] = []
      await #expect(throws: DiskFull()) {
        _ = try await run.run { record in
          guard let article = record as? Article else { return }
          if emitted.count == 1 { throw DiskFull() }
          emitted.append(article.id)
        }
      }
      #expect(emitted == [library[0].id])
      // No fallback after a consumer failure: the second article's was the last request.
      #expect(harness.requests(.article).count == articleRequests)
    }
  }

  @Test func aRejectedTokenEndsTheRunWithoutASummary() async throws {
    try await withFake(unread(2)) { harness in
      let records = RecordLog()
      let run = ArticleSync(
        client: try harness.client(token: "expired"), options: SyncOptions(limit: 0), observer: CollectingObserver())
      await #expect(throws: ReadeckError.tokenRejected(status: 401)) {
        _ = try await run.run { records.append($0) }
      }
      #expect(records.all.isEmpty)
    }
  }

  @Test func aServerGoneMidRunAbortsAsUnreachable() async throws {
    let library = unread(8)
    try await withFake(library) { harness in
      // Slow answers, so the shutdown lands while the run is under way.
      harness.fake.inject(Array(repeating: .delay(milliseconds: 300), count: 8), on: .article)
      let records = RecordLog()
      let run = ArticleSync(
        client: try harness.client(), options: SyncOptions(limit: 0, mode: .perArticle), observer: CollectingObserver())
      let running = Task { try await run.run { records.append($0) } }
      while harness.requests(.article).count < 3 { try await Task.sleep(for: .milliseconds(5)) }
      try await harness.fake.stop()
      let outcome = try await running.value

      guard case .unreachable? = outcome.abortedBy else {
        Issue.record("expected unreachable, got \(String(describing: outcome.abortedBy))")
        return
      }
      let summary = try #require(records.summary)
      #expect(records.summaryCount == 1)
      #expect(!summary.complete)
      #expect(summary.requested == 8)
      #expect(summary.fetched == records.articles.count)
      #expect(summary.fetched >= 2 && summary.fetched < 8)
      #expect(records.articleIDs == library.prefix(summary.fetched).map(\.id))
      #expect(summary.failed.isEmpty, "a lost server is not blamed on the article in flight")
    }
  }
}
