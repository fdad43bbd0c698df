import AsyncHTTPClient
import Audio
import Foundation
import LLMFake
import Synchronization
import Testing

@testable import Transcription

/// The HTTP engines against the fake server on loopback: each server's shape, the form that
/// goes up, errors, retries and timeouts.
@Suite struct HTTPEngineTests {
  static let key = "sk-proj-secret-key-0123456789abcdef"
  /// 1.5 s of a quiet tone at 16 kHz.
  static let chunk = PCM(
    samples: (0..<24000).map { Float(sin(Double($0) * 0.05) * 0.1) }, sampleRate: 16000)

  final class Recorder: Sendable {
    private let list = Mutex<[String]>([])
    private let delays = Mutex<[Double]>([])
    func add(_ text: String) { list.withLock { $0.append(text) } }
    func slept(_ seconds: Double) { delays.withLock { $0.append(seconds) } }
    var messages: [String] { list.withLock { $0 } }
    var sleeps: [Double] { delays.withLock { $0 } }
  }

  /// A fake imitating `style`, and a client for engines; both stopped whatever happens.
  func withServer(
    _ style: FakeTranscriptionStyle, transcripts: [FakeTranscript] = [.german], apiKey: String? = nil,
    models: [String]? = nil, uploadLimit: Int? = nil, _ body: (FakeLLM, HTTPClient) async throws -> Void
  ) async throws {
    let fake = try await FakeLLM.start(
      FakeLLM.Configuration(
        apiKey: apiKey, transcriptionStyle: style, transcripts: transcripts, transcriptionModels: models,
        transcriptionUploadLimit: uploadLimit))
    let http = HTTPTranscriptionEngine.makeHTTPClient(connectTimeout: 2)
    do {
      try await body(fake, http)
    } catch {
      await HTTPTranscriptionEngine.shutDown(http)
      try? await fake.stop()
      throw error
    }
    await HTTPTranscriptionEngine.shutDown(http)
    try await fake.stop()
  }

  /// An engine for the fake whose waits between retries are recorded, not slept.
  func makeEngine(
    _ fake: FakeLLM, _ http: HTTPClient, style: HTTPTranscriptionEngine.Style = .openAI, base: String? = nil,
    model: String? = nil, key: String? = key, retries: HTTPTranscriptionEngine.Retries = .init(maxRetries: 2),
    timeout: Double = 30, recorder: Recorder? = nil, realSleep: Bool = false
  ) throws -> HTTPTranscriptionEngine {
    var engine = try HTTPTranscriptionEngine(
      style: style, baseURL: base ?? (style == .openAI ? fake.baseURL + "/v1" : fake.baseURL), model: model,
      apiKey: key, http: http, timeout: timeout, retries: retries, onRetry: { recorder?.add($0) })
    if !realSleep { engine.sleep = { recorder?.slept($0) } }
    return engine
  }

  // MARK: Shapes

  @Test func openAIGermanTranscript() async throws {
    try await withServer(.openAI, apiKey: Self.key) { fake, http in
      let engine = try makeEngine(fake, http)
      #expect(engine.name == "openai")
      #expect(engine.isNetworked)
      let prompt = "Namen: Müller, Grüße"
      let recognition = try await engine.recognize(Self.chunk, language: .german, prompt: prompt)
      #expect(recognition.text == "Bitte ruf mich morgen früh um neun Uhr an.")
      #expect(recognition.language == "de")
      #expect(recognition.words.map(\.word) == ["Bitte", "ruf", "mich", "morgen", "früh", "um", "neun", "Uhr", "an"])
      #expect(recognition.words.first?.start == 0)
      #expect(recognition.words.last?.end == 1.5)  // the fake read the duration from our WAV header

      let request = try #require(fake.requests(route: .audioTranscriptions).first)
      #expect(request.path == "/v1/audio/transcriptions")
      #expect(
        request.formNames == [
          "file", "model", "language", "response_format", "timestamp_granularities[]", "timestamp_granularities[]",
          "temperature", "prompt",
        ])
      #expect(request.formValues("model") == ["whisper-1"])
      #expect(request.formValues("language") == ["de"])
      #expect(request.formValues("response_format") == ["verbose_json"])
      #expect(request.formValues("timestamp_granularities[]") == ["word", "segment"])
      #expect(request.formValues("temperature") == ["0"])
      #expect(request.formPart("prompt")?.bytes == Array(prompt.utf8))
      let file = try #require(request.formPart("file"))
      #expect(file.filename == "chunk.wav")
      #expect(file.contentType == "audio/wav")
      #expect(file.bytes.count == 44 + 48000)
      #expect(file.bytes == WAVEncoding.encode(Self.chunk))
      #expect(request.credential == .present(fingerprint: FakeLLM.fingerprint(Self.key)))
      #expect(request.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=ail-") == true)
    }
  }

  @Test func autoLanguageIsNotSentAndTheDetectedOneComesBack() async throws {
    try await withServer(.openAI, transcripts: ["Please call me tomorrow."]) { fake, http in
      let recognition = try await makeEngine(fake, http, model: "gpt-4o-transcribe").recognize(
        Self.chunk, language: .auto)
      #expect(recognition.text == "Please call me tomorrow.")
      #expect(recognition.language == "en")  // "english" from the server
      let request = try #require(fake.requests.last)
      #expect(!request.formNames.contains("language"))
      #expect(!request.formNames.contains("prompt"))
      #expect(request.formValues("model") == ["gpt-4o-transcribe"])
      #expect(request.credential == .present(fingerprint: FakeLLM.fingerprint(Self.key)))
    }
  }

  @Test func speachesShape() async throws {
    try await withServer(.speaches, transcripts: ["Hello world. Bye now."]) { fake, http in
      let recognition = try await makeEngine(fake, http, model: "Systran/faster-whisper-small", key: nil).recognize(
        Self.chunk, language: .usEnglish)
      #expect(recognition.text == "Hello world. Bye now.")  // the server's leading space trimmed
      #expect(recognition.language == "en")
      // Top-level words only: those inside the segments are the same words again.
      #expect(recognition.words.map(\.word) == ["Hello", "world.", "Bye", "now."])
      #expect(recognition.words.map(\.start) == [0, 0.38, 0.75, 1.13])
      #expect(fake.requests.last?.credential == .absent)
      #expect(fake.requests.last?.formValues("language") == ["en"])
    }
  }

  @Test func whisperCppShape() async throws {
    try await withServer(.whisperCpp) { fake, http in
      let engine = try makeEngine(fake, http, style: .whisperServer, key: nil)
      #expect(engine.name == "whisper-server")
      #expect(engine.endpoint == fake.baseURL + "/inference")
      let recognition = try await engine.recognize(Self.chunk, language: .auto)
      #expect(recognition.text == "Bitte ruf mich morgen früh um neun Uhr an.")
      #expect(recognition.language == "de")  // "german"
      #expect(recognition.words.count == 9)
      #expect(recognition.words.last?.word == "an.")
      #expect(recognition.words.last?.end == 1.5)
      let request = try #require(fake.requests.last)
      #expect(request.path == "/inference")
      #expect(request.formNames == ["file", "language", "response_format", "temperature"])
      #expect(request.formValues("language") == ["auto"])

      _ = try await engine.recognize(Self.chunk, language: .german, prompt: "Vorher.")
      #expect(fake.requests.last?.formValues("language") == ["de"])
      #expect(fake.requests.last?.formValues("prompt") == ["Vorher."])
    }
  }

  @Test func chunksGetTheirTranscriptsInOrder() async throws {
    try await withServer(.openAI, transcripts: ["First chunk.", "Second chunk."]) { fake, http in
      let engine = try makeEngine(fake, http)
      #expect(try await engine.recognize(Self.chunk, language: .usEnglish).text == "First chunk.")
      #expect(try await engine.recognize(Self.chunk, language: .usEnglish).text == "Second chunk.")
    }
  }

  @Test func pastedEndpointAndTrailingSlashWork() async throws {
    try await withServer(.openAI) { fake, http in
      for base in [fake.baseURL + "/v1/", fake.baseURL + "/v1/audio/transcriptions", fake.baseURL] {
        let engine = try makeEngine(fake, http, base: base)
        #expect(try await engine.recognize(Self.chunk, language: .german).language == "de")
      }
      #expect(fake.requests.map(\.path) == Array(repeating: "/v1/audio/transcriptions", count: 3))
    }
  }

  // MARK: Errors

  @Test func badRequestIsRejectedWithTheServersMessage() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.status(400, body: .openAI(message: "Invalid file format.", type: "invalid_request_error"))])
      let recorder = Recorder()
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, recorder: recorder).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(error?.message.contains("HTTP 400 Bad Request: Invalid file format.") == true)
      #expect(fake.count == 1)
      #expect(recorder.sleeps.isEmpty)
    }
  }

  @Test func refusedKeyIsUnauthorizedAndNeverQuoted() async throws {
    try await withServer(.openAI, apiKey: "sk-the-right-one-000000") { fake, http in
      let wrong = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http).recognize(Self.chunk, language: .german)
      }
      #expect(wrong?.kind == .unauthorized)
      #expect(wrong?.message.contains("the API key was refused") == true)
      #expect(wrong?.message.contains("Incorrect API key provided") == true)
      #expect(wrong?.message.contains(Self.key) == false)
      #expect(wrong?.description.contains(Self.key) == false)
      let missing = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, key: nil).recognize(Self.chunk, language: .german)
      }
      #expect(missing?.kind == .unauthorized)
      #expect(missing?.message.contains("an API key is needed") == true)
      #expect(fake.count == 2)  // never retried
      fake.inject([.status(403, body: .fastAPI("Forbidden"))])
      let forbidden = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, key: "sk-the-right-one-000000").recognize(Self.chunk, language: .german)
      }
      #expect(forbidden?.kind == .unauthorized)
    }
  }

  @Test func echoedKeyIsBlanked() async throws {
    try await withServer(.openAI) { fake, http in
      let body = Array(#"{"error":{"message":"key \#(Self.key) is not valid here","type":"x"}}"#.utf8)
      fake.inject([.status(400, body: .raw(contentType: "application/json", body: body))])
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http).recognize(Self.chunk, language: .german)
      }
      #expect(error?.message.contains(Self.key) == false)
      #expect(error?.message.contains("key [redacted] is not valid here") == true)
    }
  }

  @Test func speachesMissingModelKeepsItsMessage() async throws {
    try await withServer(.speaches, models: ["Systran/faster-whisper-small"]) { fake, http in
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, model: "Systran/faster-whisper-large-v3").recognize(
          Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(
        error?.message.contains(
          "Model 'Systran/faster-whisper-large-v3' is not installed locally. You can download the model using `POST /v1/models`"
        )
          == true)
      #expect(fake.count == 1)
    }
  }

  @Test func wrongStyleGivesA404NamingTheURL() async throws {
    try await withServer(.openAI) { fake, http in
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, style: .whisperServer).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(error?.message.contains("HTTP 404") == true)
      #expect(error?.message.contains("POST \(fake.baseURL)/inference") == true)
    }
  }

  @Test func tooLargeChunkSaysToLowerMaxChunk() async throws {
    try await withServer(.openAI, uploadLimit: 10_000) { fake, http in
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(error?.message.contains("too large") == true)
      #expect(error?.message.contains("lower --max-chunk") == true)
      #expect(error?.message.contains("Maximum content size limit (10000)") == true)
      #expect(fake.count == 1)
    }
  }

  @Test func rateLimitHonoursRetryAfterThenSucceeds() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.status(429, retryAfter: "7")])
      let recorder = Recorder()
      let recognition = try await makeEngine(fake, http, recorder: recorder).recognize(Self.chunk, language: .german)
      #expect(recognition.text == "Bitte ruf mich morgen früh um neun Uhr an.")
      #expect(recorder.sleeps == [7])
      #expect(fake.count == 2)
      #expect(recorder.messages.count == 1)
      #expect(recorder.messages.first?.contains("HTTP 429 Too Many Requests: Rate limit reached") == true)
      #expect(recorder.messages.first?.contains("retrying in 7.0 s (retry 1 of 2)") == true)
    }
  }

  @Test func retryAfterIsReallyWaited() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.status(503, retryAfter: "1")])
      let start = ContinuousClock.now
      _ = try await makeEngine(fake, http, realSleep: true).recognize(Self.chunk, language: .german)
      #expect(ContinuousClock.now - start >= .milliseconds(950))
      #expect(fake.count == 2)
    }
  }

  @Test func serverErrorsAreRetriedWithBackoff() async throws {
    try await withServer(.whisperCpp) { fake, http in
      fake.inject([.status(500), .status(502, body: .plainText("upstream exploded"))])
      let recorder = Recorder()
      let engine = try makeEngine(
        fake, http, style: .whisperServer, retries: .init(maxRetries: 2, baseDelay: 0.5), recorder: recorder)
      let recognition = try await engine.recognize(Self.chunk, language: .german)
      #expect(recognition.words.count == 9)
      #expect(fake.count == 3)
      #expect(recorder.sleeps.count == 2)
      #expect(recorder.sleeps[0] >= 0.45 && recorder.sleeps[0] <= 0.55)  // base, ±10 % jitter
      #expect(recorder.sleeps[1] >= 0.9 && recorder.sleeps[1] <= 1.1)  // doubled
      // whisper.cpp's string error
      #expect(recorder.messages[0].contains("HTTP 500 Internal Server Error: failed to process audio"))
      #expect(recorder.messages[1].contains("HTTP 502 Bad Gateway: upstream exploded"))  // plain text
    }
  }

  @Test func persistentServerErrorIsATransportFailure() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.status(500), .status(500), .status(500), .status(500)])
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .transport)
      #expect(error?.message.contains("HTTP 500 Internal Server Error: The server had an error") == true)
      #expect(error?.message.contains("after 2 retries") == true)
      #expect(fake.count == 3)
    }
  }

  @Test func usedUpQuotaIsNotRetried() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.status(429, body: .insufficientQuota)])
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(error?.message.contains("quota is used up") == true)
      #expect(fake.count == 1)
    }
  }

  @Test func textAnswersServedAsHTMLAreTheTranscript() async throws {
    try await withServer(.whisperCpp) { fake, http in
      fake.inject([
        .status(200, body: .raw(contentType: "text/html; charset=utf-8", body: Array(" Guten Morgen.\n".utf8)))
      ])
      let recognition = try await makeEngine(fake, http, style: .whisperServer).recognize(Self.chunk, language: .german)
      #expect(recognition == Recognition(text: "Guten Morgen."))
      fake.inject([
        .status(200, body: .raw(contentType: "text/html", body: Array("<!DOCTYPE html><p>Sign in</p>".utf8)))
      ])
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, style: .whisperServer).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(error?.message.contains("web page") == true)
    }
  }

  @Test func malformedJSONIsRejectedNotRetried() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.malformedJSON])
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http).recognize(Self.chunk, language: .german)
      }
      #expect(error?.kind == .rejected)
      #expect(error?.message.contains("not valid JSON") == true)
      #expect(fake.count == 1)
    }
  }

  @Test func droppedConnectionIsRetried() async throws {
    try await withServer(.openAI) { fake, http in
      fake.inject([.dropConnection])
      let recorder = Recorder()
      let recognition = try await makeEngine(fake, http, recorder: recorder).recognize(Self.chunk, language: .german)
      #expect(recognition.language == "de")
      #expect(fake.count == 2)
      #expect(recorder.sleeps.count == 1)
    }
  }

  @Test func slowAnswerTimesOut() async throws {
    try await withServer(.openAI) { fake, http in
      // Far apart, so that a loaded machine's late timers cannot let the answer win.
      fake.inject([.delay(milliseconds: 15000)])
      let start = ContinuousClock.now
      let error = await #expect(throws: TranscriptionError.self) {
        try await makeEngine(fake, http, retries: .none, timeout: 0.4).recognize(Self.chunk, language: .german)
      }
      #expect(ContinuousClock.now - start < .seconds(10))
      #expect(error?.kind == .transport)
      #expect(error?.message.contains("timed out") == true)
      #expect(error?.message.contains(Self.key) == false)
    }
  }

  @Test func unreachableServerIsATransportFailure() async throws {
    let fake = try await FakeLLM.start()
    let base = fake.baseURL
    try await fake.stop()
    let http = HTTPTranscriptionEngine.makeHTTPClient(connectTimeout: 2)
    let recorder = Recorder()
    var engine = try HTTPTranscriptionEngine(
      style: .openAI, baseURL: base + "/v1", apiKey: Self.key, http: http, retries: .init(maxRetries: 1),
      onRetry: { recorder.add($0) })
    engine.sleep = { recorder.slept($0) }
    let error = await #expect(throws: TranscriptionError.self) {
      try await engine.recognize(Self.chunk, language: .german)
    }
    await HTTPTranscriptionEngine.shutDown(http)
    #expect(error?.kind == .transport)
    #expect(error?.message.contains("connect") == true)
    #expect(error?.message.contains(Self.key) == false)
    #expect(recorder.sleeps.count == 1)
  }
}
