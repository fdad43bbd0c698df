import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import Testing

@testable import ReadeckFake

/// The fake counts a template's text as Readeck's server does: Go's parser makes a template's
/// contents its children, so their text counts in the offsets of the element around them, and
/// the article is served with the wrapper on the text the range names.
@Suite struct HighlightTemplateTests {
  static let id = "HighlightTemplate0001"

  @Test func aRangeAfterATemplateCountsTheTemplatesTextAndWrapsTheExactWords() async throws {
    let bookmark = FakeBookmark(
      id: Self.id, title: "Template", url: "https://example.net/template", created: date("2026-11-01T10:00:00Z"),
      articleHTML: "<p><template>abc</template>Hello world</p>")
    try await withFake([bookmark]) { fake, client in
      // "abc" (3) then "Hello world": "world" is 9..<14 of the p's text.
      let fields: [String: Any] = [
        "start_selector": "p[1]", "start_offset": 9, "end_selector": "p[1]", "end_offset": 14, "color": "red",
      ]
      let answer = try await client.send(
        "\(fake.baseURL)/api/bookmarks/\(Self.id)/annotations", method: .POST,
        headers: jsonAuth + [("Content-Type", "application/json")],
        body: Array(try JSONSerialization.data(withJSONObject: fields)))
      #expect(answer.status == 201, "\(answer.text)")
      let made = try #require(try jsonObject(answer.body) as? [String: Any])
      let id = try #require(made["id"] as? String)
      #expect(made["text"] as? String == "world")
      let article = try await client.send("\(fake.baseURL)/api/bookmarks/\(Self.id)/article").text
      #expect(
        article
          == "<p><template>abc</template>Hello <rd-annotation id=\"annotation-\(id)\" "
          + "data-annotation-id-value=\"\(id)\" data-annotation-color=\"red\">world</rd-annotation></p>",
        "\(article)")
    }
  }
}
