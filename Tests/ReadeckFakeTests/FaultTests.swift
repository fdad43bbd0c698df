import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct FaultTests {
  @Test func statusFaultsComeInOrderThenSuccess() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.inject([.status(503), .status(429, retryAfter: "2")], on: .list)
      let url = "\(fake.baseURL)/api/bookmarks"
      let first = try await client.send(url)
      #expect(first.status == 503)
      #expect(first.text == #"{"status":503,"message":"Service Unavailable"}"# + "\n")
      #expect(first.header("Retry-After") == nil)
      let second = try await client.send(url)
      #expect(second.status == 429)
      #expect(second.header("Retry-After") == "2")
      #expect(second.text == #"{"status":429,"message":"Too Many Requests"}"# + "\n")
      #expect(try await client.send(url).status == 200)
      #expect(fake.pendingFaults() == 0)
    }
  }

  @Test func faultsHitOnlyTheirRouteAndIDs() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.inject([.status(502)], on: .article, ids: [Fixture.articleID])
      let other = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.photoID)/article")
      #expect(other.status == 200)
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks").status == 200)
      let hit = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article")
      #expect(hit.status == 502)
      let again = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article")
      #expect(again.status == 200)
    }
  }

  @Test func delayFaultIsMeasurable() async throws {
    try await withFake(Fixture.all) { fake, client in
      // Long enough that a loaded machine's stalls cannot make the undelayed request look delayed.
      fake.inject([.delay(milliseconds: 2000)], on: .article)
      let url = "\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article"
      let clock = ContinuousClock()
      let start = clock.now
      let delayed = try await client.send(url)
      let elapsed = clock.now - start
      #expect(delayed.status == 200)
      #expect(elapsed >= .milliseconds(2000))
      let quickStart = clock.now
      _ = try await client.send(url)
      #expect(clock.now - quickStart < .milliseconds(2000))
    }
  }

  @Test func resetMidBodyBreaksTheResponse() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.inject([.resetMidBody], on: .article)
      await #expect(throws: (any Error).self) {
        try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article")
      }
      fake.inject([.resetMidBody], on: .bulkSync)
      await #expect(throws: (any Error).self) {
        try await client.send(
          "\(fake.baseURL)/api/bookmarks/sync", method: .POST, headers: jsonAuth,
          body: Array(#"{"with_html":true}"#.utf8))
      }
      let recovered = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article")
      #expect(recovered.status == 200)
    }
  }

  @Test func stallAfterSendsThatManyBodyBytesThenNothingWithTheConnectionOpen() async throws {
    try await withFake(Fixture.all) { fake, _ in
      fake.inject([.stallAfter(bytes: 7)], on: .article)
      let request =
        "GET /api/bookmarks/\(Fixture.articleID)/article HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n"
      let (received, closed) = try rawReceive(port: fake.port, request, for: 1)
      #expect(!closed)
      let text = String(decoding: received, as: UTF8.self)
      let parts = text.components(separatedBy: "\r\n\r\n")
      try #require(parts.count == 2, "\(text)")
      #expect(parts[0].hasPrefix("HTTP/1.1 200"))
      #expect(parts[1].utf8.count == 7)
      // The full length is announced, so a client knows the body is short.
      let length = parts[0].split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      #expect((length.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0) > 7)
    }
  }

  @Test func stallAfterCutsTheBulkStreamMidPart() async throws {
    try await withFake(Fixture.all) { fake, _ in
      fake.inject([.stallAfter(bytes: 300)], on: .bulkSync)
      let body = #"{"with_html":true}"#
      let request =
        "POST /api/bookmarks/sync HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
      let (received, closed) = try rawReceive(port: fake.port, request, for: 1)
      #expect(!closed)
      let crlf: [UInt8] = [13, 10]
      let headEnd = try #require(firstIndex(of: crlf + crlf, in: received))
      #expect(String(decoding: received[..<headEnd], as: UTF8.self).lowercased().contains("transfer-encoding: chunked"))
      // Chunked framing puts a size line before each chunk: the payload itself is 300 bytes, and
      // no zero-size chunk ends the body.
      var payload = 0
      var sizes: [Int] = []
      var rest = Array(received[(headEnd + 4)...])
      while let lineEnd = firstIndex(of: crlf, in: rest),
        let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self), radix: 16)
      {
        sizes.append(size)
        payload += size
        rest = Array(rest.dropFirst(lineEnd + 2 + size + 2))
      }
      #expect(payload == 300)
      #expect(!sizes.isEmpty && !sizes.contains(0), "\(sizes)")
    }
  }

  @Test func malformedJSONIsA200ThatDoesNotParse() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.inject([.malformedJSON], on: .list)
      let response = try await client.send("\(fake.baseURL)/api/bookmarks")
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "application/json; charset=utf-8")
      #expect(!response.body.isEmpty)
      #expect(throws: (any Error).self) { try jsonObject(response.body) }
      let next = try await client.send("\(fake.baseURL)/api/bookmarks")
      #expect(try jsonObject(next.body) is [Any])
    }
  }

  @Test func truncatedMultipartLacksTheClosingBoundary() async throws {
    let library = FakeReadeck.sampleLibrary(count: 3, imagesPerArticle: 1)
    try await withFake(library) { fake, client in
      fake.inject([.truncateMultipart], on: .bulkSync)
      let response = try await client.send(
        "\(fake.baseURL)/api/bookmarks/sync", method: .POST, headers: jsonAuth,
        body: Array(#"{"with_json":true,"with_html":true}"#.utf8))
      #expect(response.status == 200)
      let boundary = try #require(multipartBoundary(of: response.header("Content-Type")))
      let (parts, closed) = parseMultipart(response.body, boundary: boundary)
      #expect(!closed)
      #expect(!response.text.contains("--\(boundary)--"))
      #expect(parts.count == 1)
      #expect(parts.first?.headers["Type"] == "json")
    }
  }

  @Test func dropConnectionAnswersNothing() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.inject([.dropConnection], on: .info)
      let answer = try await rawExchange(port: fake.port, "GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(answer.isEmpty)
      fake.inject([.dropConnection], on: .bookmark)
      await #expect(throws: (any Error).self) {
        try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)")
      }
    }
  }

  @Test func imageFaults() async throws {
    try await withFake([Fixture.article]) { fake, client in
      fake.inject([.status(404)], on: .image)
      let url = "\(fake.baseURL)/bm/Vn/\(Fixture.articleID)/_resources/\(Fixture.imageName)"
      let failed = try await client.send(url, headers: [])
      #expect(failed.status == 404)
      let served = try await client.send(url, headers: [])
      #expect(served.status == 200)
    }
  }
}
