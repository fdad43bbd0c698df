import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct SyncChangesTests {
  private func bookmark(_ id: String, updated: String) -> FakeBookmark {
    FakeBookmark(
      id: id, title: id, url: "https://example.org/\(id)", created: date("2025-01-01T00:00:00Z"), updated: date(updated)
    )
  }

  @Test func sinceListsUpdatesAndDeletionsNewestFirst() async throws {
    let library = [
      bookmark("AAAAAAAAAAAAAAAAAAAAA1", updated: "2025-02-01T00:00:00Z"),
      bookmark("AAAAAAAAAAAAAAAAAAAAA2", updated: "2025-03-01T00:00:00.25Z"),
      bookmark("AAAAAAAAAAAAAAAAAAAAA3", updated: "2025-04-01T00:00:00Z"),
    ]
    try await withFake(library) { fake, client in
      fake.delete(id: "AAAAAAAAAAAAAAAAAAAAA1", at: date("2025-05-01T10:00:00Z"))

      let since = try await client.send("\(fake.baseURL)/api/bookmarks/sync?since=2025-03-01T00:00:00.25Z")
      #expect(since.status == 200)
      #expect(
        since.text
          == #"[{"id":"AAAAAAAAAAAAAAAAAAAAA1","time":"2025-05-01T10:00:00Z","type":"delete"},"#
          + #"{"id":"AAAAAAAAAAAAAAAAAAAAA3","time":"2025-04-01T00:00:00Z","type":"update"},"#
          + #"{"id":"AAAAAAAAAAAAAAAAAAAAA2","time":"2025-03-01T00:00:00.25Z","type":"update"}]"# + "\n")

      let all = try await client.send("\(fake.baseURL)/api/bookmarks/sync")
      let entries = try #require(try jsonObject(all.body) as? [[String: String]])
      #expect(entries.map { $0["id"]! } == ["AAAAAAAAAAAAAAAAAAAAA3", "AAAAAAAAAAAAAAAAAAAAA2"])
      #expect(entries.allSatisfy { $0["type"] == "update" })

      let offset = try await client.send("\(fake.baseURL)/api/bookmarks/sync?since=2025-04-01T02:00:00%2B02:00")
      #expect((try jsonObject(offset.body) as? [Any])?.count == 2, "the +02:00 offset is honoured")

      let deleted = try await client.send("\(fake.baseURL)/api/bookmarks/AAAAAAAAAAAAAAAAAAAAA1")
      #expect(deleted.status == 404)
      let invalid = try await client.send("\(fake.baseURL)/api/bookmarks/sync?since=yesterday")
      #expect(invalid.status == 422)
    }
  }
}
