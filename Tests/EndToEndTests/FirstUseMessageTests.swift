import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// What a new user reads on stderr: the messages say what happened, in the order it matters.
@Suite struct FirstUseMessageTests {
  static let token = RKFetchTests.token

  @Test func anUnreachableServerIsRetriedAloudOnceAndTheErrorIsTheOnlySummary() throws {
    let result = try run(
      "rk-fetch", ["--server", "http://127.0.0.1:9", "--retries", "3", "--retry-delay", "0.05"],
      environment: ["READECK_TOKEN": Self.token])
    #expect(result.status == 69, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.filter { $0.contains("retrying") }.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("--verbose shows every retry") == true, "\(result.stderr)")
    #expect(lines.last?.hasPrefix("rk-fetch: error: sync incomplete: server unreachable") == true, "\(result.stderr)")
    #expect(!result.stderr.contains(" of 0 "), "nothing was listed, so no tally: \(result.stderr)")
  }

  @Test func aRunThatBreaksOffSaysWhatItDidBeforeInItsError() async throws {
    let library = FakeReadeck.sampleLibrary(count: 3, allUnread: true)
    try await withReadeck(library, token: Self.token) { fake in
      // The second article stalls through its retries, and then the server answers nothing.
      fake.inject(Array(repeating: .stallAfter(bytes: 10), count: 3), on: .article, ids: [library[1].id])
      fake.inject([.stallAfter(bytes: 0)], on: .info)
      let result = try run(
        "rk-fetch", ["--server", fake.baseURL, "--retry-delay", "0.2", "--mode", "per-article", "--timeout", "1"],
        environment: ["READECK_TOKEN": Self.token])
      #expect(result.status == 69, "\(result.stderr)")
      let last = result.stderr.split(separator: "\n").last ?? ""
      #expect(last.hasPrefix("rk-fetch: error: sync incomplete: "), "\(result.stderr)")
      #expect(last.hasSuffix("; 1 of 3 articles synced before"), "\(result.stderr)")
    }
  }

  @Test func aServerThatIsNotAURLIsAUsageErrorNamingWhereItCameFrom() throws {
    let typed = try run("rk-fetch", ["--server", "not a url"], environment: ["READECK_TOKEN": Self.token])
    #expect(typed.status == 64)
    #expect(typed.stderr == "rk-fetch: error: option --server: not an http(s) URL: not a url\n")
    let set = try run("rk-fetch", [], environment: ["READECK_TOKEN": Self.token, "READECK_URL": "ftp://x"])
    #expect(set.status == 78)
    #expect(set.stderr.contains("environment variable READECK_URL: not an http(s) URL"), "\(set.stderr)")
    #expect(!set.stderr.contains("response"))
  }

  @Test(.needsPocketSphinx)
  func ailTranscribeCountsOnlyWhatItTranscribedAndNamesWhatFailed() throws {
    let missing = "/nonexistent/memo.m4a"
    let alone = try run("ail-transcribe", ["--engine", "pocketsphinx", missing])
    #expect(alone.status == 66)
    #expect(
      alone.stderr.hasSuffix("ail-transcribe: transcribed 0 recordings; 1 failed (\(missing))\n"), "\(alone.stderr)")
    let mixed = try run("ail-transcribe", ["--engine", "pocketsphinx", missing, AilTranscribeTests.wav])
    #expect(mixed.status == 66)
    let summary = mixed.stderr.split(separator: "\n").last ?? ""
    #expect(summary.hasPrefix("ail-transcribe: transcribed 1 recording, 4 chunks, 17 s of audio"), "\(mixed.stderr)")
    #expect(summary.hasSuffix("; 1 failed (\(missing))"), "\(mixed.stderr)")
  }

  /// `rk-cache store --echo | stage-that-stops-early`: what the reader did not take is stored all
  /// the same, and a warning says the echo stopped.
  @Test func storeGoesOnStoringWhenTheReaderOfItsEchoStops() async throws {
    let library = FakeReadeck.sampleLibrary(count: 20, allUnread: true)
    try await withReadeck(library, token: Self.token) { fake in
      let folder = TemporaryFolder.path("store-echo")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { TemporaryFolder.remove(folder) }
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
      try fetched.stdout.write(toFile: folder + "/articles.ndjson", atomically: true, encoding: .utf8)
      let db = folder + "/cache.sqlite"
      let piped = try run(
        "/bin/bash",
        ["-c", "rk-cache store --db \"$0\" --echo < \"$1\" | head -c 1 > /dev/null", db, folder + "/articles.ndjson"],
        environment: ["PATH": binaries.path + ":/usr/bin:/bin"])
      #expect(piped.status == 0)
      #expect(piped.stderr.contains("storing the rest without --echo"), "\(piped.stderr)")
      #expect(piped.stderr.contains("stored 20, updated 0"), "\(piped.stderr)")
      let stats = try run("rk-cache", ["stats", "--db", db, "--json"]).records.first
      #expect(stats?["count"] == 20, "\(String(describing: stats))")
    }
  }

  @Test func aSearchThatIsNotFTS5SyntaxIsSearchedAsAPhraseAndNoHitsSayNoMatches() throws {
    let folder = TemporaryFolder.path("search-words")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let article: JSONValue = [
      "kind": "article", "id": "cpp", "html": "<p>Templates in C++ are hard, it's said.</p>",
      "bookmark": ["title": "Templates", "url": "https://example.org/cpp"], "fetched_at": "2026-11-20T10:00:00Z",
    ]
    let other: JSONValue = [
      "kind": "article", "id": "rust", "html": "<p>Traits in Rust.</p>",
      "bookmark": ["title": "Traits", "url": "https://example.org/rust"], "fetched_at": "2026-11-20T10:00:00Z",
    ]
    let lines = try [article, other].map { String(decoding: try WireCoding.line($0), as: UTF8.self) }.joined()
    #expect(try run("rk-cache", ["store", "--db", db], stdin: lines).status == 0)

    let typed = try run("rk-cache", ["search", "--db", db, "c++"])
    #expect(typed.status == 0, "\(typed.stderr)")
    #expect(typed.records(kind: "search_hit").map { $0["id"]?.stringValue } == ["cpp"])
    #expect(typed.stderr.contains("searched the phrase \"c++\" instead"), "\(typed.stderr)")
    let apostrophe = try run("rk-cache", ["search", "--db", db, "it's \"said"])
    #expect(apostrophe.status == 0, "\(apostrophe.stderr)")

    let none = try run("rk-cache", ["search", "--db", db, "--format", "table", "haskell"])
    #expect(none.status == 0)
    #expect(none.stdout == "no matches\n")
    #expect(try run("rk-cache", ["search", "--db", db, "--format", "table", "rust"]).stdout.hasPrefix("ID"))
  }
}
