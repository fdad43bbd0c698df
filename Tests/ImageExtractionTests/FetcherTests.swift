import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Resilience
import TestSupport
import Testing

@testable import ImageExtraction

@Suite struct FetcherTests {
  static let png: [UInt8] = Array(
    Data(
      base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
  )

  /// A fetcher on a fresh spool folder, a client, and the server; everything is stopped after.
  private func withFetcher(
    _ answers: [String: ImageServer.Answer], limits: FetchLimits = FetchLimits(timeout: 5),
    policy: RetryPolicy = RetryPolicy(maxRetries: 2, baseDelay: 0.01),
    _ body: (ImageFetcher, ImageServer) async throws -> Void
  ) async throws {
    let server = try await ImageServer.start(answers)
    let spool = TemporaryFolder.path("fetcher")
    try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
    let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: limits.clientConfiguration)
    do {
      try await body(ImageFetcher(http: http, limits: limits, policy: policy, spool: spool), server)
    } catch {
      try? await http.shutdown()
      try? await server.stop()
      try? FileManager.default.removeItem(atPath: spool)
      throw error
    }
    try await http.shutdown()
    try await server.stop()
    TemporaryFolder.remove(spool)
  }

  @Test func aURLReferencedAThousandTimesIsFetchedOnce() async throws {
    try await withFetcher(["/a.png": .init(body: Self.png, delayMilliseconds: 50)]) { fetcher, server in
      let url = server.baseURL + "/a.png"
      let results = await withTaskGroup(of: Result<FetchedImage, FetchFailure>.self) { group in
        for _ in 0..<1000 { group.addTask { await fetcher.fetch(url, referer: nil) } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(server.requests("/a.png") == 1)
      #expect(results.count == 1000)
      guard case .success(let image) = results[0] else {
        Issue.record("no image")
        return
      }
      #expect(image.mime == "image/png")
      #expect(image.bytes == Self.png.count)
      let bytes = try fetcher.data(of: image)
      #expect(bytes == Data(Self.png))
      #expect(await fetcher.fetch(url, referer: nil) == .success(image))
      #expect(server.requests("/a.png") == 1)
    }
  }

  @Test func typesComeFromBytesAndErrorPagesFail() async throws {
    try await withFetcher([
      "/really-png.jpg": .init(body: Self.png, contentType: "image/jpeg"),
      "/page.png": .init(
        body: Array("<!DOCTYPE html><html><body>Not found</body></html>".utf8), contentType: "image/png"),
      "/empty.png": .init(body: []),
      "/gone.png": .init(status: .notFound, body: Array("<html>404</html>".utf8), contentType: "text/html"),
    ]) { fetcher, server in
      let sniffed = try await fetcher.fetch(server.baseURL + "/really-png.jpg", referer: nil).get()
      #expect(sniffed.mime == "image/png")
      #expect(
        await fetcher.fetch(server.baseURL + "/page.png", referer: nil)
          == .failure(FetchFailure(status: 200, reason: "an HTML page, not an image")))
      #expect(
        await fetcher.fetch(server.baseURL + "/empty.png", referer: nil)
          == .failure(FetchFailure(status: 200, reason: "empty body")))
      #expect(
        await fetcher.fetch(server.baseURL + "/gone.png", referer: nil)
          == .failure(FetchFailure(status: 404, reason: "HTTP 404")))
      // Never a retry on 404.
      #expect(server.requests("/gone.png") == 1)
    }
  }

  @Test func serverErrorsAreRetriedThenSucceedOrFail() async throws {
    try await withFetcher([
      "/busy.png": .init(body: Self.png, failFirst: [.serviceUnavailable, .badGateway]),
      "/down.png": .init(body: Self.png, failFirst: [.serviceUnavailable, .serviceUnavailable, .serviceUnavailable]),
    ]) { fetcher, server in
      let busy = try await fetcher.fetch(server.baseURL + "/busy.png", referer: nil).get()
      #expect(busy.status == 200)
      #expect(server.requests("/busy.png") == 3)
      #expect(
        await fetcher.fetch(server.baseURL + "/down.png", referer: nil)
          == .failure(FetchFailure(status: 503, reason: "HTTP 503")))
      #expect(server.requests("/down.png") == 3)
    }
  }

  @Test func tooLargeImagesStopBeingRead() async throws {
    let big = Self.png + [UInt8](repeating: 0, count: 5000)
    try await withFetcher(
      ["/big.png": .init(body: big), "/small.png": .init(body: Self.png)],
      limits: FetchLimits(timeout: 5, maxImageBytes: 1000)
    ) { fetcher, server in
      guard case .failure(let failure) = await fetcher.fetch(server.baseURL + "/big.png", referer: nil) else {
        Issue.record("a 5 kB image passed a 1 kB cap")
        return
      }
      #expect(failure.reason.hasPrefix("larger than --max-image-bytes"))
      let small = try await fetcher.fetch(server.baseURL + "/small.png", referer: nil).get()
      #expect(small.bytes == Self.png.count)
    }
  }

  @Test func anImageThatStallsMidBodyFailsWithinItsTimeAndIsRetried() async throws {
    let big = Self.png + [UInt8](repeating: 0, count: 50_000)
    try await withFetcher(
      ["/stalls.png": .init(body: big, stallAfterBytes: 1000)], limits: FetchLimits(timeout: 1)
    ) { fetcher, server in
      let started = ContinuousClock.now
      let result = await fetcher.fetch(server.baseURL + "/stalls.png", referer: nil)
      let elapsed = ContinuousClock.now - started
      guard case .failure(let failure) = result else {
        Issue.record("a body that never ended came back as an image")
        return
      }
      #expect(failure.status == nil)
      #expect(failure.reason.contains("timed out"), "\(failure.reason)")
      // A stall is a transport failure: the first attempt and both retries, each cut at 1 s.
      #expect(server.requests("/stalls.png") == 3)
      #expect(elapsed >= .seconds(3) && elapsed < .seconds(30))
    }
  }

  @Test func concurrencyIsBounded() async throws {
    var answers: [String: ImageServer.Answer] = [:]
    for n in 0..<12 { answers["/\(n).png"] = .init(body: Self.png, holdUntilAtOnce: 4) }
    try await withFetcher(answers, limits: FetchLimits(concurrency: 4, timeout: 20)) { fetcher, server in
      await withTaskGroup(of: Void.self) { group in
        for n in 0..<12 { group.addTask { _ = await fetcher.fetch(server.baseURL + "/\(n).png", referer: nil) } }
      }
      // The server holds its answers until 4 are open: never more than that, and all 4 used.
      #expect(server.mostAtOnce == 4)
      #expect(server.totalRequests == 12)
    }
  }

  @Test func everySlotCanGoToOneHost() async throws {
    // Readeck serves all of an article's images: more downloads than AsyncHTTPClient's default
    // 8 connections per host must reach that one server at once.
    var answers: [String: ImageServer.Answer] = [:]
    for n in 0..<24 { answers["/\(n).png"] = .init(body: Self.png, holdUntilAtOnce: 12) }
    try await withFetcher(answers, limits: FetchLimits(concurrency: 12, timeout: 20)) { fetcher, server in
      await withTaskGroup(of: Void.self) { group in
        for n in 0..<24 { group.addTask { _ = await fetcher.fetch(server.baseURL + "/\(n).png", referer: nil) } }
      }
      #expect(server.mostAtOnce == 12)
      #expect(server.totalRequests == 24)
    }
  }
}
