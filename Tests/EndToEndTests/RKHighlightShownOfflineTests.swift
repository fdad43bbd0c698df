import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// A highlight shows where it is made: the store draws what it placed, edited and deleted into
/// the article for text, page and book, before any sync and after the push, until the article
/// comes back from the server with its wrappers.
extension RKHighlightOfflineTests {
  @Test(.needsEpubcheck) func aHighlightMadeHereShowsInTextPageAndBookBeforeAnySync() async throws {
    try await withCachedArticle { db, _ in
      #expect(try highlight(db, [Self.id, "Zweiter Satz", "--color", "blue", "--note", "wichtig"]).status == 0)
      #expect(try highlight(db, [Self.id, "Birnen 3 €"]).status == 0)

      let text = try run("rk-cache", ["text", "--db", db, "--width", "0", Self.id]).stdout
      #expect(text.contains("==Erster Satz==. ==Zweiter Satz==[n1]"), "\(text)")
      #expect(text.contains("[n1] wichtig"), "\(text)")
      #expect(text.contains("==Birnen==") && text.contains("==3 €=="), "one mark per cell: \(text)")

      let page = try run("rk-cache", ["page", "--db", db, Self.id]).stdout
      #expect(
        page.contains("<mark class=\"rd-highlight rd-blue\">Zweiter Satz</mark><span class=\"rd-note\">wichtig</span>"))
      #expect(page.contains("<mark class=\"rd-highlight rd-green\">Erster Satz</mark>"), "the server's stays")

      let folder = try TemporaryFolder.made("rk-highlight-book")
      defer { TemporaryFolder.remove(folder) }
      let book = folder + "/marked.epub"
      #expect(try run("rk-cache", ["epub", "--db", db, Self.id, "-o", book]).status == 0)
      let check = try run("/usr/bin/java", ["-jar", "/usr/bin/epubcheck", book])
      #expect(check.status == 0 && !check.stdout.contains("ERROR"), "epubcheck: \(check.stdout)\(check.stderr)")
      let chapter = try firstChapter(of: book)
      #expect(chapter.contains("<mark class=\"rd-highlight rd-blue\">Zweiter Satz</mark>"), "\(chapter)")
      #expect(chapter.contains("<aside epub:type=\"footnote\" id=\"rd-note-1-1\">") && chapter.contains("wichtig"))
    }
  }

  @Test func aPushedHighlightKeepsItsPlaceAndAQuoteTouchingItIsRefusedAtOnce() async throws {
    try await withCachedArticle { db, fake in
      #expect(try highlight(db, [Self.id, "zählt & wiegt"]).status == 0)
      #expect(try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment).status == 0)
      let made = try #require(fake.bookmark(id: Self.id)?.highlights.first { $0.text == "zählt & wiegt" })
      let listed = try run("rk-fetch", ["--server", fake.baseURL, "--highlights"], environment: environment)
      #expect(try run("rk-cache", ["store", "--db", db], stdin: listed.stdout).status == 0)

      #expect(try run("rk-cache", ["ids", "--db", db, "--stale"]).stdout.isEmpty, "nothing to fetch again")
      let text = try run("rk-cache", ["text", "--db", db, "--width", "0", Self.id]).stdout
      #expect(text.contains("==zählt & wiegt=="), "shown without a new fetch: \(text)")
      let touching = try highlight(db, [Self.id, "wiegt"])
      #expect(touching.status == 65 && touching.stderr.contains("touches highlight \(made.id)"), "\(touching.stderr)")
      #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty, "nothing queued for the server to refuse")
    }
  }

  @Test func aHighlightRecolouredOrDeletedHereShowsSoBeforeAndAfterThePush() async throws {
    try await withCachedArticle { db, fake in
      let red = "<mark class=\"rd-highlight rd-red\">Erster Satz</mark>"
      let push = ["--db", db, "--server", fake.baseURL]
      let edited = try highlight(db, ["--edit", "hS1", "--color", "red"])
      let queuedEdit = try page(db)
      let pushedEdit = try run("rk-push", push, environment: environment)
      let afterEdit = try page(db)
      #expect(edited.status == 0 && pushedEdit.status == 0)
      #expect(queuedEdit.contains(red) && afterEdit.contains(red), "queued and pushed")

      let deleted = try highlight(db, ["--delete", "hS1"])
      let queuedDelete = try page(db)
      let pushedDelete = try run("rk-push", push, environment: environment)
      let afterDelete = try page(db)
      #expect(deleted.status == 0 && pushedDelete.status == 0)
      #expect(!queuedDelete.contains("<mark") && !afterDelete.contains("<mark"), "queued and pushed")
      #expect(fake.bookmark(id: Self.id)?.highlights.isEmpty == true)
    }
  }

  /// A create the server refused was never made: it is not held as "sent without an answer",
  /// so it can be changed at once, and the next push sends it again.
  @Test func aCreateTheServerRefusedCanBeChangedWithoutAnotherPush() async throws {
    try await withCachedArticle { db, fake in
      #expect(try highlight(db, [Self.id, "Äpfel"]).status == 0)
      fake.inject([.status(400)], on: .highlightChange)
      let refused = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(refused.status == 75 && refused.records(kind: "push_failed").count == 1, "\(refused.stderr)")
      let edited = try highlight(db, ["--edit", "local-hl-1", "--color", "red"])
      #expect(edited.status == 0, "\(edited.stderr)")
      let again = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(again.status == 0 && again.records(kind: "highlight").first?["adopted"] == nil, "\(again.stderr)")
      #expect(fake.bookmark(id: Self.id)?.highlights.first { $0.text == "Äpfel" }?.color == "red")
    }
  }

  func page(_ db: String) throws -> String { try run("rk-cache", ["page", "--db", db, Self.id]).stdout }
}
