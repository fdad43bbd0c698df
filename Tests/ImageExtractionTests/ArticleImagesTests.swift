import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Resilience
import TestSupport
import Testing
import Wire

@testable import ImageExtraction

/// `ArticleImages.process` against a loopback server that records what it was asked.
@Suite struct ArticleImagesTests {
  /// Runs `body` with a downloading `ArticleImages` and the server; everything is stopped after.
  /// Every path a test asks for: the images, and the article's page, which a wrong reference
  /// would fetch and find to be HTML.
  private static let answers: [String: ImageServer.Answer] = [
    "/post/real.png": .init(body: FetcherTests.png), "/a.png": .init(body: FetcherTests.png),
    "/post/page.html": .init(
      body: Array("<!DOCTYPE html><html><body>the page</body></html>".utf8), contentType: "text/html"),
  ]

  private func withDownloads(_ body: (ArticleImages, ImageServer) async throws -> Void) async throws {
    let server = try await ImageServer.start(Self.answers)
    let spool = TemporaryFolder.path("article-images")
    try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    let fetcher = ImageFetcher(
      http: http, limits: FetchLimits(timeout: 5), policy: RetryPolicy(maxRetries: 0, baseDelay: 0.01), spool: spool)
    let work = ArticleImages(mode: .download, hero: true, fetcher: fetcher, embedder: Embedder.Options())
    var failure: (any Error)?
    do { try await body(work, server) } catch { failure = error }
    try? await http.shutdown()
    try? await server.stop()
    try? FileManager.default.removeItem(atPath: spool)
    if let failure { throw failure }
  }

  private func article(_ html: String, url: String, hero: String? = nil) -> Article {
    var bookmark: JSONObject = ["url": .string(url)]
    if let hero { bookmark["resources"] = ["image": ["src": .string(hero)]] }
    return Article(id: "a1", bookmark: bookmark, html: html, fetchedAt: Date(timeIntervalSince1970: 0))
  }

  /// A placeholder avatar `src="#"` used to fetch the page itself, find HTML, and fail the
  /// article (exit 75 for the whole sync).
  @Test func fragmentOnlyReferencesAreNeitherFetchedNorFailures() async throws {
    try await withDownloads { work, server in
      let html = """
        <img src="#" srcset="#a 1x, real.png 2x"><img src=" #top" data-src="#"><video poster="#"></video>
        <div style="filter: url(#blur)"></div>
        """
      let (output, tally) = await work.process(article(html, url: server.baseURL + "/post/page.html", hero: "#"))
      #expect(server.requestHeads.map(\.uri) == ["/post/real.png"])
      #expect(tally.failed == [])
      #expect(tally.found == 1)
      #expect(output.images?.map(\.url) == ["real.png"])
    }
  }

  /// The Referer is the page's origin, never the user name and password of the bookmark URL.
  @Test func refererCarriesNoCredentials() async throws {
    try await withDownloads { work, server in
      let page =
        server.baseURL.replacingOccurrences(of: "http://", with: "http://alice:secret@") + "/wiki/page.html?token=t"
      let (_, tally) = await work.process(article(#"<img src="/a.png">"#, url: page))
      #expect(tally.failed == [])
      let referers = server.requestHeads.map { $0.headers["Referer"] }
      #expect(referers == [[server.baseURL + "/"]])
    }
  }
}
