import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore
@testable import SQLiteStore

/// Search on articles longer than FTS5's snippet bound: the same kind of snippet (at most 12
/// words, terms in brackets, "…" where the text goes on), cut around the first term, and the
/// ranking of the hits still FTS5's.
@Suite struct LongRowSearchTests {
  static let filler = String(repeating: "alpha beta gamma delta lorem epsilon ", count: 6_000)  // 222 kB

  @Test func aLongArticleGetsASnippetAroundItsFirstTerm() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(Self.filler.count > SearchSnippet.bound)
    try store.store(article("long", title: "Long", html: "<p>Opening words here. " + Self.filler + "</p>"))
    let hits = try store.search("lorem")
    #expect(hits.map(\.id) == ["long"])
    let snippet = try #require(hits.first?.snippet)
    #expect(
      snippet == "…gamma delta [lorem] epsilon alpha beta gamma delta [lorem] epsilon alpha beta…", "\(snippet)")
  }

  @Test func aTermAtTheEdgeOfTheFirstWindowShowsWholeWords() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // "lorem" ends at character ~2,000, where the first, short window is cut.
    let start = String(repeating: "aa ", count: 663) + "lorem ipsum dolor sit amet consectetur adipiscing elit sed do "
    try store.store(article("edge", title: "Edge", html: "<p>" + start + Self.filler + "</p>"))
    let snippet = try #require(try store.search("lorem").first?.snippet)
    #expect(snippet == "…aa aa [lorem] ipsum dolor sit amet consectetur adipiscing elit sed do…", "\(snippet)")
  }

  @Test func aTermFoundOnlyDeepInALongArticleIsShown() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = "<p>" + Self.filler + " the Zebra crossing ends it</p>"
    try store.store(article("deep", title: "Deep", html: html))
    let snippet = try #require(try store.search("zebra").first?.snippet)
    #expect(snippet.contains("[Zebra] crossing ends it"), "\(snippet)")
    #expect(snippet.hasPrefix("…"))
    let prefix = try #require(try store.search("zeb*").first?.snippet)
    #expect(prefix.contains("[Zebra]"), "\(prefix)")
  }

  @Test func aLongArticleMatchedByItsTitleShowsItsOpening() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("t", title: "Quokka", html: "<p>" + Self.filler + "</p>"))
    let snippet = try #require(try store.search("quokka").first?.snippet)
    #expect(snippet == "alpha beta gamma delta lorem epsilon alpha beta gamma delta lorem epsilon…", "\(snippet)")
  }

  @Test func shortAndLongArticlesAreRankedTogether() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("short", title: "Short", html: "<p>one lorem among few words</p>"))
    try store.store(article("long", title: "Long", html: "<p>" + Self.filler + "</p>"))
    let hits = try store.search("lorem")
    #expect(Set(hits.map(\.id)) == ["short", "long"])
    #expect(hits.first { $0.id == "short" }?.snippet == "one [lorem] among few words")
  }

  @Test func theQuerysWordsAreItsTermsWithoutOperatorsOrColumns() {
    typealias Term = SearchSnippet.Term
    #expect(
      SearchSnippet.terms(#"title:Swift AND "Café Crème" NOT beta OR concur*"#) == [
        Term(text: "swift", prefix: false), Term(text: "cafe", prefix: false), Term(text: "creme", prefix: false),
        Term(text: "beta", prefix: false), Term(text: "concur", prefix: true),
      ])
    #expect(SearchSnippet.terms(#""note"*"#) == [Term(text: "note", prefix: true)])
  }
}
