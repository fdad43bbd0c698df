import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire
import ZIPFoundation

/// `rk-cache page`, `open`, `text`, `epub` and `export --site` on stores filled by the real
/// pipeline (readeck-fake → rk-fetch → rk-extract-images --embed → rk-cache store), checked by a
/// real browser and by epubcheck where those are installed.
@Suite(.serialized) struct RKCacheReadingTests {
  static let token = "rdk-reading-t0ken"

  /// `bookmarks` fetched, embedded and stored; the store's path and a scratch folder.
  private func withStore(
    _ bookmarks: [FakeBookmark], _ body: (_ db: String, _ folder: String, _ fake: FakeReadeck) async throws -> Void
  ) async throws {
    let folder = TemporaryFolder.path("rk-reading-e2e")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(bookmarks, token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--state", "all", "--limit", "0"],
        environment: ["READECK_TOKEN": Self.token])
      #expect(fetched.status == 0, "\(fetched.stderr)")
      let embedded = try run("rk-extract-images", ["--embed"], stdin: fetched.stdout)
      #expect(embedded.status == 0, "\(embedded.stderr)")
      let stored = try run("rk-cache", ["store", "--db", db], stdin: embedded.stdout)
      #expect(stored.status == 0, "\(stored.stderr)")
      try await body(db, folder, fake)
    }
  }

  private static let samples = FakeReadeck.sampleLibrary(count: 30)

  @Test func textOfEverySampleHasNoMarkupAndRespectsTheWidth() async throws {
    try await withStore(Self.samples) { db, _, _ in
      for sample in Self.samples {
        let result = try run("rk-cache", ["text", "--db", db, "--width", "60", sample.id])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == sample.title)
        #expect(!result.stdout.contains("<") && !result.stdout.contains(">"), "markup in \(sample.id)")
        #expect(
          result.stdout.range(of: "&[#A-Za-z0-9]+;", options: .regularExpression) == nil, "entity in \(sample.id)")
        // Only a word longer than the width (the article's address) stands alone on a wider line.
        #expect(lines.allSatisfy { $0.count <= 60 || !$0.contains(" ") }, "a line wider than 60 in \(sample.id)")
        // Every image is a numbered reference, numbered in order and listed once at the end.
        let used = result.stdout.components(separatedBy: "] [").count - 1
        #expect(used == sample.images.count)
        let listed = lines.drop { $0 != "References:" }.dropFirst().filter { !$0.isEmpty }
        #expect(listed.map { String($0.prefix(4)) } == (1...sample.images.count).map { "[\($0)] " })
        #expect(listed.allSatisfy { $0.contains("(embedded image/png, ") })
      }
      // In a pipe, 80 columns; Markdown on demand.
      let piped = try run("rk-cache", ["text", "--db", db, Self.samples[0].id])
      #expect(piped.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || !$0.contains(" ") })
      #expect(piped.stdout.split(separator: "\n").contains { $0.count > 60 })
      let markdown = try run("rk-cache", ["text", "--db", db, "--markdown", "--width", "0", Self.samples[0].id])
      #expect(markdown.stdout.hasPrefix("# \(Self.samples[0].title)\n"))
      #expect(markdown.stdout.contains("![Figure 1][1]"))
      #expect(markdown.stdout.contains("[1]: <data:image/png;base64,"))
      let missing = try run("rk-cache", ["text", "--db", db, "nope"])
      #expect(missing.status == 1 && missing.stderr == "rk-cache: error: no article nope in the cache\n")
    }
  }

  @Test(.needsEpubcheck) func aBookOfTheSamplesPassesEpubcheck() async throws {
    try await withStore(Self.samples) { db, folder, _ in
      let book = folder + "/samples.epub"
      let written = try run("rk-cache", ["epub", "--db", db, "--since", "1d", "-o", book])
      #expect(written.status == 0, "\(written.stderr)")
      #expect(written.stderr.contains("30 articles, 150 images"), "\(written.stderr)")
      // Debian's /usr/bin/epubcheck is the jar itself.
      let check = try run("/usr/bin/java", ["-jar", "/usr/bin/epubcheck", book])
      #expect(check.status == 0, "epubcheck: \(check.stdout)\(check.stderr)")
      #expect(!check.stdout.contains("ERROR") && !check.stderr.contains("ERROR"), "\(check.stdout)\(check.stderr)")

      let archive = try Archive(url: URL(fileURLWithPath: book), accessMode: .read)
      let chapters = archive.filter { $0.path.hasSuffix(".xhtml") && $0.path != "OEBPS/nav.xhtml" }
      #expect(chapters.count == 30)
      #expect(archive.filter { $0.path.hasPrefix("OEBPS/images/") }.count == 150)
      var titles: [String] = []
      for chapter in chapters {
        var data = Data()
        _ = try archive.extract(chapter) { data.append($0) }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "<img src=\"images/").count - 1 == 5)
        titles += Self.samples.filter {
          text.contains("<title>\($0.title.replacingOccurrences(of: "&", with: "&amp;"))</title>")
        }
        .map(\.id)
      }
      #expect(Set(titles) == Set(Self.samples.map(\.id)))
    }
  }

  @Test func theSiteFolderLinksEveryPage() async throws {
    try await withStore(Self.samples) { db, folder, _ in
      let site = folder + "/site"
      let exported = try run("rk-cache", ["export", "--db", db, "--site", site])
      #expect(exported.status == 0, "\(exported.stderr)")
      #expect(exported.stderr.contains("exported 30 pages and index.html to \(site)"))
      let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
      let links = index.components(separatedBy: "<a href=\"").dropFirst().compactMap {
        $0.split(separator: "\"").first.map(String.init)
      }
      #expect(links.count == 30)
      for link in links {
        #expect(FileManager.default.fileExists(atPath: site + "/" + link), "\(link) does not resolve")
      }
      #expect(Set(links) == Set(Self.samples.map { "articles/\($0.id).html" }))
    }
  }

  @Test func pageAndOpenWriteTheDocument() async throws {
    try await withStore(Array(Self.samples.prefix(2))) { db, folder, _ in
      let id = Self.samples[0].id
      let file = folder + "/a.html"
      let page = try run("rk-cache", ["page", "--db", db, id, "-o", file])
      #expect(page.status == 0 && page.stdout.isEmpty, "\(page.stderr)")
      let html = try String(contentsOfFile: file, encoding: .utf8)
      #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
      #expect(html.contains("<title>\(Self.samples[0].title)</title>"))
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
      #expect(mode?.intValue == 0o600)
      #expect(try run("rk-cache", ["page", "--db", db, id]).stdout == html)
      #expect(try run("rk-cache", ["page", "--db", db, "nope"]).status == 1)

      // No display: the path is printed, and the page is there.
      let cache = folder + "/xdg-cache"
      let opened = try run("rk-cache", ["open", "--db", db, id], environment: ["XDG_CACHE_HOME": cache])
      #expect(opened.status == 0, "\(opened.stderr)")
      #expect(opened.stdout == cache + "/readkeep/pages/\(id).html\n")
      #expect(try String(contentsOfFile: cache + "/readkeep/pages/\(id).html", encoding: .utf8) == html)
    }
  }

  /// html records the access and nothing else: the help said it marked the article read.
  @Test func htmlRecordsTheAccessAndSaysNoMore() async throws {
    let sample = Array(Self.samples.prefix(1))
    try await withStore(sample) { db, _, _ in
      let help = try run("rk-cache", ["html", "--help"]).stdout
      #expect(!help.contains("marks it as read"), "\(help)")
      #expect(help.contains("records when it was opened"))
      let before = try run("rk-cache", ["show", "--db", db, sample[0].id]).records.first
      #expect(try run("rk-cache", ["html", "--db", db, sample[0].id]).status == 0)
      let after = try run("rk-cache", ["show", "--db", db, sample[0].id]).records.first
      #expect(after?["is_archived"] == before?["is_archived"] && after?["read_progress"] == before?["read_progress"])
      #expect(after?["accessed_at"] != nil && after?["accessed_at"] != before?["accessed_at"])
      #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty, "nothing queued for the server")
    }
  }
}
