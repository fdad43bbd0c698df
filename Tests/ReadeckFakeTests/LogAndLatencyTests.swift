import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import NIOHTTP1
import ReadeckFake
import Testing

@Suite struct LogAndLatencyTests {
  @Test func requestsAreLoggedInArrivalOrder() async throws {
    try await withFake(Fixture.all) { fake, client in
      let before = FakeReadeck.monotonicNow()
      _ = try await client.send("\(fake.baseURL)/api/bookmarks?is_archived=false&type=article&type=photo")
      _ = try await client.send("\(fake.baseURL)/api/bookmarks/\(Fixture.articleID)/article")
      _ = try await client.send(
        "\(fake.baseURL)/bm/Vn/\(Fixture.articleID)/_resources/\(Fixture.imageName)", headers: [])
      _ = try await client.send("\(fake.baseURL)/nowhere", method: .POST, headers: [])
      let log = fake.requests
      #expect(log.map(\.method) == ["GET", "GET", "GET", "POST"])
      #expect(
        log.map(\.path) == [
          "/api/bookmarks", "/api/bookmarks/\(Fixture.articleID)/article",
          "/bm/Vn/\(Fixture.articleID)/_resources/\(Fixture.imageName)", "/nowhere",
        ])
      #expect(log.map(\.route) == [.list, .article, .image, nil])
      #expect(log.map(\.bookmarkID) == [nil, Fixture.articleID, Fixture.articleID, nil])
      #expect(log[0].query.map { "\($0.0)=\($0.1)" } == ["is_archived=false", "type=article", "type=photo"])
      #expect(log[0].header("authorization") == "Bearer \(token)")
      #expect(log[2].header("Authorization") == nil)
      #expect(log.first!.receivedAt >= before)
      #expect(zip(log, log.dropFirst()).allSatisfy { $0.receivedAt <= $1.receivedAt })
      #expect(log.last!.receivedAt <= FakeReadeck.monotonicNow())
    }
  }

  @Test func retryDelaysCanBeMeasuredOnTheServer() async throws {
    try await withFake(Fixture.all) { fake, client in
      fake.inject([.status(503, retryAfter: "1")], on: .list)
      _ = try await client.send("\(fake.baseURL)/api/bookmarks")
      try await Task.sleep(for: .milliseconds(250))
      _ = try await client.send("\(fake.baseURL)/api/bookmarks")
      let times = fake.requests.map(\.receivedAt)
      #expect(times.count == 2)
      #expect(times[1] - times[0] >= 0.25)
    }
  }

  @Test func latencyAppliesToEveryRequest() async throws {
    try await withFake(Fixture.all, latency: 150) { fake, client in
      let clock = ContinuousClock()
      for url in [
        "\(fake.baseURL)/api/info", "\(fake.baseURL)/bm/Vn/\(Fixture.articleID)/_resources/\(Fixture.imageName)",
      ] {
        let start = clock.now
        _ = try await client.send(url, headers: [])
        #expect(clock.now - start >= .milliseconds(150))
      }
      // Only lower bounds: a loaded machine (CI) stalls requests for seconds, so no upper bound on
      // wall time holds there.
      fake.setLatency(milliseconds: 3000)
      let slow = clock.now
      _ = try await client.send("\(fake.baseURL)/api/info", headers: [])
      #expect(clock.now - slow >= .milliseconds(3000))
    }
  }

  @Test func latencyDoesNotSerialiseConnections() async throws {
    try await withFake(Fixture.all, latency: 1000) { fake, client in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask { _ = try await client.send("\(fake.baseURL)/api/info", headers: []) }
        }
        try await group.waitForAll()
      }
      // No answer can leave before the first request's latency is over, so every request that
      // arrived before then was admitted while another one waited. A server that serialised
      // connections would admit exactly one. Counting arrivals, rather than timing the whole run,
      // keeps the test honest on a machine too loaded to fire timers on time.
      let arrivals = fake.requests.map(\.receivedAt)
      let firstAnswerEarliest = try #require(arrivals.min()) + 1.0
      #expect(arrivals.count == 8)
      #expect(arrivals.filter { $0 < firstAnswerEarliest }.count >= 2)
    }
  }

  @Test func upsertAndDeleteChangeTheLibrary() async throws {
    try await withFake([Fixture.article]) { fake, client in
      var edited = Fixture.article
      edited.title = "Edited"
      fake.upsert(edited)
      fake.upsert(Fixture.photo)
      #expect(fake.bookmarks.map(\.id) == [Fixture.articleID, Fixture.photoID])
      let list = try await client.send("\(fake.baseURL)/api/bookmarks")
      #expect(list.text.contains(#""title":"Edited""#))
      #expect(list.header("Total-Count") == "2")
      fake.delete(id: Fixture.photoID)
      #expect(try await client.send("\(fake.baseURL)/api/bookmarks").header("Total-Count") == "1")
    }
  }
}
