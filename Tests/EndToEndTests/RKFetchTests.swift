import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ReadeckFake
import TestSupport
import Testing
import Wire

/// `rk-fetch` built and run against the fake Readeck server over loopback.
@Suite(.serialized) struct RKFetchTests {
  static let token = "rdk-e2e-5ecret-t0ken"

  private func withServer(_ bookmarks: [FakeBookmark], _ body: (FakeReadeck) async throws -> Void) async throws {
    try await withReadeck(bookmarks, token: Self.token, body)
  }

  private func fetch(_ fake: FakeReadeck, _ arguments: [String] = [], stdin: String = "", token: String = token) throws
    -> ToolRun
  {
    let result = try run(
      "rk-fetch", ["--server", fake.baseURL, "--retry-delay", "0.2"] + arguments,
      environment: ["READECK_TOKEN": token], stdin: stdin)
    #expect(!result.stdout.contains(token) && !result.stderr.contains(token), "the token was printed")
    return result
  }

  /// What the server lists, fetched by a plain client: the bookmark objects records must carry.
  private func listed(_ fake: FakeReadeck, limit: Int) async throws -> [JSONValue] {
    var request = HTTPClientRequest(url: fake.baseURL + "/api/bookmarks?is_archived=false&limit=\(limit)")
    request.headers.add(name: "Authorization", value: "Bearer " + Self.token)
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 64 << 20)
    return try Array(body.readableBytesView).withUnsafeBytes { try WireCoding.parse($0) }.arrayValue ?? []
  }

  private func expectedHTML(_ bookmark: FakeBookmark, _ fake: FakeReadeck) -> String {
    bookmark.articleHTML.replacingOccurrences(of: "{root}", with: fake.baseURL)
  }

  private func articleRequests(_ fake: FakeReadeck) -> [FakeRequest] {
    fake.requests.filter { $0.method == "GET" && $0.path.hasSuffix("/article") }
  }

  @Test(arguments: [0, 1, 20, 250])
  func syncsEveryUnreadArticleInTheServersOrder(count: Int) async throws {
    let library = FakeReadeck.sampleLibrary(count: count, imagesPerArticle: 1, allUnread: true)
    try await withServer(library) { fake in
      let result = try fetch(fake, ["--limit", "0"])
      #expect(result.status == 0, "\(result.stderr)")
      let articles = result.records(kind: "article")
      #expect(articles.map { $0["id"]?.stringValue } == library.map(\.id))
      for (article, bookmark) in zip(articles, library) {
        #expect(article["html"]?.stringValue == expectedHTML(bookmark, fake))
      }
      let listRequests = fake.requests.filter { $0.path == "/api/bookmarks" }
      #expect(listRequests.count == max(1, (count + 99) / 100))
      let server = try await listed(fake, limit: 100)
      for (article, listedBookmark) in zip(articles, server) {
        #expect(article["bookmark"] == listedBookmark)
      }
      let summary = try #require(result.summary)
      #expect(result.records.last == summary)
      #expect(summary["requested"] == .integer(Int64(count)))
      #expect(summary["fetched"] == .integer(Int64(count)))
      #expect(summary["skipped"] == 0)
      #expect(summary["failed"] == [])
      #expect(summary["complete"] == true)
      #expect(summary["server"]?.stringValue == fake.baseURL)
      #expect(result.stderr.contains("\(count) of \(count) articles synced"))
    }
  }

  @Test func bulkAndPerArticleModesGiveIdenticalRecords() async throws {
    try await withServer(FakeReadeck.sampleLibrary(count: 12, imagesPerArticle: 2, allUnread: true)) { fake in
      let bulk = try fetch(fake, ["--mode", "bulk"])
      #expect(articleRequests(fake).isEmpty)
      let perArticle = try fetch(fake, ["--mode", "per-article", "--concurrency", "4"])
      #expect(articleRequests(fake).count == 12)
      #expect(bulk.status == 0 && perArticle.status == 0)
      func comparable(_ run: ToolRun) -> [JSONValue] {
        run.records(kind: "article").map { record in
          guard case .object(var members) = record else { return record }
          members["fetched_at"] = nil
          return .object(members)
        }
      }
      #expect(comparable(bulk).count == 12)
      #expect(comparable(bulk) == comparable(perArticle))
    }
  }

  @Test func theLimitTakesTheNewestAndSkippedIdsAreNotReplaced() async throws {
    let library = FakeReadeck.sampleLibrary(count: 10, allUnread: true)
    try await withServer(library) { fake in
      let skip = [library[1].id, library[3].id, "not-a-listed-id"].joined(separator: "\n") + "\n"
      let result = try fetch(fake, ["--limit", "5", "--skip-ids", "-", "--mode", "per-article"], stdin: skip)
      #expect(result.status == 0)
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == [0, 2, 4].map { library[$0].id })
      #expect(Set(articleRequests(fake).compactMap(\.bookmarkID)) == Set([0, 2, 4].map { library[$0].id }))
      #expect(result.summary?["requested"] == 5)
      #expect(result.summary?["skipped"] == 2)
      #expect(result.summary?["fetched"] == 3)
    }
  }

  @Test func loadingArticlelessAndDeletedBookmarksAreSkipped() async throws {
    var library = FakeReadeck.sampleLibrary(count: 5, allUnread: true)
    library[1].loaded = false
    library[2].hasArticle = false
    library[3].isDeleted = true
    try await withServer(library) { fake in
      let result = try fetch(fake)
      #expect(result.status == 0)
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == [library[0].id, library[4].id])
      #expect(result.summary?["requested"] == 5)
      #expect(result.summary?["skipped"] == 3)
      #expect(result.stderr.contains("skipped \(library[1].id): still loading on the server"))
      #expect(result.stderr.contains("skipped \(library[2].id): has no article"))
      #expect(result.stderr.contains("skipped \(library[3].id): scheduled for deletion on the server"))
      #expect(result.stderr.contains("2 of 5 articles synced, 3 skipped"))
    }
  }

  @Test func transientErrorsAreRetriedWithBackoffMeasuredOnTheServer() async throws {
    let library = FakeReadeck.sampleLibrary(count: 3, allUnread: true)
    try await withServer(library) { fake in
      fake.inject([.status(503), .status(503)], on: .article, ids: [library[1].id])
      let result = try fetch(fake, ["--mode", "per-article"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.records(kind: "article").count == 3)
      let attempts = articleRequests(fake).filter { $0.bookmarkID == library[1].id }.map(\.receivedAt)
      try #require(attempts.count == 3)
      // --retry-delay 0.2: 0.2 s then 0.4 s, each ±10 % jitter. The lower bounds are what backoff
      // promises, and the second's (0.35 s) is above the most the first may wait (0.22 s), so they
      // show the doubling; a loaded machine only makes a wait longer, which the upper bounds allow
      // (comparing the two waits failed when the first timer fired late).
      let first = attempts[1] - attempts[0]
      let second = attempts[2] - attempts[1]
      #expect((0.17..<1.5).contains(first), "first wait \(first)")
      #expect((0.35..<3.0).contains(second), "second wait \(second)")
    }
  }

  @Test(arguments: [FakeFault.resetMidBody, .dropConnection, .delay(milliseconds: 8000)])
  func brokenConnectionsAreRetried(fault: FakeFault) async throws {
    let library = FakeReadeck.sampleLibrary(count: 2, allUnread: true)
    try await withServer(library) { fake in
      fake.inject([fault], on: .article, ids: [library[0].id])
      let result = try fetch(fake, ["--mode", "per-article", "--timeout", "1"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(articleRequests(fake).filter { $0.bookmarkID == library[0].id }.count == 2)
      #expect(result.records(kind: "article").first?["html"]?.stringValue == expectedHTML(library[0], fake))
    }
  }

  @Test func retryAfterIsHonoured() async throws {
    let library = FakeReadeck.sampleLibrary(count: 1, allUnread: true)
    try await withServer(library) { fake in
      fake.inject([.status(429, retryAfter: "1")], on: .article)
      let result = try fetch(fake, ["--mode", "per-article"])
      #expect(result.status == 0)
      let attempts = articleRequests(fake).map(\.receivedAt)
      try #require(attempts.count == 2)
      #expect(attempts[1] - attempts[0] >= 0.95)
    }
  }

  @Test func clientErrorsAreNotRetriedAndCountAsFailed() async throws {
    let library = FakeReadeck.sampleLibrary(count: 3, allUnread: true)
    try await withServer(library) { fake in
      fake.inject([.status(404)], on: .article, ids: [library[0].id])
      let result = try fetch(fake, ["--mode", "per-article"])
      #expect(result.status == 75)
      #expect(articleRequests(fake).filter { $0.bookmarkID == library[0].id }.count == 1)
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == [library[1].id, library[2].id])
      let failed = try #require(result.summary?["failed"]?.arrayValue)
      #expect(failed.count == 1)
      #expect(failed.first?["id"]?.stringValue == library[0].id)
      #expect(failed.first?["status"] == 404)
      #expect(result.summary?["complete"] == true)
      #expect(result.stderr.contains("2 of 3 articles synced, 1 failed"))
    }
  }

  @Test func whenRetriesRunOutTheArticleFails() async throws {
    let library = FakeReadeck.sampleLibrary(count: 2, allUnread: true)
    try await withServer(library) { fake in
      fake.inject([.status(500), .status(500), .status(500)], on: .article, ids: [library[1].id])
      let result = try fetch(fake, ["--mode", "per-article"])
      #expect(result.status == 75)
      #expect(articleRequests(fake).filter { $0.bookmarkID == library[1].id }.count == 3)
      #expect(result.summary?["failed"]?.arrayValue?.first?["status"] == 500)
    }
  }

  @Test func aTruncatedBulkStreamFallsBackToPerArticleRequests() async throws {
    let library = FakeReadeck.sampleLibrary(count: 6, allUnread: true)
    try await withServer(library) { fake in
      fake.inject([.truncateMultipart], on: .bulkSync)
      let result = try fetch(fake)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == library.map(\.id))
      // The stream stops after the first part's bytes without the delimiter that would prove the
      // part complete, so no part is trusted and all six are fetched one by one.
      #expect(articleRequests(fake).count == 6)
      for (record, bookmark) in zip(result.records(kind: "article"), library) {
        #expect(record["html"]?.stringValue == expectedHTML(bookmark, fake))
      }
    }
  }

  @Test func aServerWithoutTheBulkRouteIsSyncedOneByOne() async throws {
    let library = FakeReadeck.sampleLibrary(count: 4, allUnread: true)
    try await withServer(library) { fake in
      fake.setBulkSyncAvailable(false)
      let result = try fetch(fake)
      #expect(result.status == 0)
      #expect(result.records(kind: "article").count == 4)
      #expect(articleRequests(fake).count == 4)
    }
  }

  @Test func aServerThatDiesMidRunAbortsPromptly() async throws {
    let library = FakeReadeck.sampleLibrary(count: 30, allUnread: true)
    // 300 ms per request: 30 articles take 9 s, so the server is gone long before the end even if
    // the polling below waits seconds for a thread.
    let fake = try await FakeReadeck.start(bookmarks: library, token: Self.token, latencyMilliseconds: 300)
    let baseURL = fake.baseURL
    let running = Task {
      try await runInBackground(
        "rk-fetch",
        ["--server", baseURL, "--limit", "0", "--mode", "per-article", "--retry-delay", "0.2", "--timeout", "2"],
        environment: ["READECK_TOKEN": Self.token])
    }
    while articleRequests(fake).count < 5 { try await Task.sleep(for: .milliseconds(10)) }
    try await fake.stop()
    let result = try await running.value
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.seconds < 10)
    let articles = result.records(kind: "article")
    #expect(articles.count >= 4 && articles.count < 30)
    #expect(articles.map { $0["id"]?.stringValue } == library.prefix(articles.count).map(\.id))
    #expect(result.summary?["complete"] == false)
    #expect(result.stderr.contains("unreachable"))
  }

  @Test func aRejectedTokenIs77() async throws {
    try await withServer(FakeReadeck.sampleLibrary(count: 2, allUnread: true)) { fake in
      let wrong = "wrong-t0ken-that-must-not-leak"
      let result = try fetch(fake, token: wrong)
      #expect(result.status == 77)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains("token rejected"))
      #expect(!result.stderr.contains(wrong))
    }
  }

  @Test func missingConfigurationIs78AndSaysWhatToSet() throws {
    let noServer = try run("rk-fetch", [], environment: ["READECK_TOKEN": Self.token])
    #expect(noServer.status == 78)
    #expect(noServer.stderr.contains("READECK_URL"))
    let noToken = try run("rk-fetch", ["--server", "http://127.0.0.1:9"])
    #expect(noToken.status == 78)
    #expect(noToken.stderr.contains("READECK_TOKEN"))
  }

  @Test func aMalformedListAbortsTheRun() async throws {
    try await withServer(FakeReadeck.sampleLibrary(count: 2, allUnread: true)) { fake in
      fake.inject([.malformedJSON], on: .list)
      let result = try fetch(fake)
      #expect(result.status == 75)
      #expect(result.summary?["complete"] == false)
      #expect(result.records(kind: "article").isEmpty)
    }
  }

  @Test func metadataOnlyWritesBookmarkRecordsWithoutArticleRequests() async throws {
    let library = FakeReadeck.sampleLibrary(count: 3, allUnread: true)
    try await withServer(library) { fake in
      let result = try fetch(fake, ["--metadata-only"])
      #expect(result.status == 0)
      #expect(result.records(kind: "bookmark").map { $0["id"]?.stringValue } == library.map(\.id))
      #expect(result.records(kind: "article").isEmpty)
      #expect(!fake.requests.contains { $0.path.contains("/article") || $0.path.hasSuffix("/sync") })
    }
  }

  @Test func sinceReportsDeletionsAndOnlyChangedBookmarks() async throws {
    let library = FakeReadeck.sampleLibrary(count: 4, allUnread: true)
    try await withServer(library) { fake in
      fake.delete(id: library[3].id)
      let result = try fetch(fake, ["--since", "2000-01-01T00:00:00Z"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.records(kind: "deleted").map { $0["id"]?.stringValue } == [library[3].id])
      #expect(result.records(kind: "article").count == 3)
      #expect(result.summary?["deleted"] == 1)
    }
  }

  @Test func aTokenFileReadableByOthersIsUsedWithAWarning() async throws {
    try await withServer(FakeReadeck.sampleLibrary(count: 1, allUnread: true)) { fake in
      let path = TemporaryFolder.path("rk-token")
      try (Self.token + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      defer { TemporaryFolder.remove(path) }
      let result = try run("rk-fetch", ["--server", fake.baseURL, "--token-file", path])
      #expect(result.status == 0)
      #expect(result.stderr.contains("readable by others"))
      #expect(!result.stderr.contains(Self.token))
    }
  }

  @Test func anUnreachableServerFallsBackToTheCachedArticles() async throws {
    let library = FakeReadeck.sampleLibrary(count: 6, allUnread: true)
    let fake = try await FakeReadeck.start(bookmarks: library, token: Self.token)
    let folder = TemporaryFolder.path("rk-fallback")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let synced = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
    #expect(try run("rk-cache", ["store", "--db", db], stdin: synced.stdout).status == 0)
    let baseURL = fake.baseURL
    try await fake.stop()

    let offline = try run(
      "rk-fetch", ["--server", baseURL, "--fallback-cache", db, "--retries", "0"],
      environment: ["READECK_TOKEN": Self.token])
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stderr.contains("rk-fetch: offline: showing 6 saved articles, last sync just now"))
    let articles = offline.records(kind: "article")
    #expect(Set(articles.compactMap { $0["id"]?.stringValue }) == Set(library.map(\.id)))
    #expect(articles.allSatisfy { $0["source"] == "cache" })
    let first = articles[0]["id"]!.stringValue!
    #expect(articles[0]["html"]?.stringValue == (try run("rk-cache", ["html", "--db", db, first]).stdout))
    #expect(offline.summary?["complete"] == false)

    // The selection still applies, and without a store to fall back on it is 69 as before.
    let label = library.flatMap(\.labels).first!
    let labelled = try run(
      "rk-fetch", ["--server", baseURL, "--fallback-cache", db, "--retries", "0", "--label", label, "--limit", "1"],
      environment: ["READECK_TOKEN": Self.token])
    #expect(labelled.records(kind: "article").count == 1)
    #expect(
      labelled.records(kind: "article").first?["bookmark"]?["labels"]?.arrayValue?.contains(.string(label)) == true)
    let without = try run(
      "rk-fetch", ["--server", baseURL, "--retries", "0"], environment: ["READECK_TOKEN": Self.token])
    #expect(without.status == 69)
    #expect(without.records(kind: "article").isEmpty)
  }
}
