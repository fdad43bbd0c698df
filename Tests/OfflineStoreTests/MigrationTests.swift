import ArticleTestSupport
import ContentHash
import Foundation
import GRDB
import TestSupport
import Testing
import Wire

@testable import OfflineStore

@Suite struct MigrationTests {
  /// A store file as version 1 wrote it: schema v1 only, one article with an embedded image.
  private func versionOneStore(at path: String) throws -> String {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: "v1")
    let image = Data(base64Encoded: PNGs.one)!
    let sha = HexDigest.sha256(image)
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO article (id, bookmark, html, title, site, url, labels, image_urls, cached_at, bytes, image_count)
          VALUES ('old', '{"title":"From v1"}', ?, 'From v1', 'example.org', 'https://example.org/old', '["kept"]', '[]', 1700000000, ?, 1);
          INSERT INTO blob (sha256, mime, data, refs) VALUES (?, 'image/png', ?, 1);
          INSERT INTO article_blob (article_id, sha256) VALUES ('old', ?);
          INSERT INTO article_fts (rowid, title, site, url, labels, body) VALUES (1, 'From v1', 'example.org', '', 'kept', 'migrated words');
          """,
        arguments: ["<p>migrated words</p><img src=\"rk-blob:\(sha)\">", 40 + image.count, sha, image, sha])
    }
    try queue.close()
    return "<p>migrated words</p>" + PNGs.img(PNGs.one)
  }

  @Test func aVersionOneStoreMigratesAndKeepsItsArticles() throws {
    let folder = TemporaryFolder.path("store-migration")
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/cache.sqlite"
    let html = try versionOneStore(at: path)

    let store = try OfflineStore(path: path)
    let applied = try store.database.read { db in try Schema.migrator.appliedIdentifiers(db) }
    #expect(applied == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10"])
    let indexes = try store.database.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'article_%'")
    }
    #expect(Set(indexes).isSuperset(of: ["article_read_at", "article_bytes"]))
    let automerge = try store.database.read { db in
      try Int.fetchOne(db, sql: "SELECT v FROM article_fts_config WHERE k = 'automerge'")
    }
    #expect(automerge == 16)

    // The old row reads as before (its image's type from the blob), is found, and can be pruned.
    #expect(try store.html(id: "old", touch: false) == html)
    #expect(try store.search("migrated").map(\.id) == ["old"])
    #expect(try store.entry(id: "old")?.labels == ["kept"])
    try store.store(article("new", title: "After", html: PNGs.img(PNGs.one, mime: "image/PNG")))
    #expect(try store.html(id: "new", touch: false) == PNGs.img(PNGs.one, mime: "image/PNG"))
    #expect(try store.prune(store.prunePlan(PruneLimits(keep: 1), strategy: .fifo)).map(\.id) == ["old"])
    #expect(try store.stats().blobs == 1)
    #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
  }

  @Test func aVersionOneStoreOpenedForReadingIsMigratedFirst() throws {
    let folder = TemporaryFolder.path("store-migration")
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/cache.sqlite"
    _ = try versionOneStore(at: path)

    let store = try OfflineStore(readingAt: path)
    #expect(try store.search("migrated").map(\.id) == ["old"])
    let applied = try DatabaseQueue(path: path).read { db in try Schema.migrator.appliedIdentifiers(db) }
    #expect(applied == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10"])
  }

  @Test func aCreateQueuedBeforeVersionTenIsDrawnWhereItWasPlaced() throws {
    let folder = TemporaryFolder.path("store-migration")
    defer { TemporaryFolder.remove(folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/cache.sqlite"
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: "v9")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO article (id, bookmark, html, title, labels, image_urls, cached_at, bytes, image_count)
          VALUES ('a1', '{}', '<p>Alpha beta</p>', 'One', '[]', '[]', 1700000000, 17, 0);
          INSERT INTO pending_highlight (bookmark_id, action, text, color, start_selector, start_offset, end_selector,
            end_offset, range_start, range_end, queued_at)
          VALUES ('a1', 'create', 'beta', 'blue', 'p[1]', 6, 'p[1]', 10, 6, 10, 1700000100);
          INSERT INTO highlight (id, bookmark_id, created, record) VALUES ('local-hl-1', 'a1', 1700000100,
            '{"kind":"highlight","id":"local-hl-1","bookmark_id":"a1","text":"beta","color":"blue","created":"2023-11-14T22:15:00Z"}');
          """)
    }
    try queue.close()
    let store = try OfflineStore(path: path)
    #expect(try store.articleHighlights(id: "a1")?.placed.map(\.range) == [6..<10])
  }
}
