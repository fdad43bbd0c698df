import Foundation
import LLMFake
import ReadeckFake
import Testing
import Wire

/// Servers that send their headers and a few bytes and then nothing: every tool that talks HTTP
/// gives up on such an answer within its timeout and treats it as a transport failure (retried).
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

  @Test func rkExtractImagesRetriesAnImageThatStalls() async throws {
    let token = RKExtractImagesTests.token
    let library = FakeReadeck.sampleLibrary(count: 2, imagesPerArticle: 2).map { bookmark in
      var bookmark = bookmark
      bookmark.isArchived = false
      return bookmark
    }
    let fake = try await FakeReadeck.start(bookmarks: library, token: token)
    do {
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": token])
      try #require(fetched.status == 0, "\(fetched.stderr)")
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
      try await fake.shutdown()
    } catch {
      try? await fake.shutdown()
      throw error
    }
  }
}
