import Foundation
import Readeck
import ReadeckFake
import Testing
import Wire

/// `ReadeckClient.create` against the fake: the id from the 202's header, the bookmark found again
/// by its creation time, the server's refusal, and one request only, whatever the answer.
@Suite struct ReadeckClientCreateTests {
  @Test func aLinkIsSavedAndFoundAgainByWhenItWasCreated() async throws {
    try await withFake(unread(3)) { harness in
      let client = try harness.client()
      let since = RFC3339.string(from: Date().addingTimeInterval(-1))
      let id = try await client.create(url: "https://example.net/essay", title: "An essay", labels: ["later"])
      #expect(harness.requests(.create).count == 1)
      let page = try await client.bookmarks(BookmarkQuery(state: .all, createdSince: since), offset: 0, limit: 10)
      let found = try #require(page.bookmarks.first)
      #expect(page.bookmarks.count == 1)
      #expect(found["id"]?.stringValue == id)
      #expect(found["url"]?.stringValue == "https://example.net/essay")
      #expect(found["labels"] == ["later"])
    }
  }

  @Test func aRefusedLinkIsAFormErrorNamingTheField() async throws {
    try await withFake(unread(1)) { harness in
      let error = await #expect(throws: ReadeckError.self) {
        try await harness.client().create(url: "ftp://example.org/file")
      }
      guard case .formRejected(let status, _, let form) = error else {
        Issue.record("not a form error: \(String(describing: error))")
        return
      }
      #expect(status == 422)
      #expect(Array(form.fields.keys) == ["url"])
    }
  }

  @Test func aCreateIsSentOnceEvenWhenTheServerFails() async throws {
    try await withFake(unread(1)) { harness in
      harness.fake.inject([.status(503)], on: .create)
      await #expect(throws: ReadeckError.self) {
        try await harness.client(maxRetries: 3).create(url: "https://a.example/")
      }
      #expect(harness.requests(.create).count == 1, "a create that may have reached the server is not sent again")
      #expect(harness.fake.bookmarks.count == 1)
    }
  }
}
