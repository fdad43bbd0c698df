import Foundation
import TestSupport
import Testing
import Wire

/// rk-cache highlight reads the cached article whole: the store keeps a U+0000 (NulCharacterTests),
/// so a quote after one is found and placed, as the reading commands find it.
@Suite struct RKHighlightNulTests {
  @Test func aQuoteAfterAU0000InTheArticleIsHighlighted() throws {
    let folder = TemporaryFolder.path("rk-highlight-nul")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let line =
      #"{"kind":"article","id":"n1","bookmark":{"title":"Nul"},"html":"<p>before\u0000after</p><p>the zebra crossing</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
    let stored = try run("rk-cache", ["store", "--db", db], stdin: line + "\n")
    #expect(stored.status == 0, "\(stored.stderr)")
    let placed = try run("rk-cache", ["highlight", "--db", db, "n1", "zebra crossing"])
    #expect(placed.status == 0, "\(placed.stderr)")
    let queued = try #require(placed.records(kind: "queued_highlight").first, "\(placed.stdout)")
    #expect(queued["text"] == "zebra crossing")
    #expect(queued["start_selector"] == "p[2]" && queued["start_offset"] == 4)
    #expect(queued["end_selector"] == "p[2]" && queued["end_offset"] == 18)
  }
}
