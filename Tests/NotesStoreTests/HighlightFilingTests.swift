import Foundation
import NotesStore
import Testing
import Wire

/// Highlight records filed as notes: one entry per article, extended, never doubled.
@Suite struct HighlightFilingTests {
  let day = Date(timeIntervalSince1970: 1_795_000_000)

  func record(_ id: String, article: String, text: String, note: String? = nil) -> JSONObject {
    HighlightRecord(
      id: id, bookmarkID: "b-" + article, title: "Article " + article, url: "https://example.org/" + article,
      text: text, note: note, color: "yellow", created: day
    ).members.merging(["kind": .string(HighlightRecord.kind)]) { $1 }
  }

  @Test func eachArticleBecomesOneEntryOfQuotesWithTheirNotes() throws {
    try withStore { store, _ in
      var filing = HighlightFiling(category: "Reading", tags: ["mine"])
      #expect(try filing.take(record("h1", article: "a", text: "First\nline two", note: "why")))
      #expect(try filing.take(record("h2", article: "b", text: "Other")))
      #expect(try filing.take(record("h3", article: "a", text: "Second")))
      #expect(try !filing.take(["kind": "mail"]))
      let tally = try filing.file(into: store, now: day)
      #expect(tally.added == 2 && tally.extended == 0 && tally.unchanged == 0)
      let entries = try store.list().sorted { $0.title < $1.title }
      #expect(entries.map(\.title) == ["Article a", "Article b"])
      #expect(entries[0].content == "> First\n> line two\n\nwhy\n\n> Second")
      #expect(entries[0].category == "Reading" && entries[0].tags == ["highlight", "mine"])
      #expect(entries[0].source?.url == "https://example.org/a")
    }
  }

  @Test func filingAgainAddsOnlyTheHighlightsAnEntryLacks() throws {
    try withStore { store, _ in
      var first = HighlightFiling(category: "Reading", tags: [])
      _ = try first.take(record("h1", article: "a", text: "Kept"))
      _ = try first.file(into: store, now: day)

      var again = HighlightFiling(category: "Reading", tags: [])
      _ = try again.take(record("h1", article: "a", text: "Kept"))
      #expect(try again.file(into: store, now: day).unchanged == 1)

      var more = HighlightFiling(category: "Reading", tags: [])
      _ = try more.take(record("h1", article: "a", text: "Kept"))
      _ = try more.take(record("h4", article: "a", text: "New one", note: "later"))
      #expect(try more.file(into: store, now: day.addingTimeInterval(60)).extended == 1)
      let entries = try store.list()
      #expect(entries.count == 1 && entries[0].content == "> Kept\n\n> New one\n\nlater")
      #expect(try store.versions(entries[0].id).map(\.content) == ["> Kept"])
    }
  }
}
