import ArticleFormats
import ArticleTestSupport
import Foundation
import OfflineStore
import Testing
import Wire
import ZIPFoundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Books from a real store, read back from the ZIP file: structure, images once, metadata,
/// well-formed chapters, WebP handling.
@Suite struct EPUBBookTests {
  private func book(_ articles: [Article], title: String? = nil) throws -> (
    entries: [String: Data], order: [String], summary: EPUBBook.Summary
  ) {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for article in articles { _ = try store.store(article) }
    let path = folder + "/book.epub"
    let book = try EPUBBook(path: path, now: Date(timeIntervalSince1970: 1_800_000_000))
    for article in articles { try book.add(try #require(try store.stored(id: article.id))) }
    let summary = try book.finish(title: title)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    var entries: [String: Data] = [:]
    var order: [String] = []
    for entry in archive {
      var data = Data()
      _ = try archive.extract(entry) { data.append($0) }
      entries[entry.path] = data
      order.append(entry.path)
      if entry.path == "mimetype" { #expect(entry.type == .file && !entry.isCompressed) }
    }
    return (entries, order, summary)
  }

  private func text(_ data: Data?) -> String { data.map { String(decoding: $0, as: UTF8.self) } ?? "" }

  @Test func aBookHasItsPartsAndEachImageOnce() throws {
    let shared = "<img src=\"\(Images.uri(Images.png))\" alt=\"shared\">"
    let (entries, order, summary) = try book([
      article("a1", title: "First & one", html: "<h1>First &amp; one</h1><p>Text<br>more</p>\(shared)"),
      article(
        "a2", title: "Second", html: "<p>x</p>\(shared)<img src=\"\(Images.uri(Images.png2))\" alt=\"own\">",
        lang: "de", authors: ["Ada Park"]),
    ])
    #expect(order.first == "mimetype")
    #expect(text(entries["mimetype"]) == "application/epub+zip")
    #expect(text(entries["META-INF/container.xml"]).contains("full-path=\"OEBPS/content.opf\""))
    #expect(summary.chapters == 2 && summary.images == 2)
    let images = order.filter { $0.hasPrefix("OEBPS/images/") }
    #expect(images.count == 2)
    #expect(images.allSatisfy { $0.hasSuffix(".png") })
    let opf = text(entries["OEBPS/content.opf"])
    #expect(opf.contains("<dc:title>Readeck articles, 2027-01-15</dc:title>"))
    #expect(opf.contains("<dc:creator>Jane Doe</dc:creator>") && opf.contains("<dc:creator>Ada Park</dc:creator>"))
    #expect(opf.contains("<meta property=\"dcterms:modified\">2027-01-15T08:00:00Z</meta>"))
    #expect(opf.contains("properties=\"nav\""))
    #expect(opf.contains("<itemref idref=\"c1\"/>\n<itemref idref=\"c2\"/>"))
    for image in images {
      #expect(opf.contains("href=\"\(image.dropFirst("OEBPS/".count))\" media-type=\"image/png\""))
    }
    let nav = text(entries["OEBPS/nav.xhtml"])
    #expect(nav.contains("<li><a href=\"c1.xhtml\">First &amp; one</a></li>"))
    #expect(nav.contains("<li><a href=\"c2.xhtml\">Second</a></li>"))
    let first = text(entries["OEBPS/c1.xhtml"])
    #expect(first.contains("<p>Text<br/>more</p>"))
    #expect(first.components(separatedBy: "First &amp; one</h1>").count == 2)  // the header's only
    #expect(text(entries["OEBPS/c2.xhtml"]).contains("xml:lang=\"de\""))
    for name in order where name.hasSuffix(".xhtml") || name.hasSuffix(".opf") {
      let parser = XMLParser(data: entries[name]!)
      #expect(parser.parse(), "\(name) is not well-formed: \(String(describing: parser.parserError))")
    }
  }

  @Test func tagSoupBecomesWellFormedXHTML() throws {
    let html = """
      <p>open paragraph<div>block</div><ul><li>one<li>two</ul><table><tr><td>a<td>b</table>\
      <span id="x" class="c" onclick="f()">s</span><a href="#x">in page</a><a href="https://e.example/?a=1&amp;b=2">out</a>\
      <svg><circle r="1"/></svg><script>if (a < b) {}</script><p>&nbsp;&#1;</p><img src="https://remote.example/i.png" alt="remote">
      """
    let (entries, _, _) = try book([article("a1", title: "Soup", html: html)])
    let chapter = text(entries["OEBPS/c1.xhtml"])
    #expect(XMLParser(data: Data(chapter.utf8)).parse())
    #expect(chapter.contains("<p>open paragraph</p><div>block</div><ul><li>one</li><li>two</li></ul>"))
    #expect(chapter.contains("<table><tr><td>a</td><td>b</td></tr></table>"))
    #expect(chapter.contains("<span class=\"c\">s</span><a>in page</a>"))
    #expect(chapter.contains("<a href=\"https://e.example/?a=1&amp;b=2\">out</a>"))
    #expect(!chapter.contains("circle") && !chapter.contains("if (a"))
    #expect(chapter.contains("[remote]") && !chapter.contains("remote.example"))
  }

  @Test func webPIsAPlainImageWithAFallbackAndPicturesPreferACoreType() throws {
    let html = """
      <picture><source type="image/webp" srcset="\(Images.uri(Images.webp, "image/webp"))">\
      <img src="\(Images.uri(Images.png))" alt="either"></picture>\
      <picture><source srcset="\(Images.uri(Images.webp, "image/webp")) 1x"><img alt="webp only"></picture>
      """
    let (entries, order, _) = try book([article("a1", title: "Pictures", html: html)])
    let chapter = text(entries["OEBPS/c1.xhtml"])
    #expect(!chapter.contains("<picture") && !chapter.contains("<source") && !chapter.contains("srcset"))
    let images = order.filter { $0.hasPrefix("OEBPS/images/") }
    #expect(images.count == 3)  // the PNG, the WebP and the fallback
    let png = try #require(images.first { $0.hasSuffix(".png") && !$0.hasSuffix("fallback.png") }).dropFirst(
      "OEBPS/".count)
    let webp = try #require(images.first { $0.hasSuffix(".webp") }).dropFirst("OEBPS/".count)
    #expect(chapter.contains("<img src=\"\(png)\" alt=\"either\"/>"))
    #expect(chapter.contains("<img src=\"\(webp)\" alt=\"webp only\"/>"))
    let opf = text(entries["OEBPS/content.opf"])
    #expect(opf.contains("href=\"\(webp)\" media-type=\"image/webp\" fallback=\"fallback-image\""))
    #expect(opf.contains("<item id=\"fallback-image\" href=\"images/fallback.png\" media-type=\"image/png\"/>"))
  }
}
