import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Highlights made, edited and deleted offline with the built tools: rk-cache highlight finds
/// the quote (in a table, a list, text with non-ASCII letters and entities), rk-push sends it,
/// and the fake, applying the selectors to its own parse of the article, stores the quoted text;
/// refusals name their reason and queue nothing; a push killed after the POST makes no second
/// highlight.
@Suite struct RKHighlightOfflineTests {
  static let token = "rdk-highlight-offline-s3cret"
  static let id = "HighlightOffline00001"
  var environment: [String: String] { ["READECK_TOKEN": Self.token] }

  static let article = """
    <section><h2>Preise</h2><p>Erster Satz. Zweiter Satz. Die <em>Größe</em> zählt &amp; wiegt.</p>
    <table><tr><td>Äpfel &amp; Birnen</td><td>3 €</td></tr></table>
    <ul><li>Erstens: Grüße<li>Zweitens: „Zitat“ hier</ul></section>
    """

  var library: [FakeBookmark] {
    var bookmark = FakeBookmark(
      id: Self.id, title: "Preise und Sätze", url: "https://example.net/preise",
      created: Date(timeIntervalSince1970: 1_795_000_000), articleHTML: Self.article)
    bookmark.highlights = [
      FakeHighlight(
        id: "hS1", text: "Erster Satz", color: "green", created: Date(timeIntervalSince1970: 1_795_000_100),
        startSelector: "section[1]/p[1]", startOffset: 0, endSelector: "section[1]/p[1]", endOffset: 11)
    ]
    return [bookmark]
  }

  func withCachedArticle(_ body: (_ db: String, _ fake: FakeReadeck) async throws -> Void) async throws {
    let folder = TemporaryFolder.path("rk-highlight-offline")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(library, token: Self.token) { fake in
      try refetch(db, fake)
      let listed = try run("rk-fetch", ["--server", fake.baseURL, "--highlights"], environment: environment)
      #expect(try run("rk-cache", ["store", "--db", db], stdin: listed.stdout).status == 0)
      try await body(db, fake)
    }
  }

  func refetch(_ db: String, _ fake: FakeReadeck) throws {
    let fetched = try run("rk-fetch", ["--server", fake.baseURL, "--limit", "5"], environment: environment)
    #expect(fetched.status == 0, "\(fetched.stderr)")
    #expect(try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout).status == 0)
  }

  func highlight(_ db: String, _ arguments: [String]) throws -> ToolRun {
    try run("rk-cache", ["highlight", "--db", db] + arguments)
  }

  @Test func quotesInATableAListAndAccentedTextLandOnTheServerWithTheirText() async throws {
    try await withCachedArticle { db, fake in
      let cells = try highlight(db, [Self.id, "Birnen 3 €", "--note", "günstig"])
      #expect(cells.status == 0, "\(cells.stderr)")
      let queued = try #require(cells.records(kind: "queued_highlight").first)
      #expect(queued["id"] == "local-hl-1" && queued["action"] == "create" && queued["text"] == "Birnen3 €")
      #expect(queued["start_selector"] == "section[1]/table[1]/tbody[1]/tr[1]/td[1]")
      #expect(try highlight(db, [Self.id, "\"Zitat\" hier", "--color", "blue"]).status == 0)
      #expect(try highlight(db, [Self.id, "zählt & wiegt"]).status == 0)

      // Kept at once, under local ids, beside the server's.
      let kept = try run("rk-cache", ["highlights", "--db", db, Self.id]).records(kind: "highlight")
      #expect(Set(kept.compactMap { $0["id"]?.stringValue }) == ["hS1", "local-hl-1", "local-hl-2", "local-hl-3"])
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_highlight").count == 3)

      let pushed = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      let made = pushed.records(kind: "highlight")
      #expect(made.compactMap { $0["local_id"]?.stringValue } == ["local-hl-1", "local-hl-2", "local-hl-3"])
      let server = try #require(fake.bookmark(id: Self.id)).highlights
      #expect(server.map(\.text) == ["Erster Satz", "zählt & wiegt", "Birnen3 €", "„Zitat“ hier"], "document order")
      #expect(server.map(\.color) == ["green", "yellow", "yellow", "blue"])
      #expect(server.first { $0.text == "Birnen3 €" }?.note == "günstig")
      #expect(Set(made.compactMap { $0["id"]?.stringValue }) == Set(server.dropFirst().map(\.id)))
      #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty)
      let after = try run("rk-cache", ["highlights", "--db", db, Self.id]).records(kind: "highlight")
      #expect(Set(after.compactMap { $0["id"]?.stringValue }) == Set(server.map(\.id)), "the server's ids now")

      // The next sync brings the article with the server's wrappers: the text view marks them.
      try refetch(db, fake)
      let text = try run("rk-cache", ["text", "--db", db, Self.id]).stdout
      #expect(text.contains("==zählt & wiegt==") && text.contains("==Birnen==") && text.contains("==„Zitat“ hier=="))
      let again = try highlight(db, [Self.id, "wiegt"])
      #expect(again.status == 65 && again.stderr.contains("touches highlight"), "\(again.stderr)")
    }
  }

  @Test func aQuoteThatCannotBePlacedIsRefusedWithItsReasonAndNothingIsQueued() async throws {
    try await withCachedArticle { db, _ in
      let ambiguous = try highlight(db, [Self.id, "Satz"])
      #expect(ambiguous.status == 65)
      #expect(ambiguous.stderr.contains("2 times") && ambiguous.stderr.contains("1: Preise Erster «Satz». Zweiter"))
      #expect(ambiguous.stderr.contains("2: Preise Erster Satz. Zweiter «Satz». Die"), "\(ambiguous.stderr)")
      let second = try highlight(db, [Self.id, "Satz", "--occurrence", "2"])
      #expect(second.status == 0 && second.records(kind: "queued_highlight").first?["start_offset"] == 21)
      let onServerOne = try highlight(db, [Self.id, "Erster"])
      #expect(onServerOne.status == 65 && onServerOne.stderr.contains("touches highlight hS1"))
      let onQueuedOne = try highlight(db, [Self.id, "Zweiter Satz"])
      #expect(onQueuedOne.status == 65 && onQueuedOne.stderr.contains("touches highlight local-hl-1"))
      let missing = try highlight(db, [Self.id, "Kirschen"])
      #expect(missing.status == 65 && missing.stderr.contains("not in the article"))
      #expect(try highlight(db, ["NoSuchArticle000001", "Satz"]).status == 1)
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_highlight").count == 1)
    }
  }

  @Test func editsAndDeletesArePushedAndOneDeletedMeanwhileIsGone() async throws {
    try await withCachedArticle { db, fake in
      #expect(try highlight(db, [Self.id, "Grüße"]).status == 0)
      #expect(try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment).status == 0)
      let greeting = try #require(fake.bookmark(id: Self.id)?.highlights.first { $0.text == "Grüße" })

      #expect(try highlight(db, ["--edit", greeting.id, "--color", "red", "--note", "herzlich"]).status == 0)
      #expect(try highlight(db, ["--edit", "hS1", "--note", "erst"]).status == 0)
      let local = try #require(try highlight(db, [Self.id, "Zitat"]).records(kind: "queued_highlight").first?["id"])
      #expect(
        try highlight(db, ["--delete", local.stringValue ?? ""]).records(kind: "queued_highlight").first?["id"] == local
      )
      let kept = try run("rk-cache", ["highlights", "--db", db, Self.id]).records(kind: "highlight")
      #expect(kept.first { $0["id"] == .string(greeting.id) }?["color"] == "red", "the edit shows at once")
      #expect(!kept.contains { $0["id"] == local }, "a create deleted before the push is gone")
      // Meanwhile someone deletes hS1 on the server.
      #expect(fake.modify(id: Self.id) { $0.highlights.removeAll { $0.id == "hS1" } })

      let pushed = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(pushed.records(kind: "gone").map { $0["id"] } == ["hS1"])
      #expect(pushed.records(kind: "highlight").first?["color"] == "red")
      let server = try #require(fake.bookmark(id: Self.id)).highlights
      #expect(server.map(\.id) == [greeting.id] && server[0].color == "red" && server[0].note == "herzlich")

      #expect(try highlight(db, ["--delete", greeting.id]).status == 0)
      #expect(try highlight(db, ["--edit", greeting.id, "--color", "blue"]).status == 1, "queued for deletion")
      let deleted = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(deleted.records(kind: "highlight_deleted").map { $0["id"] } == [.string(greeting.id)])
      #expect(fake.bookmark(id: Self.id)?.highlights.isEmpty == true)
      #expect(try run("rk-cache", ["highlights", "--db", db, Self.id]).stdout.isEmpty)
    }
  }

  /// rk-push is killed while the answer to its POST hangs after the server stored the highlight:
  /// the next push finds it by its place and sends nothing.
  @Test func aPushKilledAfterThePostMakesNoSecondHighlight() async throws {
    try await withCachedArticle { db, fake in
      #expect(try highlight(db, [Self.id, "Äpfel"]).status == 0)
      fake.inject([.stallAfter(bytes: 0)], on: .highlightChange)
      try runKilled("rk-push", ["--db", db, "--server", fake.baseURL, "--quiet"], token: Self.token) {
        fake.bookmark(id: Self.id)?.highlights.count != 1
      }
      #expect(fake.bookmark(id: Self.id)?.highlights.count == 2, "the server took the POST")
      let sent = try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_highlight").first
      #expect(sent?["sent_at"] != nil)

      let next = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(next.status == 0, "\(next.stderr)")
      #expect(next.records(kind: "highlight").first?["adopted"] == true)
      #expect(fake.bookmark(id: Self.id)?.highlights.map(\.text) == ["Erster Satz", "Äpfel"])
      #expect(fake.requests.filter { $0.route == .highlightChange }.count == 1, "one POST")
    }
  }
}
