import ArticleTestSupport
import ContentHash
import Foundation
import GRDB
import Testing
import Wire
import ZIPFoundation

@testable import OfflineStore

@Suite struct ArchiveTests {
  private let cached = Date(timeIntervalSince1970: 1_800_000_000.123456)

  /// Three articles: two share an image, one spells the same bytes' type differently, one has
  /// an id that is no file name; one was read; the store was synced.
  private func filledStore() throws -> (OfflineStore, String, [String: String]) {
    let (store, folder) = try makeStore()
    let html = [
      "a1": "<h1>Ünïcode</h1>" + PNGs.img(PNGs.one) + "<p>text</p>" + PNGs.img(PNGs.two),
      "a2": "<p>two</p>" + PNGs.img(PNGs.one, mime: "image/PNG")
        + "<img srcset=\"data:image/png;base64,\(PNGs.two) 2x\">",
      "../odd id/": "<p>no images</p><img src=\"data:image/png;base64,notcanonical=\">",
    ]
    for (offset, id) in html.keys.sorted().enumerated() {
      try store.store(
        article(id, title: "Title \(id)", html: html[id]!, labels: ["l\(offset)"]),
        now: cached.addingTimeInterval(Double(offset)))
    }
    _ = try store.html(id: "a2", now: cached.addingTimeInterval(100))
    try store.recordSync(at: cached.addingTimeInterval(50))
    return (store, folder, html)
  }

  private func bookmarks(_ store: OfflineStore) throws -> [String: String] {
    try store.database.read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, bookmark FROM article").map {
          ($0["id"], $0["bookmark"])
        })
    }
  }

  @Test func exportThenImportIntoAnEmptyStoreReproducesEveryArticle() throws {
    let (store, folder, html) = try filledStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let zipPath = folder + "/export.zip"
    let summary = try store.export(to: zipPath, generator: "test")
    #expect(summary.articles == 3)
    #expect(summary.images == 2)
    let mode = try FileManager.default.attributesOfItem(atPath: zipPath)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["export.zip", "store"])

    // Each image once, articles browsable: their HTML points to the image files.
    let zip = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .read)
    let paths = zip.map(\.path)
    #expect(paths.filter { $0.hasPrefix("images/") }.count == 2)
    #expect(paths.contains("manifest.json"))
    #expect(paths.contains("articles/a1.html"))
    #expect(paths.contains { $0.hasPrefix("articles/id-") && $0.hasSuffix(".json") })
    var browsable = Data()
    _ = try zip.extract(zip["articles/a1.html"]!) { browsable.append($0) }
    let sha = HexDigest.sha256(Data(base64Encoded: PNGs.one)!)
    #expect(String(decoding: browsable, as: UTF8.self).contains("src=\"../images/\(sha).png\""))
    #expect(paths.contains("images/\(sha).png"))

    let (copy, copyFolder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: copyFolder) }
    var rejected: [String] = []
    let imported = try copy.importArchive(from: zipPath) { entry, reason in rejected.append("\(entry): \(reason)") }
    #expect(rejected == [])
    #expect(imported == CacheArchive.ImportSummary(inserted: 3))
    for (id, original) in html { #expect(try copy.html(id: id, touch: false) == original, "\(id)") }
    #expect(try copy.list() == store.list())
    #expect(try bookmarks(copy) == bookmarks(store))
    #expect(try copy.lastSync() == store.lastSync())
    #expect(try copy.stats() == store.stats())
    #expect(try copy.search("Ünïcode").map(\.id) == ["a1"])
  }

  @Test func importMergesByIdKeepingWhatWasCachedLater() throws {
    let (store, folder, _) = try filledStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")

    let (other, otherFolder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: otherFolder) }
    try other.store(article("a1", title: "Older copy", html: "<p>old</p>"), now: cached.addingTimeInterval(-10))
    try other.store(article("a2", title: "Newer copy", html: "<p>new</p>"), now: cached.addingTimeInterval(1000))
    try other.store(article("own", title: "Only here", html: "<p>own</p>"), now: cached)
    try other.recordSync(at: cached.addingTimeInterval(5000))
    let summary = try other.importArchive(from: zipPath) { _, _ in }
    #expect(summary == CacheArchive.ImportSummary(inserted: 1, updated: 1, keptNewer: 1))
    #expect(try other.entry(id: "a1")?.title == "Title a1")
    #expect(try other.entry(id: "a1")?.cachedAt == store.entry(id: "a1")?.cachedAt)
    #expect(try other.entry(id: "a2")?.title == "Newer copy")
    #expect(try other.contains(id: "own"))
    #expect(try other.lastSync() == cached.addingTimeInterval(5000))
    // Shared images are counted right after the merge: dropping a1 keeps the one a2 had.
    _ = try other.remove(ids: ["a1", "a2", "own", "../odd id/"])
    #expect(try other.stats().blobs == 0)
    #expect(try other.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
  }

  @Test func aDamagedArticleIsRejectedAndTheOthersAreImported() throws {
    let (store, folder, html) = try filledStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let zipPath = folder + "/export.zip"
    _ = try store.export(to: zipPath, generator: "test")
    // A copy of the archive with one image's bytes changed and one article's HTML edited.
    let twoSHA = HexDigest.sha256(Data(base64Encoded: PNGs.two)!)
    let tampered = folder + "/tampered.zip"
    try copyArchive(zipPath, to: tampered) { path, data in
      if path == "images/\(twoSHA).png" { return Data(data.reversed()) }
      if path.hasPrefix("articles/id-"), path.hasSuffix(".html") { return Data("<p>changed</p>".utf8) }
      return data
    }
    let (copy, copyFolder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: copyFolder) }
    var rejected: [String] = []
    let summary = try copy.importArchive(from: tampered) { entry, reason in rejected.append("\(entry): \(reason)") }
    #expect(summary.inserted == 0)
    #expect(summary.rejected == 3)
    #expect(rejected.sorted().first == "articles/a1.json: images/\(twoSHA).png does not match its hash")
    #expect(rejected.contains { $0.hasSuffix(".html does not match its hash") })

    // Only the edited article's HTML is damaged in this one: the other two come in whole.
    let halfTampered = folder + "/half.zip"
    try copyArchive(zipPath, to: halfTampered) { path, data in
      path.hasPrefix("articles/id-") && path.hasSuffix(".html") ? Data("<p>changed</p>".utf8) : data
    }
    let partial = try copy.importArchive(from: halfTampered) { _, _ in }
    #expect(partial.inserted == 2 && partial.rejected == 1)
    #expect(try copy.html(id: "a1", touch: false) == html["a1"])
    #expect(try copy.contains(id: "../odd id/") == false)
  }

  @Test func whatIsNotAnExportIsRefusedWithAReason() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func reason(_ path: String) -> String? {
      do {
        _ = try store.importArchive(from: path) { _, _ in }
        return nil
      } catch { return "\(error)" }
    }
    #expect(reason(folder + "/none.zip") == "\(folder)/none.zip: no such file")
    let text = folder + "/text.zip"
    try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
    #expect(reason(text) == "\(text): not a ZIP archive")

    let newer = folder + "/newer.zip"
    let zip = try Archive(url: URL(fileURLWithPath: newer), accessMode: .create)
    let manifest = Data(
      #"{"format":"readkeep-cache","version":2,"created_at":"2027-01-01T00:00:00Z","generator":"rk-cache 9"}"#.utf8)
    try zip.addEntry(with: "manifest.json", type: .file, uncompressedSize: Int64(manifest.count)) { position, size in
      manifest.subdata(in: Int(position)..<Int(position) + size)
    }
    #expect(reason(newer)?.contains("format version 2 by rk-cache 9; this rk-cache reads up to version 1") == true)
  }

  @Test func aFailedExportLeavesNoFileBehind() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.store(article("a1", title: "One", html: "<p>x</p>"))
    #expect(throws: CacheArchive.ArchiveError.self) {
      try store.export(to: folder + "/missing/dir/x.zip", generator: "test")
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
  }

  /// Copies every entry of a ZIP file, letting `change` alter an entry's bytes.
  private func copyArchive(_ source: String, to target: String, change: (String, Data) -> Data) throws {
    let input = try Archive(url: URL(fileURLWithPath: source), accessMode: .read)
    let output = try Archive(url: URL(fileURLWithPath: target), accessMode: .create)
    for entry in input {
      var data = Data()
      _ = try input.extract(entry) { data.append($0) }
      let changed = change(entry.path, data)
      try output.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(changed.count)) { position, size in
        changed.subdata(in: Int(position)..<Int(position) + size)
      }
    }
  }
}
