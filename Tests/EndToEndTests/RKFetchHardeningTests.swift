import Foundation
import ReadeckFake
import Testing
import Wire

/// A summary that says `complete: true` accounts for every bookmark it selected: written, skipped or
/// failed; otherwise it would hide a lost article. ``run(_:_:environment:stdin:stdinBytes:)``
/// checks it on every sync summary any test sees.
func expectEveryBookmarkAccountedFor(_ summary: JSONValue?, sourceLocation: SourceLocation = #_sourceLocation) {
  guard let summary, summary["complete"] == true else { return }
  let fetched = summary["fetched"]?.intValue ?? -1
  let skipped = summary["skipped"]?.intValue ?? -1
  let failed = Int64(summary["failed"]?.arrayValue?.count ?? -1)
  #expect(
    fetched + skipped + failed == summary["requested"]?.intValue,
    "complete, but not every bookmark is accounted for: \(summary)",
    sourceLocation: sourceLocation)
}

/// `rk-fetch` against servers that stall, repeat themselves in their listing, or a full disk.
@Suite(.serialized) struct RKFetchHardeningTests {
  static let token = RKFetchTests.token

  private func withServer(_ bookmarks: [FakeBookmark], _ body: (FakeReadeck) async throws -> Void) async throws {
    try await withReadeck(bookmarks, token: Self.token, body)
  }

  private func fetch(_ fake: FakeReadeck, _ arguments: [String] = []) throws -> ToolRun {
    try run(
      "rk-fetch", ["--server", fake.baseURL, "--retry-delay", "0.2"] + arguments,
      environment: ["READECK_TOKEN": Self.token])
  }

  private func unread(_ count: Int) -> [FakeBookmark] {
    FakeReadeck.sampleLibrary(count: count, allUnread: true)
  }

  private func requests(_ fake: FakeReadeck, _ route: FakeRoute) -> [FakeRequest] {
    fake.requests.filter { $0.route == route }
  }

  // MARK: Stalls

  @Test func aListThatStallsMidBodyIsRetriedWithinTheTimeout() async throws {
    let library = unread(3)
    try await withServer(library) { fake in
      fake.inject([.stallAfter(bytes: 40)], on: .list)
      let result = try fetch(fake, ["--timeout", "1"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(requests(fake, .list).count == 2)
      #expect(result.records(kind: "article").count == 3)
      #expect(result.seconds < 20)
    }
  }

  @Test func anArticleThatStallsMidBodyIsRetried() async throws {
    let library = unread(2)
    try await withServer(library) { fake in
      fake.inject([.stallAfter(bytes: 10)], on: .article, ids: [library[0].id])
      let result = try fetch(fake, ["--mode", "per-article", "--timeout", "1"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(requests(fake, .article).filter { $0.bookmarkID == library[0].id }.count == 2)
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == library.map(\.id))
    }
  }

  @Test func anArticleThatKeepsStallingFailsAloneAndEveryOtherIsFetched() async throws {
    let library = unread(20)
    let stuck = library[4].id
    try await withServer(library) { fake in
      fake.inject(Array(repeating: .stallAfter(bytes: 10), count: 3), on: .article, ids: [stuck])
      let result = try fetch(fake, ["--mode", "per-article", "--timeout", "1"])
      #expect(result.status == 75, "\(result.stderr)")
      #expect(requests(fake, .article).filter { $0.bookmarkID == stuck }.count == 3)
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == library.map(\.id).filter { $0 != stuck })
      let summary = try #require(result.summary)
      #expect(summary["complete"] == true, "every bookmark accounted for: 19 fetched, 1 failed")
      #expect(summary["failed"]?.arrayValue?.first?["id"]?.stringValue == stuck)
      #expect(
        summary["failed"]?.arrayValue?.first?["reason"]?.stringValue?.contains("no complete answer within 1 s") == true,
        "\(summary)")
      #expect(result.stderr.contains(stuck), "\(result.stderr)")
      #expect(result.seconds < 20)
    }
  }

  @Test func aServerThatStopsAnsweringAltogetherEndsTheRunAsUnreachable() async throws {
    let library = unread(3)
    try await withServer(library) { fake in
      fake.inject(Array(repeating: .stallAfter(bytes: 10), count: 3), on: .article, ids: [library[1].id])
      fake.inject([.stallAfter(bytes: 0)], on: .info)
      let result = try fetch(fake, ["--mode", "per-article", "--timeout", "1"])
      #expect(result.status == 69, "\(result.stderr)")
      #expect(requests(fake, .info).count == 1, "one fresh request asked whether the server still answers")
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == [library[0].id])
      #expect(result.summary?["complete"] == false)
      #expect(result.stderr.contains("timed out: no complete answer within 1 s"), "\(result.stderr)")
      #expect(result.seconds < 20)
    }
  }

  @Test func aBulkStreamThatStallsMidPartFallsBackForWhatItDidNotDeliver() async throws {
    let library = unread(6)
    try await withServer(library) { fake in
      // Past the first part or two, into the middle of a later one.
      let firstArticle = library[0].articleHTML.utf8.count
      fake.inject([.stallAfter(bytes: firstArticle * 2 + 600)], on: .bulkSync)
      let result = try fetch(fake, ["--timeout", "1"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.records(kind: "article").map { $0["id"]?.stringValue } == library.map(\.id))
      let oneByOne = requests(fake, .article).count
      #expect(oneByOne >= 1 && oneByOne < 6, "\(oneByOne) articles fetched one by one")
      #expect(result.stderr.contains("stalled"), "\(result.stderr)")
      #expect(result.seconds < 20)
    }
  }

  @Test func everyRetryAskedForIsMadeAgainstAClosedPort() throws {
    let result = try run(
      "rk-fetch", ["--server", "http://127.0.0.1:9", "--retries", "5", "--retry-delay", "0.05", "--verbose"],
      environment: ["READECK_TOKEN": Self.token])
    #expect(result.status == 69, "\(result.stderr)")
    let retries = result.stderr.split(separator: "\n").filter { $0.contains("retrying GET") }
    #expect(retries.count == 5, "\(result.stderr)")
    #expect(retries.last?.contains("(retry 5)") == true)
  }

  // MARK: Nothing lost silently

  @Test(arguments: ["bulk", "per-article"])
  func aListingThatRepeatsABookmarkSyncsEachOnce(mode: String) async throws {
    // Offset pagination while a bookmark is added: page 2 starts one place earlier and repeats
    // the last bookmark of page 1.
    let everything = unread(103)
    let newcomer = everything[0]
    let library = Array(everything.dropFirst())
    try await withServer(library) { fake in
      fake.inject([.delay(milliseconds: 0), .delay(milliseconds: 1500)], on: .list)
      let baseURL = fake.baseURL
      let running = Task {
        try await runInBackground(
          "rk-fetch", ["--server", baseURL, "--limit", "0", "--mode", mode], environment: ["READECK_TOKEN": Self.token])
      }
      while requests(fake, .list).count < 2 { try await Task.sleep(for: .milliseconds(5)) }
      fake.upsert(newcomer)
      let result = try await running.value
      #expect(result.status == 0, "\(result.stderr)")
      let ids = result.records(kind: "article").compactMap { $0["id"]?.stringValue }
      #expect(ids == library.map(\.id), "each listed bookmark once, in the listing's order")
      #expect(result.summary?["requested"] == 102)
      #expect(result.summary?["fetched"] == 102)
      #expect(result.summary?["complete"] == true)
    }
  }

  @Test func aFullDiskDuringTheBulkStreamEndsTheRunWith74() async throws {
    let library = unread(4)
    try await withServer(library) { fake in
      let tool = binaries.appendingPathComponent("rk-fetch").path
      let result = try run(
        "/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", tool, "--server", fake.baseURL, "--mode", "bulk"],
        environment: ["READECK_TOKEN": Self.token])
      #expect(result.status == 74, "\(result.stderr)")
      #expect(!result.stderr.contains("bulk sync route unusable"), "\(result.stderr)")
      #expect(requests(fake, .article).isEmpty, "no article was asked for one by one after the disk filled")
    }
  }
}
