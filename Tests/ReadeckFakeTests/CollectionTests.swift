import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import ReadeckFake
import Testing

/// Collections as the server serves them: their list, one by id, and the bookmark list
/// narrowed by `collection=ID`.
@Suite struct CollectionTests {
  static let rust = FakeCollection(id: "RustReading000000001", name: "Systems reading", labels: "rust")
  static let archive = FakeCollection(id: "Archived000000000002", name: "Archive", isArchived: true)

  static func bookmarks() -> [FakeBookmark] {
    FakeReadeck.sampleLibrary(count: 6, imagesPerArticle: 0, allUnread: true).enumerated().map { index, bookmark in
      var bookmark = bookmark
      bookmark.labels = index.isMultiple(of: 2) ? ["rust"] : ["go"]
      bookmark.isArchived = index < 2
      return bookmark
    }
  }

  static func ids(_ answer: Answer) throws -> [String] {
    let array = try #require(try jsonObject(answer.body) as? [[String: Any]])
    return array.compactMap { $0["id"] as? String }
  }

  @Test func theListHoldsEveryCollectionByNamePagedWithTheListsHeaders() async throws {
    try await withFake([]) { fake, client in
      fake.setCollections([Self.rust, Self.archive])
      let first = try await client.send("\(fake.baseURL)/api/bookmarks/collections?limit=1")
      #expect(first.status == 200)
      #expect(try Self.ids(first) == [Self.archive.id])
      #expect(first.header("Total-Count") == "2")
      #expect(first.header("Total-Pages") == "2")
      #expect(
        first.values("Link").contains(
          "<\(fake.baseURL)/api/bookmarks/collections?limit=1&offset=1>; rel=\"next\""))
      let all = try await client.send("\(fake.baseURL)/api/bookmarks/collections")
      let objects = try #require(try jsonObject(all.body) as? [[String: Any]])
      #expect(objects.map { $0["name"] as? String } == ["Archive", "Systems reading"])
      #expect(objects[1]["labels"] as? String == "rust")
      #expect(objects[1]["is_archived"] is NSNull)
      #expect(objects[0]["is_archived"] as? Bool == true)
      #expect(objects[1]["href"] as? String == "\(fake.baseURL)/api/bookmarks/collections/\(Self.rust.id)")
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/collections?limit=101").status == 404)
    }
  }

  @Test func oneCollectionIsServedByItsIdAndAnUnknownIdIsNotFound() async throws {
    try await withFake([]) { fake, client in
      fake.setCollections([Self.rust])
      let one = try await client.send("\(fake.baseURL)/api/bookmarks/collections/\(Self.rust.id)")
      #expect(one.status == 200)
      #expect((try jsonObject(one.body) as? [String: Any])?["name"] as? String == "Systems reading")
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/collections/Unknown0000000000001").status == 404)
    }
  }

  @Test func theBookmarkListAppliesTheCollectionsFiltersAndTheQuerysTogether() async throws {
    let library = Self.bookmarks()
    try await withFake(library) { fake, client in
      fake.setCollections([Self.rust, Self.archive])
      let listed = fake.bookmarks
      let rust = try await client.send("\(fake.baseURL)/api/bookmarks?collection=\(Self.rust.id)")
      #expect(try Self.ids(rust) == listed.filter { $0.labels == ["rust"] }.map(\.id))
      #expect(rust.header("Total-Count") == "3")
      let unreadRust = try await client.send(
        "\(fake.baseURL)/api/bookmarks?collection=\(Self.rust.id)&is_archived=false")
      #expect(try Self.ids(unreadRust) == listed.filter { $0.labels == ["rust"] && !$0.isArchived }.map(\.id))
      let archived = try await client.send("\(fake.baseURL)/api/bookmarks?collection=\(Self.archive.id)&labels=go")
      #expect(try Self.ids(archived) == listed.filter { $0.labels == ["go"] && $0.isArchived }.map(\.id))
    }
  }

  @Test func aBookmarkListNamingAnUnknownCollectionIsNotFound() async throws {
    try await withFake(Self.bookmarks()) { fake, client in
      let answer = try await client.send("\(fake.baseURL)/api/bookmarks?collection=Unknown0000000000001")
      #expect(answer.status == 404)
    }
  }
}
