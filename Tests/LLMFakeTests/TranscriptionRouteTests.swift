import AsyncHTTPClient
import FakeServerTestSupport
import Foundation
import LLMFake
import NIOCore
import NIOHTTP1
import Testing
import Wire

/// The transcription routes: OpenAI's, speaches' and whisper.cpp's answer shapes, the multipart
/// upload parsed into the log, transcripts in order, errors in each server's shape, faults.
@Suite struct TranscriptionRouteTests {
  /// A 16 kHz mono 16-bit WAV of `seconds` of silence, written here byte by byte.
  static func wav(seconds: Double, rate: Int = 16000) -> [UInt8] {
    let frames = Int(Double(rate) * seconds)
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    var bytes = Array("RIFF".utf8) + le32(36 + frames * 2) + Array("WAVEfmt ".utf8) + le32(16)
    bytes += le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16)
    bytes += Array("data".utf8) + le32(frames * 2) + [UInt8](repeating: 0, count: frames * 2)
    return bytes
  }

  /// A form field or file, written by hand (not by the client under test).
  enum Field {
    case text(String, String)
    case file(String, filename: String, contentType: String, [UInt8])
  }

  static let boundary = "test-boundary-7MA4YWxkTrZu0gW"

  static func multipart(_ fields: [Field], boundary: String = boundary) -> [UInt8] {
    var body: [UInt8] = []
    for field in fields {
      body += Array("--\(boundary)\r\n".utf8)
      switch field {
      case .text(let name, let value):
        body += Array("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
      case .file(let name, let filename, let contentType, let bytes):
        body += Array(
          "Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n"
            .utf8)
        body += bytes + [0x0D, 0x0A]
      }
    }
    return body + Array("--\(boundary)--\r\n".utf8)
  }

  /// The fields ail-transcribe sends, with a 1.5 s WAV.
  static func upload(
    model: String? = "whisper-1", language: String? = "de", format: String = "verbose_json",
    granularities: [String] = ["word", "segment"], prompt: String? = nil, seconds: Double = 1.5
  ) -> [Field] {
    var fields: [Field] = [.file("file", filename: "chunk.wav", contentType: "audio/wav", wav(seconds: seconds))]
    if let model { fields.append(.text("model", model)) }
    if let language { fields.append(.text("language", language)) }
    fields.append(.text("response_format", format))
    for granularity in granularities { fields.append(.text("timestamp_granularities[]", granularity)) }
    fields.append(.text("temperature", "0"))
    if let prompt { fields.append(.text("prompt", prompt)) }
    return fields
  }

  func post(
    _ client: HTTPClient, _ url: String, _ fields: [Field], headers: [(String, String)] = [],
    contentType: String = "multipart/form-data; boundary=\(Self.boundary)"
  ) async throws -> Answer {
    try await post(client, url, body: Self.multipart(fields), headers: headers, contentType: contentType)
  }

  func post(
    _ client: HTTPClient, _ url: String, body: [UInt8], headers: [(String, String)] = [], contentType: String
  ) async throws -> Answer {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: contentType)
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    request.body = .bytes(ByteBuffer(bytes: body))
    let response = try await client.execute(request, timeout: .seconds(30))
    let bytes = try await response.body.collect(upTo: 1 << 24)
    return Answer(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
  }

  func fake(
    _ style: FakeTranscriptionStyle, transcripts: [FakeTranscript] = [.german], apiKey: String? = nil,
    models: [String]? = nil, uploadLimit: Int? = nil
  ) -> FakeLLM.Configuration {
    FakeLLM.Configuration(
      apiKey: apiKey, fixedTime: fixedTime, transcriptionStyle: style, transcripts: transcripts,
      transcriptionModels: models, transcriptionUploadLimit: uploadLimit)
  }

  // MARK: Shapes

  @Test func openAIVerboseJSON() async throws {
    try await withFake(fake(.openAI)) { fake, client in
      let answer = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload())
      #expect(answer.status == 200)
      #expect(answer.header("Content-Type") == "application/json")
      let json = try answer.json()
      #expect(json["task"]?.stringValue == "transcribe")
      #expect(json["language"]?.stringValue == "german")
      #expect(json["duration"] == .number(1.5))
      #expect(json["text"]?.stringValue == "Bitte ruf mich morgen früh um neun Uhr an.")
      let words = try #require(json["words"]?.arrayValue)
      #expect(
        words.map { $0["word"]?.stringValue ?? "" } == [
          "Bitte", "ruf", "mich", "morgen", "früh", "um", "neun", "Uhr", "an",
        ])
      #expect(words.first?["start"] == .number(0))
      #expect(words.last?["end"] == .number(1.5))
      let segment = try #require(json["segments"]?.arrayValue?.first)
      #expect(segment["text"]?.stringValue == " Bitte ruf mich morgen früh um neun Uhr an.")
      #expect(segment["compression_ratio"] != nil)
      #expect(segment["seek"] == .integer(0))
      #expect(segment["words"] == nil)
      // OpenAI pretty-prints, and UTF-8 goes out raw.
      #expect(answer.text.hasPrefix("{\n  \"task\": \"transcribe\",\n"))
      #expect(answer.text.contains("früh"))
    }
  }

  @Test func openAIWordsOnlyWhenAskedAndJSONAndTextFormats() async throws {
    try await withFake(fake(.openAI, transcripts: ["Hello world."])) { fake, client in
      let url = "\(fake.baseURL)/v1/audio/transcriptions"
      let segmentsOnly = try await post(client, url, Self.upload(language: nil, granularities: ["segment"])).json()
      #expect(segmentsOnly["words"] == nil)
      #expect(segmentsOnly["segments"]?.arrayValue?.count == 1)
      // The detected language when none was sent: the transcript's.
      #expect(segmentsOnly["language"]?.stringValue == "english")
      let json = try await post(client, url, Self.upload(format: "json", granularities: []))
      #expect(json.text == "{\n  \"text\": \"Hello world.\"\n}\n")
      let text = try await post(client, url, Self.upload(format: "text", granularities: []))
      #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
      #expect(text.text == "Hello world.\n")
      // OpenAI refuses word timestamps without verbose_json.
      let refused = try await post(client, url, Self.upload(format: "json", granularities: ["word"]))
      #expect(refused.status == 400)
      #expect(try refused.json()["error"]?["message"]?.stringValue?.contains("verbose_json") == true)
      let noModel = try await post(client, url, Self.upload(model: nil))
      #expect(noModel.status == 400)
      #expect(try noModel.json()["error"]?["message"]?.stringValue == "you must provide a model parameter")
    }
  }

  @Test func speachesShape() async throws {
    try await withFake(fake(.speaches, transcripts: ["Hello world. Bye."])) { fake, client in
      let answer = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions",
        Self.upload(model: "Systran/faster-whisper-small", language: "en", seconds: 3))
      #expect(answer.status == 200)
      let json = try answer.json()
      #expect(json["language"]?.stringValue == "en")
      #expect(json["text"]?.stringValue == " Hello world. Bye.")
      let top = try #require(json["words"]?.arrayValue)
      #expect(top.map { $0["word"]?.stringValue ?? "" } == [" Hello", " world.", " Bye."])
      #expect(top.allSatisfy { $0["probability"] != nil })
      let segments = try #require(json["segments"]?.arrayValue)
      #expect(segments.count == 2)
      #expect(segments[0]["words"]?.arrayValue?.count == 2)
      #expect(segments[1]["words"]?.arrayValue?.first?["start"] == .number(2))
      #expect(segments[1]["end"] == .number(3))
      #expect(answer.text.hasPrefix(#"{"task":"transcribe","language":"en","duration":3.0,"#))
      // Without word timestamps asked, segments carry `"words":null`.
      let plain = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload(language: "en", granularities: []))
      #expect(try plain.json()["words"] == nil)
      #expect(try plain.json()["segments"]?.arrayValue?.first?["words"] == .null)
    }
  }

  @Test func whisperCppShape() async throws {
    try await withFake(fake(.whisperCpp)) { fake, client in
      let answer = try await post(
        client, "\(fake.baseURL)/inference", Self.upload(model: nil, language: "de", granularities: []))
      #expect(answer.status == 200)
      let json = try answer.json()
      #expect(json["language"]?.stringValue == "german")
      #expect(json["words"] == nil)
      #expect(json["detected_language"] == nil)
      let segment = try #require(json["segments"]?.arrayValue?.first)
      #expect(segment["compression_ratio"] == nil)
      #expect(segment["seek"] == nil)
      let words = try #require(segment["words"]?.arrayValue)
      #expect(words.count == 9)
      #expect(words.first?["word"]?.stringValue == " Bitte")
      #expect(words.last?["word"]?.stringValue == " an.")
      #expect(words.first?["t_dtw"] == .integer(-1))
      // `language=auto` reports what was detected.
      let detected = try await post(client, "\(fake.baseURL)/inference", Self.upload(model: nil, language: "auto"))
        .json()
      #expect(detected["language"]?.stringValue == "german")
      #expect(detected["detected_language"]?.stringValue == "german")
      // text is served as text/html.
      let text = try await post(client, "\(fake.baseURL)/inference", Self.upload(model: nil, format: "text"))
      #expect(text.header("Content-Type") == "text/html; charset=utf-8")
      #expect(text.text == " Bitte ruf mich morgen früh um neun Uhr an.\n")
    }
  }

  @Test func eachStyleServesItsOwnRoute() async throws {
    try await withFake(fake(.whisperCpp)) { fake, client in
      let missing = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload())
      #expect(missing.status == 404)
    }
    try await withFake(fake(.openAI)) { fake, client in
      let inference = try await post(client, "\(fake.baseURL)/inference", Self.upload())
      #expect(inference.status == 404)
      // Without /v1 as well, as the chat route.
      let bare = try await post(client, "\(fake.baseURL)/audio/transcriptions", Self.upload())
      #expect(bare.status == 200)
    }
  }

  // MARK: The request log

  @Test func logHoldsTheParsedForm() async throws {
    try await withFake(fake(.openAI, apiKey: "sk-test-0123456789")) { fake, client in
      let prompt = "Namen: Müller, Grüße"
      let answer = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload(prompt: prompt),
        headers: [("Authorization", "Bearer sk-test-0123456789")])
      #expect(answer.status == 200)
      let request = try #require(fake.requests(route: .audioTranscriptions).first)
      #expect(
        request.formNames == [
          "file", "model", "language", "response_format", "timestamp_granularities[]", "timestamp_granularities[]",
          "temperature", "prompt",
        ])
      #expect(request.formValues("timestamp_granularities[]") == ["word", "segment"])
      #expect(request.formValues("model") == ["whisper-1"])
      #expect(request.model == "whisper-1")
      let file = try #require(request.formPart("file"))
      #expect(file.filename == "chunk.wav")
      #expect(file.contentType == "audio/wav")
      #expect(file.bytes.count == 44 + 48000)
      #expect(request.formPart("prompt")?.bytes == Array(prompt.utf8))
      #expect(request.credential == .present(fingerprint: FakeLLM.fingerprint("sk-test-0123456789")))
      #expect(request.header("Authorization") == "[redacted]")
    }
  }

  @Test func parserCopesWithQuotedBoundaryAndEscapedNames() async throws {
    try await withFake(fake(.openAI)) { fake, client in
      let boundary = "with:colon+plus"
      var body = Array("preamble to ignore\r\n".utf8)
      body += Self.multipart(
        [
          .file("file", filename: #"my \"memo\".wav"#, contentType: "audio/wav", Self.wav(seconds: 0.5)),
          .text("model", "whisper-1"), .text("prompt", "Zeile eins\r\nZeile zwei"),
        ], boundary: boundary)
      let answer = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions", body: body,
        contentType: "multipart/form-data; charset=utf-8; boundary=\"\(boundary)\"")
      #expect(answer.status == 200)
      let request = try #require(fake.requests.last)
      #expect(request.formPart("file")?.filename == #"my "memo".wav"#)
      #expect(request.formValues("prompt") == ["Zeile eins\r\nZeile zwei"])
      #expect(try answer.json()["text"]?.stringValue == "Bitte ruf mich morgen früh um neun Uhr an.")

      // No closing delimiter: not a form.
      var broken = Self.multipart([.text("model", "whisper-1")])
      broken.removeLast(4)
      let refused = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions", body: broken,
        contentType: "multipart/form-data; boundary=\(Self.boundary)")
      #expect(refused.status == 400)
      #expect(fake.requests.last?.form.isEmpty == true)
      let noFile = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", [.text("model", "whisper-1")])
      #expect(noFile.status == 400)
      #expect(try noFile.json()["error"]?["message"]?.stringValue == "Missing required parameter: 'file'.")
    }
  }

  // MARK: Transcripts in order

  @Test func transcriptsComeInOrderAndErrorsDoNotUseThemUp() async throws {
    try await withFake(fake(.openAI, transcripts: ["One.", "Two.", .german])) { fake, client in
      let url = "\(fake.baseURL)/v1/audio/transcriptions"
      func text() async throws -> String? {
        try await post(client, url, Self.upload(language: nil)).json()["text"]?.stringValue
      }
      #expect(try await text() == "One.")
      fake.inject([.status(429, retryAfter: "1")], route: .audioTranscriptions)
      let limited = try await post(client, url, Self.upload())
      #expect(limited.status == 429)
      #expect(limited.header("retry-after") == "1")
      #expect(try await text() == "Two.")
      #expect(try await text() == "Bitte ruf mich morgen früh um neun Uhr an.")
      #expect(try await post(client, url, Self.upload(language: nil)).json()["language"]?.stringValue == "english")
      fake.inject([.answer(.text("Overridden."))])
      #expect(try await text() == "Overridden.")
      #expect(try await text() == "Two.")
      fake.setTranscripts(["Fresh."])
      #expect(try await text() == "Fresh.")
    }
  }

  // MARK: Errors and faults

  @Test func errorShapesPerStyle() async throws {
    try await withFake(fake(.whisperCpp)) { fake, client in
      fake.inject([.status(500), .status(400)])
      let failed = try await post(client, "\(fake.baseURL)/inference", Self.upload())
      #expect(failed.status == 500)
      #expect(failed.text == #"{"error":"failed to process audio"}"#)
      let bad = try await post(client, "\(fake.baseURL)/inference", Self.upload())
      #expect(try bad.json()["error"]?.stringValue == "bad request")
      let noFile = try await post(client, "\(fake.baseURL)/inference", [.text("language", "de")])
      #expect(noFile.text == #"{"error":"no 'file' field in the request"}"#)
    }
    try await withFake(fake(.speaches, models: ["Systran/faster-whisper-small"])) { fake, client in
      let missing = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload(model: "Systran/faster-whisper-large-v3"))
      #expect(missing.status == 404)
      #expect(
        try missing.json()["detail"]?.stringValue
          == "Model 'Systran/faster-whisper-large-v3' is not installed locally. You can download the model using `POST /v1/models`"
      )
      fake.inject([.status(503)])
      let busy = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload())
      #expect(busy.text == #"{"detail":"Service Unavailable"}"#)
    }
    try await withFake(fake(.openAI, uploadLimit: 1000)) { fake, client in
      let large = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload())
      #expect(large.status == 413)
      let message = try #require(try large.json()["error"]?["message"]?.stringValue)
      #expect(message.hasPrefix("Maximum content size limit (1000) exceeded ("))
      fake.inject([.status(400, body: .openAI(message: "Invalid file format.", type: "invalid_request_error"))])
      let invalid = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload(seconds: 0.01))
      #expect(invalid.status == 400)
      #expect(try invalid.json()["error"]?["message"]?.stringValue == "Invalid file format.")
    }
  }

  @Test func keysPerStyle() async throws {
    try await withFake(fake(.openAI, apiKey: "sk-right-0123456789")) { fake, client in
      let wrong = try await post(
        client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload(),
        headers: [("Authorization", "Bearer sk-wrong-9876543210")])
      #expect(wrong.status == 401)
      #expect(try wrong.json()["error"]?["code"]?.stringValue == "invalid_api_key")
      #expect(!wrong.text.contains("sk-wrong-9876543210"))
    }
    try await withFake(fake(.speaches, apiKey: "sk-right-0123456789")) { fake, client in
      let missing = try await post(client, "\(fake.baseURL)/v1/audio/transcriptions", Self.upload())
      #expect(missing.status == 401)
      #expect(missing.text == #"{"detail":"Invalid API key"}"#)
    }
    // whisper.cpp ignores the header.
    try await withFake(fake(.whisperCpp, apiKey: "sk-right-0123456789")) { fake, client in
      let answer = try await post(client, "\(fake.baseURL)/inference", Self.upload())
      #expect(answer.status == 200)
    }
  }

  @Test func streamFaultsApplyToTranscriptions() async throws {
    try await withFake(fake(.openAI)) { fake, client in
      let url = "\(fake.baseURL)/v1/audio/transcriptions"
      fake.inject([.malformedJSON, .delay(milliseconds: 300)], route: .audioTranscriptions)
      let broken = try await post(client, url, Self.upload())
      #expect(broken.status == 200)
      #expect((try? broken.json()) == nil)
      let start = FakeLLM.monotonicNow()
      #expect(try await post(client, url, Self.upload()).status == 200)
      #expect(FakeLLM.monotonicNow() - start >= 0.28)
      fake.inject([.dropConnection])
      await #expect(throws: (any Error).self) { try await post(client, url, Self.upload()) }
      #expect(fake.requests.last?.status == nil)
    }
  }
}
