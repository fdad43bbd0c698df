import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore

/// A U+0000 in an article (which GRDB would bind as a C string, cutting it there): the HTML comes
/// back whole, the words after it are found, and the title shows it as U+FFFD.
@Suite struct NulCharacterTests {
  @Test func anArticleHoldingU0000IsKeptWholeAndSearchedToTheEnd() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = "<p>before\u{0}after the nul, zebra words</p>"
    try store.store(article("a1", title: "Head\u{0}tail", html: html))
    #expect(try store.html(id: "a1") == html)
    #expect(try store.stored(id: "a1")?.html == html)
    #expect(try store.search("zebra").map(\.id) == ["a1"])
    #expect(try store.search("tail").map(\.id) == ["a1"])
    #expect(try store.list().map(\.title) == ["Head\u{FFFD}tail"])
  }

  @Test func anExportAndImportKeepsTheWholeHTML() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = "<p>one\u{0}two\u{0}three</p>"
    try store.store(article("a1", title: "T", html: html))
    let archive = folder + "/export.zip"
    _ = try store.export(to: archive, generator: "test")
    let copy = try OfflineStore(path: folder + "/copy/cache.sqlite", creating: true)
    var rejected: [String] = []
    _ = try copy.importArchive(from: archive) { entry, reason in rejected.append("\(entry): \(reason)") }
    #expect(rejected.isEmpty)
    #expect(try copy.html(id: "a1") == html)
  }
}
