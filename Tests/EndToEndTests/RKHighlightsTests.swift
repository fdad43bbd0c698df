import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Highlights made on the server, kept by the built tools: rk-fetch --highlights | rk-cache store,
/// then rk-cache highlights as records, Markdown and CSV; one deleted elsewhere leaves at the next
/// complete listing, and an incomplete one removes nothing.
@Suite struct RKHighlightsTests {
  static let token = "rdk-highlights-s3cret"
  var environment: [String: String] { ["READECK_TOKEN": Self.token] }

  func library() -> [FakeBookmark] {
    var bookmarks = FakeReadeck.sampleLibrary(count: 3, imagesPerArticle: 0, allUnread: true)
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    bookmarks[0].highlights = [
      FakeHighlight(id: "hA1", text: "Größe zählt", color: "yellow", note: "Gut gesagt", created: start),
      FakeHighlight(id: "hA2", text: "second, \"quoted\"", color: "red", created: start.addingTimeInterval(120)),
    ]
    bookmarks[2].highlights = [
      FakeHighlight(id: "hC1", text: "newest", color: "blue", created: start.addingTimeInterval(600))
    ]
    return bookmarks
  }

  func keep(_ db: String, _ fake: FakeReadeck, _ extra: [String] = []) throws -> (ToolRun, ToolRun) {
    let listed = try run("rk-fetch", ["--server", fake.baseURL, "--highlights"] + extra, environment: environment)
    return (listed, try run("rk-cache", ["store", "--db", db], stdin: listed.stdout))
  }

  @Test func highlightsAreKeptListedExportedAndFollowTheServer() async throws {
    let folder = TemporaryFolder.path("rk-highlights-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let bookmarks = library()
    try await withReadeck(bookmarks, token: Self.token) { fake in
      let (listed, stored) = try keep(db, fake)
      #expect(listed.status == 0, "\(listed.stderr)")
      #expect(listed.records(kind: "highlight").compactMap { $0["id"]?.stringValue } == ["hC1", "hA2", "hA1"])
      #expect(listed.records(kind: "highlight_summary").first?["complete"] == true)
      let began = listed.records(kind: "highlight_summary").first?["listed_at"]?.stringValue.flatMap(
        RFC3339.date(from:))
      #expect(try abs(#require(began).timeIntervalSinceNow) < 120, "when the listing began")
      #expect(stored.status == 0 && stored.stderr.contains("highlights: 3 kept, 0 removed"), "\(stored.stderr)")

      let records = try run("rk-cache", ["highlights", "--db", db]).records(kind: "highlight")
      #expect(records.compactMap { $0["id"]?.stringValue } == ["hC1", "hA1", "hA2"], "by article, newest first")
      let first = try #require(records.first { $0["id"] == "hA1" })
      #expect(first["bookmark_id"] == .string(bookmarks[0].id) && first["note"] == "Gut gesagt")
      #expect(first["url"] == .string(bookmarks[0].url) && first["title"] == .string(bookmarks[0].title))

      // Kept with a cached article: show lists them, search finds the article by them.
      let fetched = try run("rk-fetch", ["--server", fake.baseURL, "--limit", "0"], environment: environment)
      #expect(try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout).status == 0)
      let shownEntry = try run("rk-cache", ["show", "--db", db, bookmarks[0].id])
      #expect(shownEntry.records(kind: "cache_entry").count == 1)
      #expect(shownEntry.records(kind: "highlight").compactMap { $0["id"]?.stringValue } == ["hA1", "hA2"])
      let found = try run("rk-cache", ["search", "--db", db, "gesagt"]).records(kind: "search_hit")
      #expect(found.map { $0["id"] } == [.string(bookmarks[0].id)], "found by its highlight's note")
      #expect(found.first?["snippet"]?.stringValue?.contains("[gesagt]") == true)
      let folded = try run("rk-cache", ["search", "--db", db, "große"]).records(kind: "search_hit")
      #expect(folded.map { $0["id"] } == [.string(bookmarks[0].id)], "diacritics folded as in the articles")

      let one = try run("rk-cache", ["highlights", "--db", db, bookmarks[2].id]).records(kind: "highlight")
      #expect(one.map { $0["id"] } == ["hC1"])
      let markdown = try run("rk-cache", ["highlights", "--db", db, "--format", "markdown"]).stdout
      #expect(markdown.contains("## \(bookmarks[0].title)\n\n<\(bookmarks[0].url)>"))
      #expect(markdown.contains("> Größe zählt\n\nGut gesagt\n\n— yellow, 2026-11-18\n"))
      let csv = try run("rk-cache", ["highlights", "--db", db, "--format", "csv"]).stdout
      #expect(csv.hasPrefix("Highlight,Title,Author,URL,Note,Location,Date\r\n"))
      #expect(
        csv.contains("\"second, \"\"quoted\"\"\",\(bookmarks[0].title),,\(bookmarks[0].url),,,2026-11-18 11:08:40"))

      // Into the notes: one entry per article, however often the pipeline runs.
      let notes = folder + "/notes.sqlite"
      let exported = try run("rk-cache", ["highlights", "--db", db]).stdout
      let filed = try run("ail-log", ["add", "--records", "--db", notes], stdin: exported)
      #expect(filed.status == 0 && filed.stderr.contains("filed 2 entries"), "\(filed.stderr)")
      let again = try run("ail-log", ["add", "--records", "--db", notes], stdin: exported)
      #expect(again.stderr.contains("filed 0 entries, 2 already logged"), "\(again.stderr)")
      let entries = try run("ail-log", ["list", "--db", notes]).records(kind: "log_entry")
      #expect(Set(entries.compactMap { $0["title"]?.stringValue }) == [bookmarks[0].title, bookmarks[2].title])
      #expect(entries.allSatisfy { $0["category"] == "Reading" && $0["tags"] == ["highlight"] })
      let article = try #require(entries.first { $0["title"] == .string(bookmarks[0].title) })
      #expect(article["source"]?["url"] == .string(bookmarks[0].url))
      let shown = try run("ail-log", ["show", "--db", notes, article["id"]?.stringValue ?? ""]).stdout
      #expect(shown.contains("> Größe zählt\n\nGut gesagt\n\n> second, \"quoted\""), "\(shown)")

      // Deleted on the server: gone after the next complete listing, kept after a broken one.
      fake.upsert(
        {
          var changed = bookmarks[0]
          changed.highlights.removeFirst()
          return changed
        }())
      fake.inject([.status(503)], on: .highlights)
      let (broken, keptAll) = try keep(db, fake, ["--retries", "0"])
      #expect(broken.status == 75 && broken.records(kind: "highlight_summary").first?["complete"] == false)
      #expect(keptAll.status == 0)
      #expect(try run("rk-cache", ["highlights", "--db", db]).records(kind: "highlight").count == 3)
      let (_, after) = try keep(db, fake)
      #expect(after.stderr.contains("highlights: 2 kept, 1 removed"))
      let left = try run("rk-cache", ["highlights", "--db", db]).records(kind: "highlight")
      #expect(left.compactMap { $0["id"]?.stringValue } == ["hC1", "hA2"])
    }
  }
}
