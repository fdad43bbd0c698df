import Foundation
import Readeck
import ReadeckFake
import Testing
import Wire

/// `ReadeckClient` against the fake when all goes well: what each route returns.
@Suite struct ReadeckClientRouteTests {
  @Test func listingFollowsTheNextLinksThroughEveryPage() async throws {
    try await withFake(FakeReadeck.sampleLibrary(count: 250, imagesPerArticle: 0)) { harness in
      let client = try harness.client()
      let everything = BookmarkQuery(state: .all)
      var pages: [BookmarkPage] = [try await client.bookmarks(everything, offset: 0, limit: 100)]
      while let next = pages.last?.next, pages.count < 5 {
        // A stale offset: the link must win over it.
        pages.append(try await client.bookmarks(everything, offset: 0, limit: 100, url: next))
      }

      #expect(pages.map(\.bookmarks.count) == [100, 100, 50])
      #expect(pages.allSatisfy { $0.totalCount == 250 && $0.totalPages == 3 })
      // Readeck writes the link's query with sorted keys.
      #expect(pages[0].next == "\(harness.fake.baseURL)/api/bookmarks?limit=100&offset=100")
      let ids = pages.flatMap(\.bookmarks).compactMap { $0["id"]?.stringValue }
      #expect(ids == harness.fake.bookmarks.map(\.id))
      #expect(harness.requests(.list).map { $0.queryValues("offset") } == [["0"], ["100"], ["200"]])
    }
  }

  @Test func aNextLinkToAnotherOriginIsNotOffered() async throws {
    try await withFake(FakeReadeck.sampleLibrary(count: 30, imagesPerArticle: 0)) { harness in
      // The same server by another name: the fake's links name 127.0.0.1, a different origin.
      let client = try harness.client(server: "http://localhost:\(harness.fake.port)")
      let page = try await client.bookmarks(BookmarkQuery(state: .all), offset: 0, limit: 10)
      #expect(page.bookmarks.count == 10)
      #expect(page.totalPages == 3)
      #expect(page.next == nil)
    }
  }

  @Test func listFiltersAndPagingGoOutAsReadeckQueryParameters() async throws {
    try await withFake(unread(3)) { harness in
      let query = BookmarkQuery(
        state: .unread, excludeMarked: true, label: "long read", types: ["article"], sort: ["title"])
      _ = try await harness.client().bookmarks(query, offset: 20, limit: 10)
      let request = try #require(harness.requests(.list).first)
      #expect(request.queryValues("is_archived") == ["false"])
      #expect(request.queryValues("is_marked") == ["false"])
      #expect(request.queryValues("labels") == ["\"long read\""])
      #expect(request.queryValues("type") == ["article"])
      #expect(request.queryValues("sort") == ["title"])
      #expect(request.queryValues("limit") == ["10"])
      #expect(request.queryValues("offset") == ["20"])
      #expect(request.header("Authorization") == "Bearer \(token)")
      #expect(request.header("Accept") == "application/json")
    }
  }

  @Test func articleIsTheFragmentExactly() async throws {
    let id = "Utf8ArticleWithImage01"
    let bookmark = FakeBookmark(
      id: id, title: "Café", url: "https://example.org/cafe", created: date("2025-06-20T10:53:47Z"),
      articleHTML: "<p>Naïve café — “quoted” 🍵</p>\n<img src=\"{root}/bm/Ut/\(id)/_resources/a.png\">\n",
      images: [.png(name: "a.png", red: 1, green: 2, blue: 3)])
    try await withFake([bookmark]) { harness in
      let html = try await harness.client().article(id: id)
      #expect(html == expectedHTML(bookmark, on: harness.fake))
      #expect(html.contains("\(harness.fake.baseURL)/bm/Ut/\(id)/_resources/a.png"))
    }
  }

  @Test func changesSinceListUpdatesAndDeletionsNewestFirst() async throws {
    let old = FakeBookmark(
      id: "OldBookmarkNotChanged1", title: "Old", url: "https://a.example/1", created: date("2025-01-01T00:00:00Z"))
    let edited = FakeBookmark(
      id: "EditedBookmarkInJune01", title: "Edited", url: "https://a.example/2", created: date("2025-01-02T00:00:00Z"),
      updated: date("2025-06-01T08:30:00.25Z"))
    let gone = FakeBookmark(
      id: "GoneBookmarkDeletedJul", title: "Gone", url: "https://a.example/3", created: date("2025-01-03T00:00:00Z"),
      updated: date("2025-06-15T00:00:00Z"))
    try await withFake([old, edited, gone]) { harness in
      harness.fake.delete(id: gone.id, at: date("2025-07-01T12:00:00Z"))
      let changes = try await harness.client().changes(since: "2025-05-01T00:00:00Z")
      #expect(
        changes.map { [$0.id, $0.time, $0.type] } == [
          [gone.id, "2025-07-01T12:00:00Z", "delete"],
          [edited.id, "2025-06-01T08:30:00.25Z", "update"],
        ])
      #expect(harness.requests(.syncChanges).first?.queryValues("since") == ["2025-05-01T00:00:00Z"])
    }
  }

  @Test func bulkArticlesDeliverEachRequestedArticleAsThePerArticleRouteDoes() async throws {
    let library = unread(8)
    try await withFake(library) { harness in
      let client = try harness.client()
      // Every other bookmark, so that the ids sent are seen to matter.
      let wanted = library.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      var delivered: [(id: String, html: String)] = []
      try await client.bulkArticles(ids: wanted.map(\.id), sort: ["-created"]) { id, html in
        delivered.append((id, html))
      }

      #expect(delivered.map(\.id) == wanted.map(\.id), "each once, newest created first as asked")
      for (bookmark, article) in zip(wanted, delivered) {
        #expect(article.html == expectedHTML(bookmark, on: harness.fake))
        #expect(try await article.html == client.article(id: bookmark.id))
      }
      #expect(harness.requests(.bulkSync).count == 1)
    }
  }

  @Test func aSlowConsumerDoesNotTimeOutTheBulkStream() async throws {
    // Only silence from the server counts against the stream's limit, not time spent on each part.
    let library = unread(4, imagesPerArticle: 0)
    try await withFake(library) { harness in
      let client = try harness.client(timeout: 1)
      var delivered: [String] = []
      try await client.bulkArticles(ids: library.map(\.id), sort: ["-created"]) { id, _ in
        try await Task.sleep(for: .milliseconds(600))
        delivered.append(id)
      }
      #expect(delivered == library.map(\.id))
      #expect(harness.requests(.bulkSync).count == 1)
    }
  }
}
