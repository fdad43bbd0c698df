import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import Testing

@testable import ReadeckFake

/// `PATCH /api/bookmarks/{id}` as Readeck 0.22 answers it (ref/readeck-api.md, "Updating").
@Suite struct UpdateRouteTests {
  let id = Fixture.articleID

  func patch(_ client: HTTPClient, _ fake: FakeReadeck, _ body: String, id: String? = nil) async throws -> Answer {
    try await client.send(
      "\(fake.baseURL)/api/bookmarks/\(id ?? self.id)", method: .PATCH,
      headers: jsonAuth + [("Content-Type", "application/json")], body: Array(body.utf8))
  }

  func detail(_ client: HTTPClient, _ fake: FakeReadeck) async throws -> [String: Any] {
    let answer = try await client.send("\(fake.baseURL)/api/bookmarks/\(id)")
    return try #require(try jsonObject(answer.body) as? [String: Any])
  }

  @Test func onlyTheGivenFieldsChangeAndTheAnswerListsThemWithUpdated() async throws {
    try await withFake(Fixture.all) { fake, client in
      let before = try await detail(client, fake)
      let answer = try await patch(client, fake, #"{"is_archived":true,"read_progress":100}"#)
      #expect(answer.status == 200)
      #expect(answer.header("Location") == "\(fake.baseURL)/api/bookmarks/\(id)")
      let body = try #require(try jsonObject(answer.body) as? [String: Any])
      #expect(Set(body.keys) == ["href", "id", "is_archived", "read_anchor", "read_progress", "updated"])
      #expect(body["is_archived"] as? Bool == true)
      #expect(body["read_progress"] as? Int == 100)
      #expect(body["read_anchor"] as? String == "")
      // Keys sorted, as Go writes a map.
      let keys = answer.text.split(separator: ",").compactMap { $0.split(separator: "\"").dropFirst().first }
      #expect(keys.first == "href")

      let after = try await detail(client, fake)
      #expect(after["is_archived"] as? Bool == true)
      #expect(after["read_progress"] as? Int == 100)
      #expect(after["is_marked"] as? Bool == before["is_marked"] as? Bool)
      #expect(after["title"] as? String == before["title"] as? String)
      let updatedBefore = try #require(date(before["updated"] as? String ?? ""))
      let updatedAfter = try #require(date(after["updated"] as? String ?? ""))
      #expect(updatedAfter > updatedBefore)
      #expect(after["updated"] as? String == body["updated"] as? String)
    }
  }

  @Test func labelsAreReplacedThenAddedThenRemovedSortedOnce() async throws {
    try await withFake(Fixture.all) { fake, client in
      let answer = try await patch(
        client, fake, #"{"labels":["b","a"],"add_labels":["c","a"],"remove_labels":["b","zz"]}"#)
      let body = try #require(try jsonObject(answer.body) as? [String: Any])
      #expect(body["labels"] as? [String] == ["a", "c"])
      let added = try await patch(client, fake, #"{"add_labels":["0"],"remove_labels":["c"]}"#)
      #expect((try jsonObject(added.body) as? [String: Any])?["labels"] as? [String] == ["0", "a"])
      #expect(fake.bookmark(id: id)?.labels == ["0", "a"])
    }
  }

  @Test func anEmptyUpdateAnswersHrefAndIDOnly() async throws {
    try await withFake(Fixture.all) { fake, client in
      let before = fake.bookmark(id: id)?.updated
      let answer = try await patch(client, fake, "{}")
      #expect(answer.status == 200)
      let keys = (try jsonObject(answer.body) as? [String: Any]).map { Set($0.keys) }
      #expect(keys == ["href", "id"])
      #expect(fake.bookmark(id: id)?.updated == before)
    }
  }

  @Test func aWrongTypeIs400WithTheFormErrorBodyAndChangesNothing() async throws {
    try await withFake(Fixture.all) { fake, client in
      let answer = try await patch(client, fake, #"{"is_archived":"yes","read_progress":100}"#)
      #expect(answer.status == 400)
      let body = try #require(try jsonObject(answer.body) as? [String: Any])
      #expect(body["is_valid"] as? Bool == false)
      #expect((body["fields"] as? [String: Any])?["is_archived"] != nil)
      #expect(fake.bookmark(id: id)?.readProgress == 0)
      let range = try await patch(client, fake, #"{"read_progress":101}"#)
      #expect(range.status == 400)
    }
  }

  @Test func unknownBookmarksAndMissingTokensAreRefused() async throws {
    try await withFake(Fixture.all) { fake, client in
      let unknown = try await patch(client, fake, #"{"is_archived":true}"#, id: "Zz9Zz9Zz9Zz9Zz9Zz9Zz9")
      #expect(unknown.status == 404)
      let anonymous = try await client.send(
        "\(fake.baseURL)/api/bookmarks/\(id)", method: .PATCH, headers: [("Accept", "application/json")],
        body: Array(#"{"is_archived":true}"#.utf8))
      #expect(anonymous.status == 401)
      #expect(fake.bookmark(id: id)?.isArchived == false)
    }
  }

  @Test func anotherDeviceCanChangeABookmarkBetweenRuns() async throws {
    try await withFake(Fixture.all) { fake, client in
      let later = date("2030-01-01T00:00:00Z")
      #expect(fake.modify(id: id, at: later) { $0.isArchived = true })
      let after = try await detail(client, fake)
      #expect(after["is_archived"] as? Bool == true)
      #expect(after["updated"] as? String == "2030-01-01T00:00:00Z")
      #expect(!fake.modify(id: "Zz9Zz9Zz9Zz9Zz9Zz9Zz9") { $0.isArchived = true })
    }
  }
}
