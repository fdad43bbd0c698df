import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore

/// Highlights made, edited and deleted offline in the store, and the cached articles whose
/// highlights the server's listing shows changed.
@Suite struct HighlightQueueTests {
  static let wrapped =
    "<p>Alpha <rd-annotation id=\"annotation-h1\" data-annotation-id-value=\"h1\" data-annotation-color=\"yellow\">"
    + "beta</rd-annotation><rd-annotation data-annotation-note title=\"a note\"></rd-annotation> gamma</p>"

  func record(_ id: String, color: String = "yellow", note: String? = nil, bookmark: String = "a1") -> HighlightRecord {
    HighlightRecord(
      id: id, bookmarkID: bookmark, text: "beta", note: note, color: color, created: Date(timeIntervalSince1970: 1))
  }

  func listing(_ store: OfflineStore, _ records: [HighlightRecord]) throws {
    try store.ingesting { ingest in
      for record in records { try ingest.store(record) }
      try ingest.keepHighlights(Set(records.map(\.id)))
    }
  }

  func newHighlight(_ bookmark: String = "a1", range: Range<Int> = 0..<5) -> NewHighlight {
    NewHighlight(
      bookmarkID: bookmark,
      anchor: HighlightAnchor(
        startSelector: "p[1]", startOffset: range.lowerBound, endSelector: "p[1]", endOffset: range.upperBound,
        text: "Alpha", range: range),
      color: "blue", note: nil)
  }

  @Test func anArticleIsStaleOnlyWhenTheListingHoldsAHighlightItNeitherWrapsNorPlaced() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: Self.wrapped))
    try store.store(article("a2", title: "Two", html: "<p>plain</p>"))
    #expect(try store.articlesWithStaleHighlights() == [], "no listing kept yet: nothing can be told")
    try listing(store, [record("h1", note: "a note")])
    #expect(try store.articlesWithStaleHighlights() == [], "the HTML shows what the server holds")
    #expect(try store.articleHighlights(id: "a1")?.isEmpty == true)
    try listing(store, [record("h1", color: "red", note: "a note")])
    #expect(try store.articlesWithStaleHighlights() == [], "recoloured: the store draws it")
    #expect(try store.articleHighlights(id: "a1")?.restyled == ["h1": .init(color: "red", note: "a note")])
    try listing(store, [record("h1", note: "another")])
    #expect(try store.articleHighlights(id: "a1")?.restyled == ["h1": .init(color: "yellow", note: "another")])
    try listing(store, [record("h1", note: "a note"), record("h2", bookmark: "a2")])
    #expect(try store.articlesWithStaleHighlights() == ["a2"], "made on the phone: only the server knows where")
    try listing(store, [])
    #expect(try store.articlesWithStaleHighlights() == [], "deleted on the phone: the store hides it")
    #expect(try store.articleHighlights(id: "a1")?.hidden == ["h1"])
    let made = try store.queue(newHighlight("a2"))
    #expect(try store.articlesWithStaleHighlights() == [], "one made here is drawn where it was made")
    #expect(
      try store.articleHighlights(id: "a2")?.placed
        == [.init(id: made.id, range: 0..<5, text: "Alpha", shown: .init(color: "blue", note: nil))])
  }

  @Test func aListingOlderThanTheArticleNeitherHidesNorRestylesItsWrappers() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try listing(store, [record("h0", color: "red")])
    try store.store(article("a1", title: "One", html: Self.wrapped))
    #expect(try store.articleHighlights(id: "a1")?.isEmpty == true, "h1 was made after the listing")
  }

  @Test func aPushedHighlightKeepsItsPlaceUntilTheArticleComesWithTheServersWrapper() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>Alpha beta</p>"))
    let made = try store.queue(newHighlight())
    try store.highlightSettled(id: made.id, record: record("s1", color: "blue"))
    let placed = ArticleHighlights.Placed(id: "s1", range: 0..<5, text: "beta", shown: .init(color: "blue", note: nil))
    #expect(try store.articleHighlights(id: "a1")?.placed == [placed], "the server's id, the store's place")
    try listing(store, [record("s1", color: "green")])
    #expect(try store.articlesWithStaleHighlights() == [], "placed: no fetch needed")
    #expect(try store.articleHighlights(id: "a1")?.placed.map(\.shown.color) == ["green"], "the listing's look")
    try store.store(
      article(
        "a1", title: "One",
        html:
          "<p><rd-annotation data-annotation-id-value=\"s1\" data-annotation-color=\"green\">Alpha</rd-annotation> beta</p>"
      ))
    #expect(try store.articleHighlights(id: "a1")?.isEmpty == true, "the server's wrapper takes over")
    try store.store(article("a1", title: "One", html: "<p>Alpha beta</p>"))
    #expect(try store.articleHighlights(id: "a1")?.placed == [], "and the store's place is gone for good")
  }

  @Test func theArticlesWithSomethingToDrawAreListedWithTheirHTML() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>Alpha beta</p>"))
    try store.store(article("a2", title: "Two", html: Self.wrapped))
    let made = try store.queue(newHighlight())
    try store.highlightSettled(id: made.id, record: record("s1"))
    let listed = try store.articlesWithHighlightsToDraw()
    #expect(listed.map(\.id) == ["a1"], "a2 shows what it was fetched with")
    #expect(listed.first?.html == "<p>Alpha beta</p>" && listed.first?.highlights.placed.map(\.id) == ["s1"])
  }

  @Test func aHighlightDeletedHereStaysHiddenAfterThePushUntilTheArticleIsFetchedAgain() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try listing(store, [record("h1", note: "a note")])
    try store.store(article("a1", title: "One", html: Self.wrapped))
    _ = try store.queueHighlightDelete(id: "h1")
    #expect(try store.articleHighlights(id: "a1")?.hidden == ["h1"], "queued")
    try store.highlightSettled(id: "h1", record: nil)
    #expect(try store.articleHighlights(id: "a1")?.hidden == ["h1"], "pushed")
    try store.store(article("a1", title: "One", html: "<p>Alpha beta gamma</p>"))
    try store.store(article("a1", title: "One", html: Self.wrapped))
    #expect(try store.articleHighlights(id: "a1")?.hidden == [], "a fetch tells again what the server holds")
  }

  @Test func anEditMadeHereRestylesTheWrapperBeforeAndAfterThePush() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: Self.wrapped))
    try listing(store, [record("h1", note: "a note")])
    _ = try store.queueHighlightEdit(id: "h1", color: "green", note: nil)
    #expect(try store.articleHighlights(id: "a1")?.restyled == ["h1": .init(color: "green", note: "a note")])
    try store.highlightSettled(id: "h1", record: record("h1", color: "green", note: "a note"))
    #expect(try store.articleHighlights(id: "a1")?.restyled == ["h1": .init(color: "green", note: "a note")])
  }

  @Test func anArticleFetchedAgainAfterTheListingShowsItsWrappersAsServed() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>Alpha beta gamma</p>"))
    try listing(store, [record("h0", color: "red")])
    // Made on the phone after the listing; the article was first cached before it.
    try store.store(article("a1", title: "One", html: Self.wrapped))
    #expect(try store.articleHighlights(id: "a1")?.isEmpty == true, "neither hidden nor restyled by the older listing")
  }

  @Test func aListingBegunBeforeTheFetchHidesNothingTheArticleWraps() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: Self.wrapped))
    // rk-fetch --highlights > file, then the fetch, then rk-cache store < file.
    _ = try store.ingesting { try $0.keepHighlights([], listedAt: Date(timeIntervalSinceNow: -60)) }
    #expect(try store.articleHighlights(id: "a1")?.hidden == [], "h1 may be newer than the listing")
    _ = try store.ingesting { try $0.keepHighlights([]) }
    #expect(try store.articleHighlights(id: "a1")?.hidden == ["h1"], "a listing of now does not hold it")
  }

  @Test func droppingAQueuedDeleteGivesTheHighlightBack() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: Self.wrapped))
    try listing(store, [record("h1", note: "a note")])
    _ = try store.queueHighlightDelete(id: "h1")
    #expect(try store.articleHighlights(id: "a1")?.hidden == ["h1"])
    #expect(try store.dropHighlight(id: "h1")?.action == .delete)
    #expect(try store.highlights().map(\.id) == ["h1"], "kept again")
    #expect(try store.articleHighlights(id: "a1")?.isEmpty == true, "shown as served, and so in the way of an overlap")
  }

  @Test func aHighlightSentWithoutAnAnswerIsNotChangedUntilThePushSettlesIt() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>Alpha beta</p>"))
    let queued = try store.queue(newHighlight())
    #expect(queued.id == "local-hl-1" && queued.action == .create)
    #expect(try store.highlights(bookmarkIDs: ["a1"]).map(\.color) == ["blue"], "kept at once")
    #expect(try store.queueHighlightEdit(id: "local-hl-1", color: "red", note: "n").color == "red")
    try store.highlightSent(localID: "local-hl-1", at: Date())
    #expect(throws: HighlightQueueProblem.beingSent("local-hl-1")) {
      try store.queueHighlightEdit(id: "local-hl-1", color: "green", note: nil)
    }
    #expect(throws: HighlightQueueProblem.beingSent("local-hl-1")) { try store.queueHighlightDelete(id: "local-hl-1") }
    #expect(throws: HighlightQueueProblem.unknown("nope")) { try store.queueHighlightDelete(id: "nope") }
  }

  @Test func aServerHighlightsEditAndDeleteSurviveTheListingUntilPushed() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try listing(store, [record("h1")])
    _ = try store.queueHighlightEdit(id: "h1", color: "green", note: nil)
    try listing(store, [record("h1")])
    #expect(try store.highlights().map(\.color) == ["green"], "the listing does not undo the edit")
    _ = try store.queueHighlightDelete(id: "h1")
    try listing(store, [record("h1")])
    #expect(try store.highlights().isEmpty, "nor the deletion")
    #expect(try store.queuedHighlights().map(\.action) == [.delete], "one action per highlight, the last")
    #expect(throws: HighlightQueueProblem.beingDeleted("h1")) {
      try store.queueHighlightEdit(id: "h1", color: "red", note: nil)
    }
  }

  @Test func forgettingABookmarkTakesItsQueuedHighlightsWithIt() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>Alpha beta</p>"))
    _ = try store.queue(newHighlight())
    try store.forget(id: "a1")
    #expect(try store.queuedHighlights().isEmpty && store.highlights().isEmpty)
  }

  @Test func restoringTheSameQueueTwiceQueuesEachCreateOnceAndKeepsIt() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>Alpha beta</p>"))
    let made = try store.queue(newHighlight())
    _ = try store.queueHighlightDelete(id: made.id)
    let archived = [made, QueuedHighlight(id: "h9", bookmarkID: "a1", action: .delete, queuedAt: Date())]
    #expect(try store.restore(highlights: archived) == 2)
    #expect(try store.restore(highlights: archived) == 0)
    #expect(try store.queuedHighlights().map(\.action) == [.create, .delete])
    #expect(try store.highlights().map(\.text) == ["Alpha"], "the restored create is kept as made")
  }
}
