import Foundation
import LLMFake
import TestSupport
import Testing
import Wire

/// The built ail-transcribe against the fake transcription servers (OpenAI, speaches, whisper.cpp
/// shapes): each chunk uploaded once, times moved to the recording, keys never shown, failures
/// reported with the documented statuses.
@Suite(.serialized) struct AilTranscribeHTTPTests {
  static let key = "sk-transcribe-SECRET-51c9"
  static let wav = AilTranscribeTests.wav

  func withFake(
    _ style: FakeTranscriptionStyle, transcripts: [FakeTranscript], apiKey: String? = nil,
    _ body: (FakeLLM) throws -> Void
  ) async throws {
    let fake = try await FakeLLM.start(.init(apiKey: apiKey, transcriptionStyle: style, transcripts: transcripts))
    do {
      try body(fake)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  @Test func germanThroughAnOpenAIStyleServerWithTheKeyFromTheEnvironment() async throws {
    let german = [
      "Bitte ruf mich morgen früh an.", "Wir brauchen Wasser und Brot.", "Das Treffen ist am Freitag.", "Grüße!",
    ]
    try await withFake(.openAI, transcripts: german.map { FakeTranscript($0, language: "de") }, apiKey: Self.key) {
      fake in
      let result = try run(
        "ail-transcribe",
        ["--engine", "openai", "--base-url", fake.baseURL + "/v1", "--language", "de-DE", "--verbose", Self.wav],
        environment: ["OPENAI_API_KEY": Self.key])
      #expect(result.status == 0, "\(result.stderr)")
      let chunks = result.records(kind: "transcript_chunk")
      #expect(chunks.map { $0["text"]?.stringValue } == german)
      #expect(chunks.allSatisfy { $0["language"]?.stringValue == "de-DE" && $0["engine"]?.stringValue == "openai" })
      #expect(result.records(kind: "transcript").first?["text"]?.stringValue == german.joined(separator: "\n"))
      let uploads = fake.requests(route: .audioTranscriptions)
      #expect(uploads.count == 4)
      #expect(uploads.allSatisfy { $0.formValues("language") == ["de"] && $0.formValues("model") == ["whisper-1"] })
      #expect(uploads.allSatisfy { $0.formValues("timestamp_granularities[]") == ["word", "segment"] })
      // The fake answers only the right key (its log keeps the header redacted).
      #expect(uploads.allSatisfy { $0.header("Authorization") != nil })
      // Word times from the server (relative to each upload) land inside the recording's chunk.
      for chunk in chunks {
        let start = chunk["start"]?.numberValue ?? 0
        let words = chunk["words"]?.arrayValue ?? []
        #expect(words.allSatisfy { ($0["start"]?.numberValue ?? -1) >= start - 0.26 })
      }
      #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key))
    }
  }

  @Test func whisperServerWithCarriedPromptsAndSRT() async throws {
    let texts: [FakeTranscript] = ["One.", "Two.", "Three.", "Four."]
    try await withFake(.whisperCpp, transcripts: texts) { fake in
      let result = try run(
        "ail-transcribe",
        ["--engine", "whisper-server", "--base-url", fake.baseURL, "--carry-prompt", "--format", "srt", Self.wav])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("1\n00:00:00,7"))
      #expect(result.stdout.contains("\nFour.\n"))
      let uploads = fake.requests(route: .whisperInference)
      #expect(uploads.map { $0.formValues("prompt") } == [[], ["One."], ["Two."], ["Three."]])
      #expect(uploads.allSatisfy { $0.formValues("language") == ["auto"] })
    }
  }

  @Test func aRefusedKeyStopsTheRunWith77AndNeverShowsIt() async throws {
    try await withFake(.speaches, transcripts: ["x"], apiKey: "sk-the-right-one") { fake in
      let result = try run(
        "ail-transcribe",
        ["--engine", "openai", "--base-url", fake.baseURL + "/v1", "--api-key-env", "MY_KEY", Self.wav, Self.wav],
        environment: ["MY_KEY": Self.key])
      #expect(result.status == 77, "\(result.stderr)")
      #expect(!result.stderr.contains(Self.key))
      #expect(fake.requests(route: .audioTranscriptions).count == 1)
    }
  }

  @Test func serverErrorsAreRetriedAndARecordingThatStillFailsIsSkippedWith75() async throws {
    try await withFake(.openAI, transcripts: ["a", "b", "c", "d"]) { fake in
      fake.inject([.status(503, retryAfter: "0")], route: .audioTranscriptions)
      let retried = try run("ail-transcribe", ["--engine", "openai", "--base-url", fake.baseURL + "/v1", Self.wav])
      #expect(retried.status == 0, "\(retried.stderr)")
      #expect(retried.records(kind: "transcript_chunk").count == 4)
      #expect(retried.stderr.contains("503"))
      fake.clearRequests()
      fake.inject(
        [.status(400, body: .openAI(message: "Invalid file format.", type: "invalid_request_error"))],
        route: .audioTranscriptions)
      let missing = TemporaryFolder.path("absent") + ".wav"
      let failed = try run(
        "ail-transcribe", ["--engine", "openai", "--base-url", fake.baseURL + "/v1", Self.wav, missing, Self.wav])
      #expect(failed.status == 75, "\(failed.stderr)")
      #expect(failed.stderr.contains("Invalid file format."))
      #expect(failed.stderr.contains(missing))
      // The first recording failed at its first chunk; the third went through whole.
      #expect(failed.records(kind: "transcript").count == 1)
    }
  }

  @Test func anUnreachableServerIsReportedNotHung() throws {
    let result = try run(
      "ail-transcribe", ["--engine", "openai", "--base-url", "http://127.0.0.1:9/v1", "--retries", "0", Self.wav])
    #expect(result.status == 75)
    #expect(result.stderr.contains("127.0.0.1:9"))
    #expect(result.seconds < 20)
  }
}
