import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// A quote after a template lands on the quoted words on the server: rk-cache highlight counts
/// the template's text as Go's parser (the server's) makes it, the template's children.
@Suite struct RKHighlightTemplateTests {
  static let token = "rdk-highlight-template"
  static let id = "HighlightTemplate0002"

  @Test func aQuoteAfterATemplateWithTextLandsOnTheQuotedWordsOnTheServer() async throws {
    let folder = TemporaryFolder.path("rk-highlight-template")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let environment = ["READECK_TOKEN": Self.token]
    let bookmark = FakeBookmark(
      id: Self.id, title: "Template", url: "https://example.net/template", created: Date(),
      articleHTML: "<section><p><template>abc</template>Hello world</p></section>")
    try await withReadeck([bookmark], token: Self.token) { fake in
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: environment)
      #expect(try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout).status == 0)
      let placed = try run("rk-cache", ["highlight", "--db", db, Self.id, "world"])
      #expect(placed.status == 0, "\(placed.stderr)")
      // Counted by hand as Go's tree has it: "abc", then "Hello world" in the same p.
      let queued = try #require(placed.records(kind: "queued_highlight").first)
      #expect(queued["start_selector"] == "section[1]/p[1]" && queued["start_offset"] == 9)
      #expect(queued["end_selector"] == "section[1]/p[1]" && queued["end_offset"] == 14)
      let pushed = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(fake.bookmark(id: Self.id)?.highlights.map(\.text) == ["world"])
    }
  }
}
