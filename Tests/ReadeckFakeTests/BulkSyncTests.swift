import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct BulkSyncTests {
  private func post(_ client: HTTPClient, _ fake: FakeReadeck, _ json: String) async throws -> Answer {
    try await client.send(
      "\(fake.baseURL)/api/bookmarks/sync", method: .POST,
      headers: jsonAuth + [("Content-Type", "application/json")], body: Array(json.utf8))
  }

  @Test func streamsJSONHTMLAndResourcesPerBookmark() async throws {
    let library = FakeReadeck.sampleLibrary(count: 3, imagesPerArticle: 2)
    try await withFake(library) { fake, client in
      let response = try await post(
        client, fake, #"{"with_json":true,"with_html":true,"with_resources":true,"resource_prefix":""}"#)
      #expect(response.status == 200)
      #expect(response.header("Transfer-Encoding") == "chunked")
      let contentType = try #require(response.header("Content-Type"))
      #expect(contentType.hasPrefix("multipart/mixed; boundary=\""))
      let boundary = try #require(multipartBoundary(of: contentType))
      #expect(boundary.count == 60 && boundary.allSatisfy(\.isHexDigit))
      let (parts, closed) = parseMultipart(response.body, boundary: boundary)
      #expect(closed)
      #expect(response.text.hasSuffix("\r\n--\(boundary)--\r\n"))

      // No id: every bookmark, `updated` ascending.
      let order = library.sorted { $0.updated < $1.updated }
      #expect(parts.count == order.count * 4)
      #expect(
        parts.map { $0.headers["Type"] ?? "" }
          == Array(repeating: ["json", "html", "resource", "resource"], count: 3).flatMap { $0 })
      #expect(parts.map { $0.headers["Bookmark-Id"] ?? "" } == order.flatMap { Array(repeating: $0.id, count: 4) })

      for (index, bookmark) in order.enumerated() {
        let json = parts[index * 4]
        #expect(json.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(json.headers["Filename"] == "info.json")
        #expect(json.headers["Location"] == "\(fake.baseURL)/api/bookmarks/\(bookmark.id)")
        #expect(json.headers["Last-Modified"] != nil)
        #expect((try jsonObject(json.body) as? [String: Any])?["id"] as? String == bookmark.id)

        let html = parts[index * 4 + 1]
        #expect(html.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(html.headers["Filename"] == "index.html")
        let article = try await client.send("\(fake.baseURL)/api/bookmarks/\(bookmark.id)/article")
        #expect(html.body == article.body, "with an empty prefix the HTML equals the /article body")

        for (offset, image) in bookmark.images.enumerated() {
          let resource = parts[index * 4 + 2 + offset]
          #expect(resource.body == image.bytes)
          #expect(resource.headers["Path"] == image.name)
          #expect(resource.headers["Group"] == "embedded")
          #expect(resource.headers["Content-Length"] == String(image.bytes.count))
          #expect(resource.headers["Content-Type"] == "image/png")
        }
      }
    }
  }

  @Test func resourcePrefixRewritesImageURLs() async throws {
    let library = FakeReadeck.sampleLibrary(count: 2, imagesPerArticle: 2)
    let bookmark = library[1]
    try await withFake(library) { fake, client in
      func html(_ prefix: String?) async throws -> (String, [Part]) {
        let prefixMember = prefix.map { #","resource_prefix":"\#($0)""# } ?? ""
        let response = try await post(
          client, fake, #"{"id":["\#(bookmark.id)"],"with_html":true,"with_resources":true\#(prefixMember)}"#)
        let (parts, closed) = parseMultipart(
          response.body, boundary: try #require(multipartBoundary(of: response.header("Content-Type"))))
        #expect(closed)
        return (try #require(parts.first { $0.headers["Type"] == "html" }).text, parts)
      }
      let absolute = "\(fake.baseURL)/bm/\(bookmark.id.prefix(2))/\(bookmark.id)/_resources/"
      let name = bookmark.images[0].name

      let (dot, dotParts) = try await html(".")
      #expect(dot.contains("src=\"\(name)\""))
      #expect(!dot.contains(absolute))
      #expect(
        dotParts.filter { $0.headers["Type"] == "resource" }.map { $0.headers["Path"] } == bookmark.images.map(\.name))

      let (defaulted, _) = try await html(nil)
      #expect(defaulted == dot, "the default prefix is .")

      let (nested, nestedParts) = try await html("static/%/")
      #expect(nested.contains("src=\"static/\(bookmark.id)/\(name)\""))
      #expect(
        nested.contains(
          "srcset=\"static/\(bookmark.id)/\(name) 1x, static/\(bookmark.id)/\(bookmark.images[1].name) 2x\""))
      #expect(
        nestedParts.first { $0.headers["Type"] == "resource" }?.headers["Path"] == "static/\(bookmark.id)/\(name)")

      let (relative, _) = try await html("./img/../res")
      #expect(relative.contains("src=\"res/\(name)\""))
    }
  }

  @Test func idsAndSortChooseAndOrderTheBookmarks() async throws {
    let library = FakeReadeck.sampleLibrary(count: 5, imagesPerArticle: 0)
    try await withFake(library + [Fixture.loading]) { fake, client in
      let wanted = [library[4].id, library[1].id, Fixture.loadingID, "UnknownUnknownUnknown1"]
      let ids = wanted.map { "\"\($0)\"" }.joined(separator: ",")
      let response = try await post(
        client, fake, #"{"id":[\#(ids)],"with_json":true,"with_html":true,"sort":["-created"]}"#)
      let (parts, _) = parseMultipart(
        response.body, boundary: try #require(multipartBoundary(of: response.header("Content-Type"))))
      // The loading bookmark has no article, so it gets a json part only.
      #expect(
        parts.map { "\($0.headers["Bookmark-Id"]!):\($0.headers["Type"]!)" } == [
          "\(library[1].id):json", "\(library[1].id):html", "\(library[4].id):json", "\(library[4].id):html",
          "\(Fixture.loadingID):json",
        ])
    }
  }

  @Test func invalidBodyIsAFormError() async throws {
    try await withFake(Fixture.all) { fake, client in
      for body in ["{not json", #"{"with_html":"yes"}"#, #"{"sort":["title"]}"#, ""] {
        let response = try await post(client, fake, body)
        #expect(response.status == 422, "\(body)")
        let object = try #require(try jsonObject(response.body) as? [String: Any])
        #expect(object["is_valid"] as? Bool == false)
        #expect(object["fields"] is [String: Any])
      }
    }
  }

  @Test func unavailableOnOlderServers() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.setBulkSyncAvailable(false)
      let post = try await post(client, fake, #"{"with_html":true}"#)
      #expect(post.status == 404)
      #expect(post.text == #"{"status":404,"message":"Not Found"}"# + "\n")
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/sync").status == 404)
      fake.setBulkSyncAvailable(true)
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks/sync").status == 200)
    }
  }
}
