import Audio
import Testing

@testable import Transcription

/// The bytes that go up: the WAV file and the multipart form around it.
@Suite struct EncodingTests {
  @Test func wavHeaderIsTheCanonical44Bytes() {
    let pcm = PCM(samples: [0, 1, -1, 0.5, 2], sampleRate: 16000)
    let bytes = WAVEncoding.encode(pcm)
    #expect(bytes.count == 44 + 10)
    let header: [UInt8] = [
      0x52, 0x49, 0x46, 0x46, 46, 0, 0, 0,  // "RIFF", 36 + 10
      0x57, 0x41, 0x56, 0x45, 0x66, 0x6D, 0x74, 0x20,  // "WAVE", "fmt "
      16, 0, 0, 0, 1, 0, 1, 0,  // fmt size 16, PCM, mono
      0x80, 0x3E, 0, 0, 0x00, 0x7D, 0, 0,  // 16000 Hz, 32000 bytes/s
      2, 0, 16, 0, 0x64, 0x61, 0x74, 0x61,  // block align 2, 16 bits, "data"
      10, 0, 0, 0,  // 10 bytes of samples
    ]
    #expect(Array(bytes.prefix(44)) == header)
    // 0, 32767, -32767, 16384 (0.5 × 32767 rounded), and 2 clipped to 32767; little-endian.
    #expect(Array(bytes.suffix(10)) == [0, 0, 0xFF, 0x7F, 0x01, 0x80, 0x00, 0x40, 0xFF, 0x7F])
  }

  @Test func wavHeaderFollowsTheSampleRate() {
    let bytes = WAVEncoding.encode(PCM(samples: [Float](repeating: 0, count: 44100), sampleRate: 44100))
    #expect(bytes.count == 44 + 88200)
    #expect(Array(bytes[4..<8]) == [0xAC, 0x58, 0x01, 0x00])  // 36 + 88200 = 88236
    #expect(Array(bytes[24..<32]) == [0x44, 0xAC, 0, 0, 0x88, 0x58, 0x01, 0])  // 44100, 88200
    #expect(Array(bytes[40..<44]) == [0x88, 0x58, 0x01, 0])
  }

  @Test func multipartBytesExactly() {
    var form = MultipartForm(boundary: "XyZ")
    form.addFile("file", filename: "chunk.wav", contentType: "audio/wav", bytes: [0x52, 0x00, 0x0D, 0x0A])
    form.add("model", "whisper-1")
    form.add("timestamp_granularities[]", "word")
    form.add("timestamp_granularities[]", "segment")
    form.add("prompt", "Grüße, Müller")
    let (contentType, body) = form.encoded()
    #expect(contentType == "multipart/form-data; boundary=XyZ")
    let expected =
      Array(
        "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"chunk.wav\"\r\nContent-Type: audio/wav\r\n\r\n"
          .utf8)
      + [0x52, 0x00, 0x0D, 0x0A]
      + Array(
        ("\r\n--XyZ\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n"
          + "--XyZ\r\nContent-Disposition: form-data; name=\"timestamp_granularities[]\"\r\n\r\nword\r\n"
          + "--XyZ\r\nContent-Disposition: form-data; name=\"timestamp_granularities[]\"\r\n\r\nsegment\r\n"
          + "--XyZ\r\nContent-Disposition: form-data; name=\"prompt\"\r\n\r\nGrüße, Müller\r\n--XyZ--\r\n").utf8)
    #expect(body == expected)
    // UTF-8 as is: ü is C3 BC.
    #expect(body.indices.contains { body[$0] == 0xC3 && body[$0 + 1] == 0xBC })
  }

  @Test func namesAreEscapedAsBrowsersDo() {
    #expect(MultipartForm.quoted("a\"b\r\nc") == "a%22b%0D%0Ac")
    var form = MultipartForm(boundary: "B")
    form.addFile("file", filename: "my \"memo\".wav", contentType: "audio/wav", bytes: [])
    let text = String(decoding: form.encoded().body, as: UTF8.self)
    #expect(text.contains("filename=\"my %22memo%22.wav\""))
  }

  @Test func randomBoundariesDifferAndAvoidTheContent() {
    var form = MultipartForm()
    form.add("a", "b")
    let first = form.encoded().contentType
    let second = form.encoded().contentType
    #expect(first != second)
    let boundary = String(first.dropFirst("multipart/form-data; boundary=".count))
    #expect(boundary.hasPrefix("ail-"))
    #expect(boundary.count == 36)
    #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
  }

  @Test func engineFormsPerStyle() throws {
    let http = HTTPTranscriptionEngine.makeHTTPClient()
    defer { Task { await HTTPTranscriptionEngine.shutDown(http) } }
    let openAI = try HTTPTranscriptionEngine(style: .openAI, baseURL: "http://127.0.0.1:9/v1", http: http)
    let wav: [UInt8] = [1, 2, 3]
    let form = openAI.form(wav: wav, language: .german, prompt: "  Vorher gesagt. ")
    #expect(
      form.parts.map(\.name) == [
        "file", "model", "language", "response_format", "timestamp_granularities[]", "timestamp_granularities[]",
        "temperature", "prompt",
      ])
    #expect(
      form.parts.map { String(decoding: $0.bytes, as: UTF8.self) }.dropFirst() == [
        "whisper-1", "de", "verbose_json", "word", "segment", "0", "Vorher gesagt.",
      ])
    #expect(
      form.parts[0] == MultipartForm.Part(name: "file", filename: "chunk.wav", contentType: "audio/wav", bytes: wav))
    // Auto: no language; en-GB: en.
    #expect(!openAI.form(wav: wav, language: .auto, prompt: nil).parts.contains { $0.name == "language" })
    #expect(
      openAI.form(wav: wav, language: .britishEnglish, prompt: "").parts.filter { $0.name == "language" }.map(\.bytes)
        == [Array("en".utf8)])
    #expect(!openAI.form(wav: wav, language: .auto, prompt: "   ").parts.contains { $0.name == "prompt" })

    let whisper = try HTTPTranscriptionEngine(
      style: .whisperServer, baseURL: "http://127.0.0.1:9", model: "ignored", http: http)
    #expect(whisper.model == nil)
    let whisperForm = whisper.form(wav: wav, language: .auto, prompt: nil)
    #expect(whisperForm.parts.map(\.name) == ["file", "language", "response_format", "temperature"])
    #expect(whisperForm.parts[1].bytes == Array("auto".utf8))
  }

  @Test func longPromptsKeepTheirEnd() {
    let words = (1...400).map { "wort\($0)" }.joined(separator: " ")
    let clipped = HTTPTranscriptionEngine.clipped(words)
    #expect(clipped.count <= HTTPTranscriptionEngine.promptLimit)
    #expect(clipped.hasSuffix("wort400"))
    #expect(clipped.hasPrefix("wort"))  // starts at a word, not inside one
    #expect(HTTPTranscriptionEngine.clipped(" kurz ") == "kurz")
  }

  @Test func endpointsFromBaseURLs() {
    let cases: [(HTTPTranscriptionEngine.Style, String, String?)] = [
      (.openAI, "http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/v1/audio/transcriptions"),
      (.openAI, "http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/v1/audio/transcriptions"),
      (.openAI, "http://127.0.0.1:8000/v1/audio/transcriptions", "http://127.0.0.1:8000/v1/audio/transcriptions"),
      (.openAI, "https://api.groq.com/openai/v1", "https://api.groq.com/openai/v1/audio/transcriptions"),
      (.openAI, "http://127.0.0.1:8000", "http://127.0.0.1:8000/v1/audio/transcriptions"),
      (.openAI, "http://127.0.0.1:8000/", "http://127.0.0.1:8000/v1/audio/transcriptions"),
      (.whisperServer, "http://127.0.0.1:8080", "http://127.0.0.1:8080/inference"),
      (.whisperServer, "http://127.0.0.1:8080/inference/", "http://127.0.0.1:8080/inference"),
      (.whisperServer, "http://127.0.0.1:8080/", "http://127.0.0.1:8080/inference"),
      (.openAI, "127.0.0.1:8000", nil),
      (.openAI, "ftp://host/v1", nil),
      (.openAI, "http://", nil),
    ]
    for (style, base, expected) in cases {
      #expect(HTTPTranscriptionEngine.endpoint(style: style, baseURL: base) == expected, "\(style) \(base)")
    }
    #expect(HTTPTranscriptionEngine.withoutCredentials("http://u:secret@host:1/v1") == "http://host:1/v1")
    #expect(HTTPTranscriptionEngine.authority(of: "http://u:p@host:1/v1") == "host:1")
  }

  @Test func badBaseURLIsAConfigurationError() {
    let http = HTTPTranscriptionEngine.makeHTTPClient()
    defer { Task { await HTTPTranscriptionEngine.shutDown(http) } }
    let error = #expect(throws: TranscriptionError.self) {
      try HTTPTranscriptionEngine(style: .openAI, baseURL: "localhost:8000", http: http)
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("localhost:8000") == true)
  }
}
