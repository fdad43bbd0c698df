import ArticleTestSupport
import Foundation
import Testing
import Wire

@testable import OfflineStore

/// What `stats` counts per label and per site: each label's and site's articles and their bytes
/// (HTML plus images), largest first.
@Suite struct StoragePerLabelTests {
  /// Four articles of known size, their HTML alone (no images):
  ///
  /// | id | HTML                     | bytes | labels                     | site                      |
  /// |----|--------------------------|-------|----------------------------|---------------------------|
  /// | a1 | `<p>one</p>`             | 10    | swift, rust, zeta, alpha   | swift.org                 |
  /// | a2 | `<p>second</p>`          | 13    | swift, go                  | swift.org                 |
  /// | a3 | `<p>third article</p>`   | 20    | —                          | none: the name, "Example" |
  /// | a4 | `<p>x</p>`               | 8     | rust                       | none at all               |
  func filledStore() throws -> (OfflineStore, folder: String) {
    let (store, folder) = try makeStore()
    let items: [(String, String, [String], String?)] = [
      ("a1", "<p>one</p>", ["swift", "rust", "zeta", "alpha"], "swift.org"),
      ("a2", "<p>second</p>", ["swift", "go"], "swift.org"),
      ("a3", "<p>third article</p>", [], nil),
      ("a4", "<p>x</p>", ["rust"], ""),
    ]
    for (id, html, labels, site) in items {
      var record = article(id, title: id, html: html, labels: labels)
      record.bookmark["site"] = site.map(JSONValue.string)
      if site == "" { record.bookmark["site_name"] = nil }
      try store.store(record)
    }
    return (store, folder)
  }

  @Test func eachLabelCountsItsArticlesAndTheirBytesLargestFirst() throws {
    let (store, folder) = try filledStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let labels = try store.stats().labels.map { "\($0.name) \($0.count) \($0.bytes)" }
    // swift 10 + 13, rust 10 + 8, go 13; alpha and zeta tie at 10 and go by name.
    #expect(labels == ["swift 2 23", "rust 2 18", "go 1 13", "alpha 1 10", "zeta 1 10"])
  }

  @Test func eachSiteIsReadecksSiteElseTheSitesNameAndAnArticleWithNeitherIsLeftOut() throws {
    let (store, folder) = try filledStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sites = try store.stats().sites.map { "\($0.name) \($0.count) \($0.bytes)" }
    #expect(sites == ["swift.org 2 23", "Example 1 20"])
  }

  @Test func theFiguresFollowTheArticlesAndTheirLabels() throws {
    let (store, folder) = try filledStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.remove(ids: ["a2"])
    var bookmark = try #require(try store.article(id: "a4")).bookmark
    bookmark["labels"] = ["go"]
    try store.updateMetadata(BookmarkRecord(id: "a4", bookmark: bookmark, fetchedAt: Date()))
    let stats = try store.stats()
    #expect(
      stats.labels.map { "\($0.name) \($0.count) \($0.bytes)" } == [
        "alpha 1 10", "rust 1 10", "swift 1 10", "zeta 1 10", "go 1 8",
      ])
    #expect(stats.sites.map { "\($0.name) \($0.count) \($0.bytes)" } == ["Example 1 20", "swift.org 1 10"])
  }

  @Test func anEmptyStoreHasNone() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let stats = try store.stats()
    #expect(stats.labels.isEmpty && stats.sites.isEmpty)
  }
}
