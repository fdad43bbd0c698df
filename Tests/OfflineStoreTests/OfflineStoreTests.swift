import ArticleTestSupport
import Foundation
import GRDB
import HTMLScan
import Testing
import Wire

@testable import OfflineStore

@Suite struct OfflineStoreTests {
  @Test func theFileIsPrivateAndInWALMode() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let mode = try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
  }

  @Test func htmlComesBackByteForByteWithItsImages() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = """
      <p>Ünïcode &amp; text</p><img src="data:image/png;base64,\(PNGs.one)" alt=x>\
      <img srcset="data:image/png;base64,\(PNGs.two) 1x, data:image/png;base64,\(PNGs.one) 2x">\
      <img src="data:image/png;base64,notcanonical=">
      """
    #expect(try store.store(article("a1", title: "One", html: html)) == .inserted)
    #expect(try store.html(id: "a1") == html)
    let stored = try store.database.read { db in try String.fetchOne(db, sql: "SELECT html FROM article") }
    #expect(stored?.contains(PNGs.one) == false)
    #expect(stored?.contains("data:image/png;base64,notcanonical=") == true)
    #expect(try store.html(id: "missing") == nil)
  }

  @Test func imagesAreStoredOnceAndCountedByTheirArticles() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shared = "<img src=\"data:image/png;base64,\(PNGs.one)\">"
    try store.store(article("a1", title: "One", html: shared + shared))
    try store.store(article("a2", title: "Two", html: "<p>two</p>" + shared))
    func blobs() throws -> [Int] {
      try store.database.read { db in try Int.fetchAll(db, sql: "SELECT refs FROM blob") }
    }
    #expect(try blobs() == [2])
    #expect(try store.stats().blobs == 1)

    #expect(try store.remove(ids: ["a1"]).map(\.id) == ["a1"])
    #expect(try blobs() == [1])
    #expect(try store.html(id: "a2")?.contains(PNGs.one) == true)
    _ = try store.remove(ids: ["a2"])
    #expect(try blobs() == [])
    let integrity = try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    #expect(integrity == "ok")
  }

  @Test func replacingAnArticleMovesItsImageReferences() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<img src=\"data:image/png;base64,\(PNGs.one)\">"))
    #expect(
      try store.store(article("a1", title: "One v2", html: "<img src=\"data:image/png;base64,\(PNGs.two)\">"))
        == .updated)
    let blobs = try store.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blob") }
    #expect(blobs == 1)
    #expect(try store.entry(id: "a1")?.title == "One v2")
    #expect(try store.list().count == 1)
  }

  @Test func fullTextSearchRanksAndHighlights() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(
      article(
        "s1", title: "Swift concurrency",
        html: "<p>Actors and <b>tasks</b> in Swift.</p><script>var hidden = 'zebra';</script>"))
    try store.store(
      article("s2", title: "Gardening", html: "<p>Tomatoes need sun. Swift growth.</p>", labels: ["garden"]))
    let hits = try store.search("swift")
    #expect(hits.map(\.id) == ["s1", "s2"])
    #expect(hits.first?.snippet.contains("[Swift]") == true)
    #expect(try store.search("tomatoes").map(\.id) == ["s2"])
    #expect(try store.search("garden").map(\.id) == ["s2"])  // labels are indexed
    #expect(try store.search("zebra").isEmpty)  // scripts are not text
    #expect(throws: StoreError.self) { try store.search("\"unbalanced") }
  }

  @Test func listFiltersSortsAndTouches() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(
      article("old", title: "B old", html: "<p>x</p>", labels: ["keep"]), now: Date(timeIntervalSince1970: 100))
    try store.store(
      article("new", title: "A new", html: String(repeating: "<p>big</p>", count: 100), site: "other.net"),
      now: Date(timeIntervalSince1970: 200))
    #expect(try store.list().map(\.id) == ["new", "old"])
    #expect(try store.list(sort: .title).map(\.id) == ["new", "old"])
    #expect(try store.list(sort: .size).map(\.id) == ["new", "old"])
    #expect(try store.list(label: "keep").map(\.id) == ["old"])
    #expect(try store.list(site: "other.net").map(\.id) == ["new"])
    #expect(try store.list(limit: 1).count == 1)
    _ = try store.html(id: "old", now: Date(timeIntervalSince1970: 300))
    #expect(try store.list(sort: .accessed).map(\.id) == ["old", "new"])
    #expect(try store.entry(id: "old")?.accessedAt == Date(timeIntervalSince1970: 300))
    #expect(try store.entry(id: "old")?.labels == ["keep"])
    #expect(try store.ids() == ["new", "old"])
  }

  @Test func metadataUpdatesOnlyTouchCachedArticles() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "Old title", html: "<p>x</p>"))
    let renamed = BookmarkRecord(id: "a1", bookmark: ["title": "New title", "labels": ["fresh"]], fetchedAt: Date())
    #expect(try store.updateMetadata(renamed))
    #expect(try store.entry(id: "a1")?.title == "New title")
    #expect(try store.search("fresh").map(\.id) == ["a1"])
    #expect(try store.updateMetadata(BookmarkRecord(id: "nope", bookmark: [:], fetchedAt: Date())) == false)
    #expect(try store.contains(id: "nope") == false)
  }

  @Test func statsAndSyncTime() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try store.lastSync() == nil)
    try store.store(article("a1", title: "One", html: "<img src=\"data:image/png;base64,\(PNGs.one)\">"))
    try store.recordSync(at: Date(timeIntervalSince1970: 1_800_000_000))
    let stats = try store.stats()
    #expect(stats.count == 1)
    #expect(stats.blobs == 1)
    #expect(stats.blobBytes == Data(base64Encoded: PNGs.one)!.count)
    #expect(stats.bytes == "<img src=\"rk-blob:".utf8.count + 64 + 2 + stats.blobBytes)
    #expect(stats.lastSync == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(stats.largest.map(\.id) == ["a1"])
  }
}

@Suite struct VisibleTextTests {
  @Test func tagsScriptsAndEntities() {
    #expect(
      HTMLPlainText.text("<p>a&amp;b</p><style>p{}</style><p>c&#233;&#x41;&nbsp;d</p>", layout: .words) == "a&b céA d")
    #expect(HTMLPlainText.text("one<br>two & three &bogus; end", layout: .words) == "one two & three &bogus; end")
  }
}

@Suite struct SavedArticlesTests {
  @Test func theSelectionASyncWouldHaveMadeLessWhatItWroteNewestFirst() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (index, id) in ["a", "b", "c", "d"].enumerated() {
      try store.store(
        article(id, title: id, html: "<p>\(id)</p>", labels: id == "c" ? [] : ["read"]),
        now: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
    }
    var served: [String] = []
    let count = try store.savedArticles(labels: ["read"], limit: 2, leavingOut: ["d"]) { served.append($0.id) }
    #expect(served == ["b"], "d and b are the newest two with the label; d was written already")
    #expect(count == 1)
    served = []
    try store.savedArticles(labels: [], limit: nil, leavingOut: []) { served.append($0.id) }
    #expect(served == ["d", "c", "b", "a"])
  }

  /// Several labels mean any of them, as the sync's selection: the newest LIMIT of them all, not
  /// one label's newest and then the next's.
  @Test func severalLabelsServeTheNewestOfThemAllEachOnce() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let labels: [(String, [String])] = [("a2", ["a"]), ("a1", ["a"]), ("ab", ["a", "b"]), ("b1", ["b"]), ("c", ["c"])]
    for (index, (id, labels)) in labels.enumerated() {
      try store.store(
        article(id, title: id, html: "<p>\(id)</p>", labels: labels),
        now: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
    }
    var served: [String] = []
    try store.savedArticles(labels: ["a", "b"], limit: 3, leavingOut: []) { served.append($0.id) }
    #expect(served == ["b1", "ab", "a1"])
  }
}
