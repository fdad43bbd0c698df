import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import Testing

@testable import ReadeckFake

/// `POST /api/bookmarks` as Readeck answers it (ref/readeck-api.md, "Creating"), and the list's
/// `range_start`, which a client uses to find what it created.
@Suite struct CreateRouteTests {
  func create(_ client: HTTPClient, _ fake: FakeReadeck, _ body: String) async throws -> Answer {
    try await client.send(
      "\(fake.baseURL)/api/bookmarks", method: .POST, headers: jsonAuth + [("Content-Type", "application/json")],
      body: Array(body.utf8))
  }

  func detail(_ client: HTTPClient, _ fake: FakeReadeck, _ id: String) async throws -> [String: Any] {
    try #require(try jsonObject(try await client.send("\(fake.baseURL)/api/bookmarks/\(id)").body) as? [String: Any])
  }

  @Test func aLinkIsAcceptedWithItsIdInTheHeadersAndStaysLoadingForTheDelay() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.setCreateLoadDelay(milliseconds: 60_000)
      let answer = try await create(
        client, fake, #"{"url":"https://Example.net/essay#part-2","title":"An essay","labels":["later","later","b"]}"#)
      #expect(answer.status == 202)
      #expect(answer.text == #"{"status":202,"message":"Link submited"}"#)
      let id = try #require(answer.header("Bookmark-Id"))
      #expect(id.count == 22 && id.allSatisfy { $0.isLetter || $0.isNumber })
      #expect(answer.header("Location") == "\(fake.baseURL)/api/bookmarks/\(id)")
      #expect(answer.header("Link") == "<\(fake.baseURL)/bookmarks/\(id)>; rel=\"alternate\"; type=\"text/html\"")

      let loading = try await detail(client, fake, id)
      #expect(loading["loaded"] as? Bool == false)
      #expect(loading["url"] as? String == "https://Example.net/essay", "the fragment removed")
      #expect(loading["title"] as? String == "An essay")
      #expect(loading["labels"] as? [String] == ["b", "later"])
      // Readeck's article handler fails on the archive a loading bookmark does not have yet.
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/\(id)/article").status == 500)
    }
  }

  @Test func aCreatedBookmarkLoadsWithAnArticle() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.setCreateLoadDelay(milliseconds: 0)
      let id = try #require(try await create(client, fake, #"{"url":"https://example.net/b"}"#).header("Bookmark-Id"))
      var loaded = false
      for _ in 0..<500 where !loaded {
        loaded = try await detail(client, fake, id)["loaded"] as? Bool == true
        if !loaded { try await Task.sleep(for: .milliseconds(20)) }
      }
      #expect(loaded)
      let article = try await client.send("\(fake.baseURL)/api/bookmarks/\(id)/article")
      #expect(article.status == 200 && article.text.contains("https://example.net/b"))
    }
  }

  @Test func aBadLinkIsAFormErrorAndNothingIsMade() async throws {
    try await withFake(Fixture.all) { fake, client in
      for body in [#"{"title":"no url"}"#, #"{"url":"ftp://example.org/file"}"#, #"{"url":"https://a b"}"#] {
        let answer = try await create(client, fake, body)
        #expect(answer.status == 422, "\(body)")
        let form = try #require(try jsonObject(answer.body) as? [String: Any])
        #expect(form["is_valid"] as? Bool == false)
        #expect((form["fields"] as? [String: Any])?["url"] != nil)
      }
      let long = "https://example.org/" + String(repeating: "a", count: 1010)
      #expect(try await create(client, fake, #"{"url":"\#(long)"}"#).status == 422)
      #expect(fake.bookmarks.count == Fixture.all.count)
      let unauthorized = try await client.send(
        "\(fake.baseURL)/api/bookmarks", method: .POST, headers: [("Content-Type", "application/json")],
        body: Array(#"{"url":"https://example.org/"}"#.utf8))
      #expect(unauthorized.status == 401)
    }
  }

  @Test func rangeStartListsWhatWasCreatedSince() async throws {
    try await withFake(Fixture.all) { fake, client in
      let before = Date()
      let id = try #require(try await create(client, fake, #"{"url":"https://example.net/new"}"#).header("Bookmark-Id"))
      let since = ISO8601DateFormatter().string(from: before.addingTimeInterval(-1))
      let listed = try await client.send("\(fake.baseURL)/api/bookmarks?range_start=\(since)")
      let ids = try #require(try jsonObject(listed.body) as? [[String: Any]]).compactMap { $0["id"] as? String }
      #expect(ids == [id])
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks?range_start=yesterday-ish").status == 422)
    }
  }
}
