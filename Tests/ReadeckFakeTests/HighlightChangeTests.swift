import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import Testing

@testable import ReadeckFake

/// Highlights made, edited and deleted as Readeck's server does (shared/ref/readeck-highlights.md):
/// the range applied to the fake's parse of the article (tbody inserted), refused with 400 when
/// it does not apply or overlaps, and the article served with rd-annotation wrappers. Selectors
/// and offsets here are counted by hand from the markup.
@Suite struct HighlightChangeTests {
  static let id = "HighlightArticle00001"
  static let html =
    "<section><h2>Preise</h2><table><tr><td>Äpfel &amp; Birnen</td><td>3 €</td></tr></table>"
    + "<p>Erster Satz. Zweiter Satz.</p></section>"
  static let cells = "section[1]/table[1]/tbody[1]/tr[1]"

  var bookmarks: [FakeBookmark] {
    [
      FakeBookmark(
        id: Self.id, title: "Preise", url: "https://example.net/preise", created: date("2026-11-01T10:00:00Z"),
        articleHTML: Self.html)
    ]
  }

  func post(_ client: HTTPClient, _ fake: FakeReadeck, _ fields: [String: Any]) async throws -> Answer {
    try await client.send(
      "\(fake.baseURL)/api/bookmarks/\(Self.id)/annotations", method: .POST,
      headers: jsonAuth + [("Content-Type", "application/json")],
      body: Array(try JSONSerialization.data(withJSONObject: fields)))
  }

  func range(_ start: String, _ startOffset: Int, _ end: String, _ endOffset: Int, color: String = "yellow")
    -> [String: Any]
  {
    [
      "start_selector": start, "start_offset": startOffset, "end_selector": end, "end_offset": endOffset,
      "color": color,
    ]
  }

  @Test func aHighlightAcrossCellsIsStoredWithItsTextAndServedWrapped() async throws {
    try await withFake(bookmarks) { fake, client in
      var fields = range("\(Self.cells)/td[1]", 8, "\(Self.cells)/td[2]", 3)
      fields["note"] = "günstig"
      let answer = try await post(client, fake, fields)
      #expect(answer.status == 201, "\(answer.text)")
      let made = try #require(try jsonObject(answer.body) as? [String: Any])
      let id = try #require(made["id"] as? String)
      #expect(made["text"] as? String == "Birnen3 €")
      #expect(made["note"] as? String == "günstig" && made["color"] as? String == "yellow")
      #expect(answer.header("Location") == "\(fake.baseURL)/api/bookmarks/\(Self.id)/annotations/\(id)")

      let article = try await client.send("\(fake.baseURL)/api/bookmarks/\(Self.id)/article").text
      let wrapper = "data-annotation-id-value=\"\(id)\" data-annotation-color=\"yellow\""
      #expect(
        article
          == "<section><h2>Preise</h2><table><tbody><tr><td>Äpfel &amp; <rd-annotation id=\"annotation-\(id)\" "
          + "\(wrapper)>Birnen</rd-annotation></td><td><rd-annotation \(wrapper)>3 €</rd-annotation>"
          + "<rd-annotation data-annotation-note=\"\" title=\"günstig\"></rd-annotation></td></tr></tbody></table>"
          + "<p>Erster Satz. Zweiter Satz.</p></section>")

      let listed = try #require(
        try jsonObject(try await client.send("\(fake.baseURL)/api/bookmarks/\(Self.id)/annotations").body)
          as? [[String: Any]])
      #expect(listed.map { $0["start_selector"] as? String } == ["\(Self.cells)/td[1]"])
    }
  }

  @Test func aRangeThatDoesNotApplyOrOverlapsIsRefusedWithTheServersMessage() async throws {
    try await withFake(bookmarks) { fake, client in
      #expect(try await post(client, fake, range("section[1]/p[1]", 7, "section[1]/p[1]", 14)).status == 201)
      let overlap = try await post(client, fake, range("section[1]/p[1]", 13, "section[1]/p[1]", 20))
      #expect(overlap.status == 400 && overlap.text.contains("overlapping annotation"), "\(overlap.text)")
      // The path as the tags are written, without the tbody the parser inserts, names nothing.
      let written = try await post(client, fake, range("section[1]/table[1]/tr[1]/td[1]", 0, "section[1]/p[1]", 2))
      #expect(written.status == 400 && written.text.contains("not found"), "\(written.text)")
      let beyond = try await post(client, fake, range("section[1]/p[1]", 20, "section[1]/p[1]", 99))
      #expect(beyond.status == 400 && beyond.text.contains("out of range"), "\(beyond.text)")
      let empty = try await post(client, fake, range("section[1]/p[1]", 20, "section[1]/p[1]", 20))
      #expect(empty.status == 400)
      var noColor = range("section[1]/p[1]", 20, "section[1]/p[1]", 26)
      noColor["color"] = nil
      #expect(try await post(client, fake, noColor).status == 422)
      #expect(fake.bookmarks[0].highlights.map(\.text) == ["Satz. Z"])
    }
  }

  @Test func anEditChangesColourAndNoteAndADeleteRemovesIt() async throws {
    try await withFake(bookmarks) { fake, client in
      let made = try await post(client, fake, range("section[1]/p[1]", 0, "section[1]/p[1]", 6))
      let id = try #require((try jsonObject(made.body) as? [String: Any])?["id"] as? String)
      let url = "\(fake.baseURL)/api/bookmarks/\(Self.id)/annotations/\(id)"
      let headers = jsonAuth + [("Content-Type", "application/json")]
      let edited = try await client.send(
        url, method: .PATCH, headers: headers, body: Array(#"{"color":"red","note":"wichtig"}"#.utf8))
      #expect(edited.status == 200)
      let all = try #require((try jsonObject(edited.body) as? [String: Any])?["annotations"] as? [[String: Any]])
      #expect(all.first?["color"] as? String == "red" && all.first?["note"] as? String == "wichtig")
      #expect(fake.bookmarks[0].highlights.first?.color == "red")

      #expect(try await client.send(url, method: .DELETE).status == 204)
      #expect(fake.bookmarks[0].highlights.isEmpty)
      #expect(try await client.send(url, method: .DELETE).status == 404)
      #expect(
        try await client.send(url, method: .PATCH, headers: headers, body: Array(#"{"color":"red"}"#.utf8)).status
          == 404)
      let article = try await client.send("\(fake.baseURL)/api/bookmarks/\(Self.id)/article").text
      #expect(article == Self.html, "without highlights, served as stored")
    }
  }
}
