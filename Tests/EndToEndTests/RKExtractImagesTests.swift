import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// `rk-extract-images` in real pipelines: readeck-fake → rk-fetch → rk-extract-images → rk-cache.
@Suite(.serialized) struct RKExtractImagesTests {
  static let token = "rdk-images-t0ken"

  private func library(_ count: Int, images: Int) -> [FakeBookmark] {
    FakeReadeck.sampleLibrary(count: count, imagesPerArticle: images, allUnread: true)
  }

  @Test func embeddedArticlesReadOfflineFromTheStore() async throws {
    let fake = try await FakeReadeck.start(bookmarks: library(4, images: 3), token: Self.token)
    let folder = TemporaryFolder.path("rk-images-e2e")
    defer { TemporaryFolder.remove(folder) }
    do {
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
      let articles = fetched.records(kind: "article")
      #expect(articles.count == 4)
      let embedded = try run("rk-extract-images", ["--embed"], stdin: fetched.stdout)
      #expect(embedded.status == 0, "\(embedded.stderr)")
      // The bookmarks' own images are fetched but not in the HTML: counted apart, so --list and
      // --embed find the same images.
      #expect(embedded.stderr.contains("images: 12 found, 12 embedded; hero images: 4 fetched\n"), "\(embedded.stderr)")
      let listed = try run("rk-extract-images", ["--list"], stdin: fetched.stdout)
      #expect(listed.records(kind: "image").count == 12)
      #expect(listed.stderr.contains("images: 12 found\n"), "\(listed.stderr)")
      let out = embedded.records(kind: "article")
      #expect(out.count == 4)
      for article in out {
        let html = article["html"]?.stringValue ?? ""
        #expect(!html.contains("_resources/"), "a remote image is left")
        #expect(html.contains("data:image/png;base64,"))
        #expect(article["images"]?.arrayValue?.allSatisfy { $0["sha256"]?.stringValue?.count == 64 } == true)
      }
      // Each image URL went to the server once, the hero images included.
      let imageRequests = fake.requests.filter { $0.path.contains("/_resources/") || $0.path.contains("/img/") }
      #expect(imageRequests.count == Set(imageRequests.map(\.path)).count)
      // The summary record passes through, and the store keeps the images once each.
      #expect(embedded.summary?["complete"] == true)
      let db = folder + "/cache.sqlite"
      #expect(try run("rk-cache", ["store", "--db", db], stdin: embedded.stdout).status == 0)
      let stats = try run("rk-cache", ["stats", "--db", db, "--json"]).records.first
      #expect((stats?["blobs"]?.intValue ?? 0) > 0)
      let id = out[0]["id"]!.stringValue!
      #expect(try run("rk-cache", ["html", "--db", db, id]).stdout == out[0]["html"]?.stringValue)

      // Embedding again changes nothing.
      let again = try run("rk-extract-images", ["--embed"], stdin: embedded.stdout)
      #expect(again.records(kind: "article").map { $0["html"] } == out.map { $0["html"] })
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  /// A slow image holds back only its own article: the downloads of the articles after it start
  /// meanwhile, and every record still leaves in input order.
  @Test func articlesAfterASlowImageAreFetchedMeanwhileAndWrittenInOrder() async throws {
    let fake = try await FakeReadeck.start(bookmarks: library(3, images: 2), token: Self.token)
    do {
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
      let ids = fetched.records(kind: "article").compactMap { $0["id"]?.stringValue }
      try #require(ids.count == 3)
      fake.clearRequests()
      let delay = 8.0
      fake.inject([.delay(milliseconds: Int(delay * 1000))], on: .image, ids: [ids[0]])
      let result = try run("rk-extract-images", ["--download", "--no-hero"], stdin: fetched.stdout)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.records.map { $0["kind"]?.stringValue ?? "" } == ["article", "article", "article", "sync_summary"])
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == ids)
      let images = fake.requests.filter { $0.route == .image }
      let slowAskedAt = try #require(images.filter { $0.bookmarkID == ids[0] }.map(\.receivedAt).min())
      let others = images.filter { $0.bookmarkID != ids[0] }
      #expect(others.count == 4)
      // One article at a time would ask for these only after the slow image was answered.
      #expect(others.allSatisfy { $0.receivedAt < slowAskedAt + delay }, "the later articles waited for the slow image")
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  /// Behind a slow producer a finished article is written at once, not held for more input.
  @Test func anArticleIsWrittenWhileTheInputIsStillOpen() async throws {
    let fake = try await FakeReadeck.start(bookmarks: library(2, images: 1), token: Self.token)
    do {
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
      let lines = fetched.stdout.split(separator: "\n", omittingEmptySubsequences: true)
      try #require(lines.count == 3)
      let (process, input, output) = try startTool("rk-extract-images", ["--embed"])
      try input.write(contentsOf: Data((lines[0] + "\n").utf8))
      let first = try readLine(output, timeout: 30)
      #expect(
        first?.contains(#""data:image/png;base64,"#) == true, "no article before the input ended: \(first ?? "nothing")"
      )
      #expect(process.isRunning)
      try input.write(contentsOf: Data((lines[1...].joined(separator: "\n") + "\n").utf8))
      try input.close()
      let rest = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(rest.split(separator: "\n").count == 2)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  /// A record made by hand needs only its id, its HTML and where it lives: `base_url` instead of
  /// a bookmark, no `fetched_at`; it goes out with no member it did not have.
  @Test func aHandMadeRecordWithABaseURLAndNoBookmark() async throws {
    try await withReadeck(library(1, images: 2), token: Self.token) { fake in
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
      let article = try #require(fetched.records(kind: "article").first)
      let record: JSONValue = [
        "kind": "article", "id": "hand-1", "html": article["html"] ?? "",
        "base_url": article["bookmark"]?["url"] ?? "",
      ]
      let embedded = try run(
        "rk-extract-images", ["--embed"], stdin: String(decoding: try WireCoding.line(record), as: UTF8.self))
      #expect(embedded.status == 0, "\(embedded.stderr)")
      #expect(embedded.stderr.contains("images: 2 found, 2 embedded\n"), "\(embedded.stderr)")
      let out = try #require(embedded.records(kind: "article").first)
      #expect(out["html"]?.stringValue?.contains("data:image/png;base64,") == true)
      #expect(out["bookmark"] == nil && out["fetched_at"] == nil, "\(out)")
      #expect(out["images"]?.arrayValue?.count == 2)
    }
  }

  @Test func listingFailuresAndBadLines() async throws {
    let fake = try await FakeReadeck.start(bookmarks: library(1, images: 1), token: Self.token)
    do {
      let base = fake.baseURL
      let article =
        #"{"kind":"article","id":"x1","bookmark":{"url":"\#(base)/page/"},"html":"<img src=\"../missing.png\"><img srcset=\"a.png 1x, a.png 2x\">","fetched_at":"2026-11-22T00:00:00Z"}"#
      let other = #"{"kind":"sync_summary","note":"passes"}"#
      let listed = try run("rk-extract-images", ["--list"], stdin: article + "\n" + other + "\nnot json\n")
      #expect(listed.status == 65)
      #expect(listed.stderr.contains("<stdin>:3:"))
      let images = listed.records(kind: "image")
      #expect(images.map { $0["resolved"]?.stringValue } == ["\(base)/missing.png", "\(base)/page/a.png"])
      #expect(images.allSatisfy { $0["article_id"] == "x1" })
      #expect(listed.records(kind: "sync_summary").count == 1)
      // --strict stops at the bad line, with everything before it written.
      let strict = try run(
        "rk-extract-images", ["--strict"], stdin: article + "\n" + other + "\nnot json\n" + article + "\n")
      #expect(strict.status == 65)
      #expect(strict.records.map { $0["kind"]?.stringValue ?? "" } == ["article", "sync_summary"])

      let failed = try run("rk-extract-images", ["--download", "--retries", "0"], stdin: article)
      #expect(failed.status == 75)
      #expect(failed.stderr.contains("images: 2 found, 0 fetched, 2 failed"), "\(failed.stderr)")
      let reported = failed.records(kind: "article").first?["images"]?.arrayValue ?? []
      #expect(reported.first?["status"] == 404)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }
}
