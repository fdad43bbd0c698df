import ArticleFormats
import ArticleTestSupport
import Foundation
import OfflineStore
import Testing
import ZIPFoundation

/// The folder of pages and the ZIP export's index: every link resolves to a file written.
@Suite struct SiteExportTests {
  /// The `href` values of `a` elements, in order.
  static func links(in html: String) -> [String] {
    html.components(separatedBy: "<a href=\"").dropFirst().compactMap {
      $0.split(separator: "\"").first.map(String.init)
    }
  }

  @Test func everyLinkOfTheIndexResolvesAndTheNewestComesFirst() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.store(article("old", title: "Old one", html: "<p>a</p>"), now: Date(timeIntervalSince1970: 1_000))
    _ = try store.store(
      article("new/odd id", title: "New <one>", html: "<p>b</p>"), now: Date(timeIntervalSince1970: 2_000))
    let site = folder + "/site"
    let summary = try SiteExport.write(store, to: site)
    #expect(summary.articles == 2)
    let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
    let links = Self.links(in: index)
    #expect(links.count == 2)
    for link in links { #expect(FileManager.default.fileExists(atPath: site + "/" + link), "\(link) is missing") }
    #expect(links[1] == "articles/old.html")
    #expect(index.range(of: "New &lt;one&gt;")!.lowerBound < index.range(of: "Old one")!.lowerBound)
    #expect(index.contains("<td>Example</td><td>2026-03-01</td><td>4 min</td>"))
    let page = try String(contentsOfFile: site + "/" + links[1], encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<title>Old one</title>"))
  }

  @Test func theZIPExportGainsTheSameIndex() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.store(article("a1", title: "One", html: "<p>a</p>"))
    _ = try store.store(article("a2", title: "Two", html: "<p>b</p>"))
    let path = folder + "/export.zip"
    _ = try store.export(to: path, generator: "test") { SiteIndex.html(exported: $0) }
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    let entry = try #require(archive["index.html"])
    var data = Data()
    _ = try archive.extract(entry) { data.append($0) }
    let links = Self.links(in: String(decoding: data, as: UTF8.self))
    #expect(Set(links) == ["articles/a1.html", "articles/a2.html"])
    for link in links { #expect(archive[link] != nil, "\(link) is not in the archive") }
  }
}
