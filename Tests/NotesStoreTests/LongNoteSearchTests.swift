import Foundation
import NotesStore
import Testing
import Wire

/// A note longer than FTS5's snippet bound (1 MB took 11.6 s): its snippet is cut around the
/// first term, in FTS5's form, and a quoted prefix (`treff*` becomes `"treff"*`) still marks.
@Suite struct LongNoteSearchTests {
  @Test func aLongNoteGetsASnippetAroundItsFirstTerm() throws {
    try withStore { store, _ in
      let content = "Notes of the day.\n" + String(repeating: "lorem ipsum dolor sit amet\n", count: 40_000)
      let long = try store.add(.init(title: "Long", content: content))!
      let short = try store.add(.init(title: "Short", content: "a short lorem note"))!
      let hits = try store.search("lorem")
      #expect(Set(hits.map(\.id)) == [long.id, short.id])
      #expect(hits.first { $0.id == short.id }?.snippet == "a short [lorem] note")
      #expect(
        hits.first { $0.id == long.id }?.snippet
          == "…the day.\n[lorem] ipsum dolor sit amet\n[lorem] ipsum dolor sit amet…")
      let prefix = try store.search("ipsu*").first { $0.id == long.id }?.snippet
      #expect(prefix?.contains("[ipsum]") == true, "\(prefix ?? "")")
    }
  }
}
