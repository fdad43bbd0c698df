import Foundation
import LLMFake
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Servers that send their headers and a few bytes and then nothing: every tool that talks HTTP
/// gives up on such an answer within its timeout and treats it as a transport failure (retried).
/// One item the server keeps stalling on fails alone: the others, before and after it, go through.
/// rk-fetch's cases are in ``RKFetchHardeningTests``.
@Suite(.serialized) struct StalledServerTests {
  private func environment(_ home: String) -> [String: String] {
    ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"]
  }

  /// A provider whose answers may take 2 s, retried after 0.1 s.
  private func addProvider(_ fake: FakeLLM, _ home: String) throws {
    let added = try run(
      "ail-ai", ["providers", "add", "slow", "--base-url", fake.baseURL + "/v1", "--model", "m", "--timeout", "2"],
      environment: environment(home))
    try #require(added.status == 0, "\(added.stderr)")
  }

  @Test func ailAIRetriesAWholeAnswerThatStalls() async throws {
    try await withLLM(.init(models: [FakeModel("m", answer: .echo)])) { fake, home in
      try addProvider(fake, home)
      fake.inject([.stallAfter(bytes: 20)], route: .chatCompletions)
      let result = try run(
        "ail-ai", ["--provider", "slow", "--no-stream", "--retry-delay", "0.1", "--system", "S"],
        environment: environment(home),
        stdin: "hello")
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "[m] SYSTEM: S | USER: hello\n")
      #expect(fake.requests.filter { $0.route == .chatCompletions }.count == 2)
      #expect(result.stderr.contains("timed out"), "\(result.stderr)")
      #expect(result.seconds < 20)
    }
  }

  @Test func ailAIRetriesAStreamThatStallsBeforeItsFirstWord() async throws {
    try await withLLM(.init(models: [FakeModel("m", answer: .echo)])) { fake, home in
      try addProvider(fake, home)
      fake.inject([.stallAfter(bytes: 0)], route: .chatCompletions)
      let result = try run(
        "ail-ai", ["--provider", "slow", "--retry-delay", "0.1", "--system", "S"], environment: environment(home),
        stdin: "hello")
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "[m] SYSTEM: S | USER: hello\n")
      #expect(fake.requests.filter { $0.route == .chatCompletions }.count == 2)
      #expect(result.seconds < 20)
    }
  }

  @Test func ailAIGivesUpOnAStreamThatStallsMidAnswer() async throws {
    try await withLLM(.init(models: [FakeModel("m", answer: .echo)])) { fake, home in
      try addProvider(fake, home)
      // Half-way through the events: some words are out, and the reader cannot be given them twice.
      fake.inject([.stallAfter(bytes: 1500)], route: .chatCompletions)
      let result = try run(
        "ail-ai", ["--provider", "slow", "--retry-delay", "0.1", "--system", "S"], environment: environment(home),
        stdin: "hello")
      #expect(result.status == 75, "\(result.stderr)")
      #expect(result.stderr.contains("stalled"), "\(result.stderr)")
      #expect(fake.requests.filter { $0.route == .chatCompletions }.count == 1)
      #expect(result.seconds < 20)
    }
  }

  @Test func ailAIRecordModeFailsOnlyTheRecordWhoseAnswerKeepsStalling() async throws {
    try await withLLM(.init(models: [FakeModel("m", answer: .echo)])) { fake, home in
      try addProvider(fake, home)
      // The first record's three attempts; one at a time, so that nothing else answers between.
      fake.inject(Array(repeating: .stallAfter(bytes: 20), count: 3), route: .chatCompletions)
      let input = (0..<4).map { #"{"id":"r\#($0)","text":"note \#($0)"}"# + "\n" }.joined()
      let result = try run(
        "ail-ai",
        ["--provider", "slow", "--retry-delay", "0.1", "--concurrency", "1", "--no-stream", "--system", "S"],
        environment: environment(home), stdin: input)
      #expect(result.status == 75, "\(result.stderr)")
      let records = result.records
      #expect(records.map { $0["id"]?.stringValue } == ["r0", "r1", "r2", "r3"])
      #expect(records[0]["ai_error"]?.stringValue?.contains("timed out") == true, "\(records[0])")
      for (index, record) in records.dropFirst().enumerated() {
        #expect(record["ai_text"]?.stringValue == "[m] SYSTEM: S | USER: note \(index + 1)", "\(record)")
      }
      #expect(result.stderr.contains("rewrote 3 of 4 records"), "\(result.stderr)")
      #expect(result.seconds < 30)
    }
  }

  @Test func ailAIRecordModeSays69WhenTheProviderAnswersNoRecord() async throws {
    let home = TemporaryFolder.path("ail-ai-closed")
    defer { TemporaryFolder.remove(home) }
    // Nothing listens on port 9.
    let result = try run(
      "ail-ai",
      ["--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--retries", "0", "--concurrency", "1", "--system", "S"],
      environment: environment(home), stdin: #"{"id":"a","text":"one"}"# + "\n" + #"{"id":"b","text":"two"}"# + "\n")
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.records.map { $0["id"]?.stringValue } == ["a", "b"], "every record still written")
    #expect(result.records.allSatisfy { $0["ai_error"]?.stringValue != nil })
  }

  @Test func ailTranscribeRetriesAnUploadWhoseAnswerStalls() async throws {
    // The fake hands out its transcripts in request order: the stalled answer takes the first.
    let texts: [FakeTranscript] = ["Never read.", "One.", "Two.", "Three.", "Four."]
    try await withLLM(.init(transcriptionStyle: .whisperCpp, transcripts: texts)) { fake, _ in
      fake.inject([.stallAfter(bytes: 5)], route: .whisperInference)
      let result = try run(
        "ail-transcribe",
        ["--engine", "whisper-server", "--base-url", fake.baseURL, "--timeout", "1", AilTranscribeTests.wav])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.records(kind: "transcript_chunk").map { $0["text"]?.stringValue } == ["One.", "Two.", "Three.", "Four."])
      #expect(fake.requests(route: .whisperInference).count == 5)
      #expect(result.stderr.contains("timed out"), "\(result.stderr)")
      #expect(result.seconds < 30)
    }
  }

  /// A server with `count` unread articles of two images each, and its articles as rk-fetch writes them.
  private func withFetchedImages(_ count: Int, _ body: (FakeReadeck, ToolRun) async throws -> Void) async throws {
    let token = RKExtractImagesTests.token
    let library = FakeReadeck.sampleLibrary(count: count, imagesPerArticle: 2, allUnread: true)
    try await withReadeck(library, token: token) { fake in
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": token])
      try #require(fetched.status == 0, "\(fetched.stderr)")
      try await body(fake, fetched)
    }
  }

  @Test func rkExtractImagesFailsOnlyTheImageThatKeepsStalling() async throws {
    try await withFetchedImages(3) { fake, fetched in
      // One download at a time: the stuck image's three attempts come one after the other, and
      // every other image of the host after them.
      let first = try #require(fetched.records(kind: "article").first?["id"]?.stringValue)
      fake.inject(Array(repeating: .stallAfter(bytes: 30), count: 3), on: .image, ids: [first])
      let downloaded = try run(
        "rk-extract-images",
        ["--download", "--no-hero", "--timeout", "1", "--retry-delay", "0.1", "--concurrency", "1"],
        stdin: fetched.stdout)
      #expect(downloaded.status == 75, "\(downloaded.stderr)")
      #expect(downloaded.stderr.contains("images: 6 found"), "\(downloaded.stderr)")
      #expect(downloaded.stderr.contains("1 failed"), "\(downloaded.stderr)")
      #expect(!downloaded.stderr.contains("unreachable"), "\(downloaded.stderr)")
      #expect(downloaded.seconds < 20)
    }
  }

  @Test func rkExtractImagesRetriesAnImageThatStalls() async throws {
    try await withFetchedImages(2) { fake, fetched in
      fake.inject([.stallAfter(bytes: 30)], on: .image)
      let downloaded = try run(
        "rk-extract-images", ["--download", "--no-hero", "--timeout", "1", "--retry-delay", "0.1"],
        stdin: fetched.stdout)
      #expect(downloaded.status == 0, "\(downloaded.stderr)")
      #expect(downloaded.stderr.contains("images: 4 found"), "\(downloaded.stderr)")
      #expect(!downloaded.stderr.contains("failed"), "\(downloaded.stderr)")
      let imageRequests = fake.requests.filter { $0.route == .image }
      #expect(imageRequests.count == 5, "four images, one of them twice")
      #expect(downloaded.seconds < 20)
    }
  }
}
