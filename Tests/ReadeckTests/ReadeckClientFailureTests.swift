import Foundation
import Readeck
import ReadeckFake
import Resilience
import Testing
import Wire

/// `ReadeckClient` against a fake that fails: which failures are retried, how long it waits, and
/// what each becomes as a `ReadeckError`.
@Suite struct ReadeckClientFailureTests {
  @Test func aWrongTokenIsRejectedWithoutRetrying() async throws {
    try await withFake(unread(2)) { harness in
      let client = try harness.client(token: "not-the-token")
      await #expect(throws: ReadeckError.tokenRejected(status: 401)) {
        try await client.bookmarks(BookmarkQuery(), offset: 0, limit: 10)
      }
      #expect(harness.requests(.list).count == 1)
      #expect(harness.retries.all.isEmpty)
    }
  }

  @Test(arguments: [401, 403])
  func aRejectingStatusIsTokenRejected(status: Int) async throws {
    let library = unread(1)
    try await withFake(library) { harness in
      harness.fake.inject([.status(status), .status(status)], on: .article)
      await #expect(throws: ReadeckError.tokenRejected(status: status)) {
        try await harness.client().article(id: library[0].id)
      }
      #expect(harness.requests(.article).count == 1)
    }
  }

  @Test(arguments: [400, 404, 422])
  func aClientErrorIsHTTPWithoutRetrying(status: Int) async throws {
    let library = unread(1)
    try await withFake(library) { harness in
      harness.fake.inject([.status(status), .status(status)], on: .article)
      let error = await #expect(throws: ReadeckError.self) { try await harness.client().article(id: library[0].id) }
      guard case .http(status, _)? = error else {
        Issue.record("expected HTTP \(status), got \(String(describing: error))")
        return
      }
      #expect(harness.requests(.article).count == 1)
      #expect(harness.retries.all.isEmpty)
    }
  }

  @Test func anUnknownBookmarkIsHTTP404() async throws {
    try await withFake(unread(1)) { harness in
      let error = await #expect(throws: ReadeckError.self) {
        try await harness.client().article(id: "NoSuchBookmarkAtAll12")
      }
      #expect(error?.status == 404)
      #expect(harness.requests(.article).count == 1)
    }
  }

  @Test func serviceUnavailableIsRetriedUntilItSucceeds() async throws {
    let library = unread(1)
    try await withFake(library) { harness in
      harness.fake.inject([.status(503), .status(503)], on: .article)
      let html = try await harness.client(maxRetries: 2).article(id: library[0].id)
      #expect(html == expectedHTML(library[0], on: harness.fake))
      #expect(harness.requests(.article).count == 3)
      #expect(harness.retries.all.count == 2)
    }
  }

  @Test func retriesThatRunOutEndWithTheLastStatus() async throws {
    let library = unread(1)
    try await withFake(library) { harness in
      harness.fake.inject([.status(502), .status(500), .status(503)], on: .article)
      let error = await #expect(throws: ReadeckError.self) {
        try await harness.client(maxRetries: 2).article(id: library[0].id)
      }
      #expect(error?.status == 503)
      #expect(harness.requests(.article).count == 3)
    }
  }

  @Test func retryAfterIsWaitedOut() async throws {
    try await withFake(unread(3)) { harness in
      harness.fake.inject([.status(503, retryAfter: "1")], on: .list)
      let page = try await harness.client().bookmarks(BookmarkQuery(), offset: 0, limit: 10)
      #expect(page.bookmarks.count == 3)
      let arrivals = harness.requests(.list).map(\.receivedAt)
      try #require(arrivals.count == 2)
      // The policy's own delay is 10 ms; only the server's Retry-After makes it a second.
      #expect(arrivals[1] - arrivals[0] >= 0.99, "retried after \(arrivals[1] - arrivals[0]) s")
    }
  }

  @Test func aBodyThatStallsIsRetried() async throws {
    let library = unread(3)
    try await withFake(library) { harness in
      harness.fake.inject([.stallAfter(bytes: 40)], on: .list)
      harness.fake.inject([.stallAfter(bytes: 10)], on: .article)
      let client = try harness.client(timeout: 2)
      let page = try await client.bookmarks(BookmarkQuery(), offset: 0, limit: 10)
      #expect(page.bookmarks.compactMap { $0["id"]?.stringValue } == library.map(\.id))
      #expect(try await client.article(id: library[0].id) == expectedHTML(library[0], on: harness.fake))
      // One stall each, so at least one retry each; a machine loaded enough to let the 2 s limit
      // pass on a healthy answer retries more, and every request beyond the first is a retry.
      let sent = harness.requests(.list).count + harness.requests(.article).count
      #expect(harness.requests(.list).count >= 2)
      #expect(harness.requests(.article).count >= 2)
      #expect(harness.retries.all.count == sent - 2)
    }
  }

  @Test func aBulkAnswerThatDoesNotStartInTimeIsRetried() async throws {
    let library = unread(2)
    try await withFake(library) { harness in
      // Far beyond the 2 s limit: the test process's event loops, shared with every other test's
      // servers, can fire the limit seconds late on a loaded machine.
      harness.fake.inject([.delay(milliseconds: 30000)], on: .bulkSync)
      var delivered: [String] = []
      try await harness.client(timeout: 2).bulkArticles(ids: library.map(\.id), sort: ["-created"]) { id, _ in
        delivered.append(id)
      }
      #expect(delivered == library.map(\.id))
      #expect(harness.requests(.bulkSync).count == 2)
    }
  }

  @Test func aBulkStreamCutBeforeItsDelimiterIsInvalidAndNotRetried() async throws {
    let library = unread(4)
    try await withFake(library) { harness in
      harness.fake.inject([.truncateMultipart], on: .bulkSync)
      var delivered: [String] = []
      let error = await #expect(throws: ReadeckError.self) {
        try await harness.client().bulkArticles(ids: library.map(\.id), sort: ["-created"]) { id, _ in
          delivered.append(id)
        }
      }
      guard case .invalidResponse? = error else {
        Issue.record("expected an invalid response, got \(String(describing: error))")
        return
      }
      // Only the first part went out, and where it ends is known from the next delimiter alone,
      // which never came: a part that may be cut short is not handed on.
      #expect(delivered.isEmpty)
      #expect(harness.requests(.bulkSync).count == 1)
    }
  }

  @Test func malformedJSONIsAnInvalidResponse() async throws {
    try await withFake(unread(4)) { harness in
      harness.fake.inject([.malformedJSON], on: .list)
      let error = await #expect(throws: ReadeckError.self) {
        try await harness.client().bookmarks(BookmarkQuery(), offset: 0, limit: 10)
      }
      guard case .invalidResponse? = error else {
        Issue.record("expected an invalid response, got \(String(describing: error))")
        return
      }
    }
  }

  @Test func aRequestTheServerKeepsDroppingFailsAloneWhileTheServerAnswers() async throws {
    let library = unread(2)
    try await withFake(library) { harness in
      harness.fake.inject(Array(repeating: .dropConnection, count: 3), on: .list)
      let client = try harness.client(maxRetries: 2, breaker: CircuitBreaker(threshold: 1, cooldown: 60))
      let first = await #expect(throws: ReadeckError.self) {
        try await client.bookmarks(BookmarkQuery(), offset: 0, limit: 10)
      }
      guard case .unanswered? = first else {
        Issue.record("expected unanswered, got \(String(describing: first))")
        return
      }
      #expect(harness.requests(.list).count == 3)
      #expect(harness.requests(.info).count == 1, "a fresh request asked whether the server answers")
      // The failure opened the circuit (threshold 1), but the server answered: it is closed again.
      _ = try await client.article(id: library[0].id)
    }
  }

  @Test func anOpenCircuitFailsFastWhenTheServerAnswersNothing() async throws {
    let library = unread(2)
    try await withFake(library) { harness in
      harness.fake.inject(Array(repeating: .dropConnection, count: 3), on: .list)
      harness.fake.inject(Array(repeating: .dropConnection, count: 2), on: .info)
      let client = try harness.client(maxRetries: 2, breaker: CircuitBreaker(threshold: 1, cooldown: 60))
      let first = await #expect(throws: ReadeckError.self) {
        try await client.bookmarks(BookmarkQuery(), offset: 0, limit: 10)
      }
      guard case .unreachable? = first else {
        Issue.record("expected unreachable, got \(String(describing: first))")
        return
      }
      // The circuit is open for every route of the host; only the fresh request goes out.
      let second = await #expect(throws: ReadeckError.self) { try await client.article(id: library[0].id) }
      guard case .unreachable? = second else {
        Issue.record("expected unreachable, got \(String(describing: second))")
        return
      }
      #expect(harness.requests(.list).count == 3)
      #expect(harness.requests(.article).isEmpty)
      #expect(harness.requests(.info).count == 2)
    }
  }

  @Test func theTokenAppearsInNoErrorNorMessage() async throws {
    let library = unread(1)
    try await withFake(library) { harness in
      // Also given as the URL's password, where people paste it.
      let client = try harness.client(server: "http://reader:\(token)@127.0.0.1:\(harness.fake.port)")
      #expect(client.server == harness.fake.baseURL)
      harness.fake.inject([.status(503), .status(404)], on: .article)
      harness.fake.inject([.malformedJSON], on: .list)
      harness.fake.inject(Array(repeating: .dropConnection, count: 3), on: .syncChanges)
      var errors: [ReadeckError] = []
      for call in [
        { _ = try await client.article(id: library[0].id) },
        { _ = try await client.bookmarks(BookmarkQuery(), offset: 0, limit: 10) },
        { _ = try await client.changes(since: "2025-01-01T00:00:00Z") },
        { _ = try await harness.client(token: token + "x").article(id: library[0].id) },
      ] as [() async throws -> Void] {
        do { try await call() } catch let error as ReadeckError { errors.append(error) }
      }
      #expect(errors.count == 4)
      #expect(errors.map(\.status) == [404, nil, nil, 401])
      #expect(harness.retries.all.count == 3)
      for text in errors.map(\.description) + harness.retries.all {
        #expect(!text.contains(token), "\(text)")
      }
    }
  }
}
