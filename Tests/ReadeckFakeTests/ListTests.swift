import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct ListTests {
  @Test func oneBookmarkHasTheServersShapeAndKeyOrder() async throws {
    try await withFake([Fixture.article]) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks")
      let root = fake.baseURL
      let id = Fixture.articleID
      let bm = "\(root)/bm/Vn/\(id)"
      let expected =
        #"[{"id":"\#(id)","href":"\#(root)/api/bookmarks/\#(id)","created":"2025-06-20T10:53:47.123456Z","#
        + #""updated":"2025-07-03T12:49:30.6543Z","state":0,"loaded":true,"#
        + #""url":"https://example.org/2025/06/some-article","#
        + #""title":"Some \"quoted\" article & <more>","site_name":"Example Blog","site":"example.org","#
        + #""published":"2025-06-18T08:00:00Z","authors":["Jane Doe"],"lang":"en","text_direction":"ltr","#
        + #""document_type":"article","type":"article","has_article":true,"#
        + #""description":"A short plain-text description.","is_deleted":false,"is_marked":true,"is_archived":false,"#
        + #""labels":["go","reading"],"read_progress":0,"resources":{"#
        + #""article":{"src":"\#(root)/api/bookmarks/\#(id)/article"},"#
        + #""icon":{"src":"\#(bm)/img/icon.png","width":32,"height":32},"#
        + #""image":{"src":"\#(bm)/img/image.png","width":32,"height":32},"#
        + #""log":{"src":"\#(root)/api/bookmarks/\#(id)/x/log"},"#
        + #""props":{"src":"\#(root)/api/bookmarks/\#(id)/x/props.json"},"#
        + #""thumbnail":{"src":"\#(bm)/img/thumbnail.png","width":32,"height":32}},"#
        + #""word_count":1834,"reading_time":9}]"# + "\n"
      #expect(response.status == 200)
      #expect(response.text == expected)
      #expect(response.header("Content-Type") == "application/json; charset=utf-8")
      #expect(response.header("Cache-Control") == "private")
      #expect(response.header("Vary") == "Accept")
      let etag = try #require(response.header("Etag"))
      #expect(!etag.hasPrefix("\"") && etag.count == 16)
    }
  }

  @Test func loadingBookmarkOmitsKeysAndSendsNullAuthors() async throws {
    try await withFake([Fixture.loading]) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks")
      let id = Fixture.loadingID
      let expected =
        #"[{"id":"\#(id)","href":"\#(fake.baseURL)/api/bookmarks/\#(id)","created":"2025-07-04T09:00:01.5Z","#
        + #""updated":"2025-07-04T09:00:01.5Z","state":2,"loaded":false,"url":"https://news.example.com/item/42","#
        + #""title":"","site_name":"news.example.com","site":"news.example.com","authors":null,"lang":"","#
        + #""text_direction":"","document_type":"","type":"article","has_article":false,"description":"","#
        + #""is_deleted":false,"is_marked":false,"is_archived":false,"labels":[],"read_progress":0,"resources":{}}]"#
        + "\n"
      #expect(response.text == expected)
      for key in ["published", "word_count", "reading_time"] { #expect(!response.text.contains("\"\(key)\"")) }
    }
  }

  @Test func loadedBookmarkWithNilAuthorsSendsNull() async throws {
    try await withFake([Fixture.photo]) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.photoID)")
      let object = try #require(try jsonObject(response.body) as? [String: Any])
      #expect(object["authors"] is NSNull)
      #expect(object["has_article"] as? Bool == false)
      let resources = try #require(object["resources"] as? [String: Any])
      #expect(Set(resources.keys) == ["log", "props"])
      #expect(response.header("Bookmark-Id") == Fixture.photoID)
      #expect(response.header("Last-Modified") == "Thu, 01 May 2025 00:00:00 GMT")
    }
  }

  @Test func paginatesTwoHundredFiftyBookmarksByHundreds() async throws {
    let library = FakeReadeck.sampleLibrary(count: 250, imagesPerArticle: 0)
    try await withFake(library) { fake, client in
      let base = "\(fake.baseURL)/api/bookmarks"
      var seen: [String] = []
      let expectedLinks = [
        [
          "<\(base)?limit=100&offset=100&sort=-created>; rel=\"next\"",
          "<\(base)?limit=100&offset=0&sort=-created>; rel=\"first\"",
          "<\(base)?limit=100&offset=200&sort=-created>; rel=\"last\"",
        ],
        [
          "<\(base)?limit=100&offset=0&sort=-created>; rel=\"previous\"",
          "<\(base)?limit=100&offset=200&sort=-created>; rel=\"next\"",
          "<\(base)?limit=100&offset=0&sort=-created>; rel=\"first\"",
          "<\(base)?limit=100&offset=200&sort=-created>; rel=\"last\"",
        ],
        [
          "<\(base)?limit=100&offset=100&sort=-created>; rel=\"previous\"",
          "<\(base)?limit=100&offset=0&sort=-created>; rel=\"first\"",
          "<\(base)?limit=100&offset=200&sort=-created>; rel=\"last\"",
        ],
      ]
      for page in 0..<3 {
        // Keys out of order on purpose: the links must re-encode them sorted.
        let response = try await client.send("\(base)?sort=-created&offset=\(page * 100)&limit=100")
        #expect(response.status == 200)
        #expect(response.header("Total-Count") == "250")
        #expect(response.header("Total-Pages") == "3")
        #expect(response.header("Current-Page") == String(page + 1))
        #expect(response.values("Link") == expectedLinks[page])
        let items = try #require(try jsonObject(response.body) as? [[String: Any]])
        #expect(items.count == (page == 2 ? 50 : 100))
        seen += items.compactMap { $0["id"] as? String }
      }
      #expect(seen == library.map(\.id))
      #expect(Set(seen).count == 250)
    }
  }

  @Test func emptyAndSinglePageHeaders() async throws {
    try await withFake([Fixture.article]) { fake, client in
      let one = try await client.send("\(fake.baseURL)/api/bookmarks")
      #expect(one.values("Link") == ["<\(fake.baseURL)/api/bookmarks?limit=50&offset=0>; rel=\"first\""])
      #expect(one.header("Total-Pages") == "1")
      let none = try await client.send("\(fake.baseURL)/api/bookmarks?is_archived=true")
      #expect(none.text == "[]\n")
      #expect(none.header("Total-Count") == "0")
      #expect(none.header("Total-Pages") == "0")
      #expect(none.header("Current-Page") == "1")
      #expect(none.values("Link").count == 1)
    }
  }

  @Test(arguments: ["limit=101", "limit=-1", "offset=-1", "limit=abc"])
  func badPaginationIsNotFound(query: String) async throws {
    try await withFake([Fixture.article]) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks?\(query)")
      #expect(response.status == 404)
      #expect(response.text == #"{"status":404,"message":"Not Found"}"# + "\n")
    }
  }

  @Test func limitZeroMeansFifty() async throws {
    try await withFake(FakeReadeck.sampleLibrary(count: 60, imagesPerArticle: 0)) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks?limit=0")
      #expect(try #require(try jsonObject(response.body) as? [Any]).count == 50)
      #expect(response.header("Total-Pages") == "2")
    }
  }

  @Test func filtersAndSorts() async throws {
    var marked = Fixture.article
    marked.labels = ["my label", "go"]
    let library = FakeReadeck.sampleLibrary(count: 20, imagesPerArticle: 0) + [marked, Fixture.loading, Fixture.photo]
    try await withFake(library) { fake, client in
      func ids(_ query: String) async throws -> [String] {
        let response = try await client.send("\(fake.baseURL)/api/bookmarks?\(query)")
        #expect(response.status == 200, "\(query)")
        return try #require(try jsonObject(response.body) as? [[String: Any]]).compactMap { $0["id"] as? String }
      }
      let unarchived = library.filter { !$0.isArchived }
      #expect(Set(try await ids("is_archived=false&limit=100")) == Set(unarchived.map(\.id)))
      #expect(
        Set(try await ids("is_archived=0&is_marked=F&limit=100"))
          == Set(library.filter { !$0.isArchived && !$0.isMarked }.map(\.id)))
      #expect(try await ids("type=photo") == [Fixture.photoID])
      #expect(Set(try await ids("type=photo&type=video&type=article&limit=100")).count == library.count)
      #expect(try await ids("labels=%22my+label%22") == [Fixture.articleID])
      #expect(try await ids("labels=go&search=QUOTED") == [Fixture.articleID])
      let wanted = [library[3].id, Fixture.photoID, library[0].id]
      #expect(try await ids("id=\(wanted[0])&id=\(wanted[1])&id=\(wanted[2])") == wanted)
      let byTitle = try await ids("sort=title&limit=100")
      let titles = byTitle.compactMap { id in library.first { $0.id == id }?.title }
      #expect(titles == titles.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
      let byTitleDescending = try await ids("sort=-title&limit=100")
      #expect(byTitleDescending.map { id in library.first { $0.id == id }!.title } == titles.reversed())
      let invalid = try await client.send("\(fake.baseURL)/api/bookmarks?is_archived=maybe")
      #expect(invalid.status == 422)
      #expect((try jsonObject(invalid.body) as? [String: Any])?["is_valid"] as? Bool == false)
    }
  }

  @Test func deletedBookmarksAreStillListed() async throws {
    var scheduled = Fixture.article
    scheduled.isDeleted = true
    try await withFake([scheduled]) { fake, client in
      let response = try await client.send("\(fake.baseURL)/api/bookmarks")
      #expect(response.text.contains(#""is_deleted":true"#))
    }
  }

  @Test func servesUnderAPrefix() async throws {
    try await withFake([Fixture.article], prefix: "/readeck/") { fake, client in
      #expect(fake.baseURL == "http://127.0.0.1:\(fake.port)/readeck")
      let response = try await client.send("\(fake.baseURL)/api/bookmarks")
      #expect(response.status == 200)
      #expect(response.text.contains(#""href":"http://127.0.0.1:\#(fake.port)/readeck/api/bookmarks/"#))
      let outside = try await client.send("http://127.0.0.1:\(fake.port)/api/bookmarks")
      #expect(outside.status == 404)
    }
  }
}
