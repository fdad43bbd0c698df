import FakeServer

/// `POST /v1/audio/transcriptions` (OpenAI, speaches) and whisper.cpp's `POST /inference`: the
/// multipart upload checked as the imitated server checks it, then the next transcript in the
/// requested `response_format`, laid out as that server lays it out.
struct TranscriptionRoute {
  let settings: FakeLLM.Configuration
  /// The flavor's OpenAI-dialect errors, for the OpenAI style.
  let errors: ErrorReplies
  let takeTranscript: () -> Int

  private var style: FakeTranscriptionStyle { settings.transcriptionStyle }

  func reply(to request: IncomingRequest, route: FakeLLMRoute, fault: FakeLLMFault?) -> Plan {
    // Each server has one of the two routes.
    guard (route == .whisperInference) == (style == .whisperCpp) else {
      return style == .whisperCpp
        ? .text("Not Found", status: 404) : errors.notFound(method: request.method, path: request.path)
    }
    if case .status(let code, let body, let retryAfter, let milliseconds) = fault {
      let status = (100...999).contains(code) ? code : 500
      var plan = body == .standard ? standard(status) : errors.render(body, status: status)
      if let retryAfter { plan.add("retry-after", retryAfter) }
      if let milliseconds { plan.add("retry-after-ms", String(milliseconds)) }
      return plan
    }
    // whisper.cpp ignores the Bearer header.
    if style != .whisperCpp, let key = settings.apiKey {
      let sent = settings.flavor == .liteLLM ? request.credential : request.bearerToken
      if sent != key {
        return style == .speaches ? fail(401, "Invalid API key") : errors.unauthorized(presented: sent)
      }
    }
    guard let form = request.form else {
      return fail(400, style == .whisperCpp ? "no 'file' field in the request" : "Could not parse multipart form")
    }
    func value(_ name: String) -> String? { form.last { $0.name == name }?.text }
    guard let file = form.first(where: { $0.name == "file" }) else {
      return fail(400, style == .whisperCpp ? "no 'file' field in the request" : "Missing required parameter: 'file'.")
    }
    let model = value("model")
    if style == .openAI, model?.isEmpty ?? true { return fail(400, "you must provide a model parameter") }
    if style != .whisperCpp, let model, let known = settings.transcriptionModels, !known.contains(model) {
      return style == .speaches
        ? fail(
          404, "Model '\(model)' is not installed locally. You can download the model using `POST /v1/models`")
        : errors.openAIStyle(
          404, message: "The model `\(model)` does not exist or you do not have access to it.",
          type: "invalid_request_error", code: "model_not_found")
    }
    if let limit = settings.transcriptionUploadLimit, file.bytes.count > limit {
      let message =
        style == .openAI
        ? "Maximum content size limit (\(limit)) exceeded (\(request.body.count) bytes read)"
        : "file too large: \(file.bytes.count) bytes, at most \(limit)"
      return fail(413, message)
    }
    let format = value("response_format") ?? "json"
    guard ["json", "text", "verbose_json"].contains(format) else {
      return fail(400, "response_format '\(format)' is not supported by this fake (json, text, verbose_json)")
    }
    let granularities = form.filter { $0.name == "timestamp_granularities[]" }.map(\.text)
    if style == .openAI, granularities.contains("word"), format != "verbose_json" {
      // Recorded from OpenAI by faster-whisper-server's tests.
      return fail(400, "timestamp_granularities requires response_format=verbose_json")
    }

    var transcript: FakeTranscript
    if case .answer(let answer) = fault, case .text(let text) = answer.source {
      transcript = FakeTranscript(text)
    } else if settings.transcripts.isEmpty {
      transcript = FakeTranscript("")
    } else {
      transcript = settings.transcripts[takeTranscript() % settings.transcripts.count]
    }
    if let requested = value("language")?.lowercased(), !requested.isEmpty, requested != "auto" {
      transcript.language = requested
    }
    let speech = FakeSpeech(transcript, duration: WAVInfo.duration(of: file.bytes))
    switch format {
    case "text": return textAnswer(speech)
    case "verbose_json": return verbose(speech, granularities: granularities, detected: value("language"))
    default: return jsonAnswer(speech)
    }
  }

  // MARK: Answers

  private func writer() -> JSONOut { JSONOut(layout: style == .openAI ? .pretty(indent: 2) : .compact) }

  /// Every server but OpenAI joins segment texts that start with a space.
  private func fullText(_ speech: FakeSpeech) -> String {
    style == .openAI || speech.text.isEmpty ? speech.text : " " + speech.text
  }

  private func jsonAnswer(_ speech: FakeSpeech) -> Plan {
    var json = writer()
    json.object { $0.member("text", fullText(speech)) }
    if style == .openAI { json.newline() }
    return .json(json.bytes, contentType: "application/json")
  }

  private func textAnswer(_ speech: FakeSpeech) -> Plan {
    let contentType = style == .whisperCpp ? "text/html; charset=utf-8" : "text/plain; charset=utf-8"
    return Plan(
      status: 200, headers: [("Content-Type", contentType)], body: .whole(Array((fullText(speech) + "\n").utf8)))
  }

  private func verbose(_ speech: FakeSpeech, granularities: [String], detected: String?) -> Plan {
    let language = style == .speaches ? speech.language : Self.languageName(speech.language)
    // OpenAI gives segments unless only words were asked for, and words only when asked for;
    // speaches the same but words inside the segments too; whisper.cpp both, always.
    let wantWords = style == .whisperCpp || granularities.contains("word")
    let wantSegments = style != .openAI || granularities.isEmpty || granularities.contains("segment")
    var json = writer()
    json.object { out in
      out.member("task", "transcribe")
      out.member("language", language)
      out.member("duration", speech.duration)
      out.member("text", fullText(speech))
      if wantWords, style == .speaches || style == .openAI {
        out.arrayMember("words") { words in
          for word in speech.words { write(word, to: &words) }
        }
      }
      if wantSegments {
        out.arrayMember("segments") { segments in
          for (index, segment) in speech.segments.enumerated() {
            segments.object { entry in write(segment, index: index, words: wantWords, to: &entry) }
          }
        }
      }
      if style == .openAI {
        out.objectMember("usage") { usage in
          usage.member("type", "duration")
          usage.member("seconds", Int(speech.duration.rounded(.up)))
        }
      }
      if style == .whisperCpp, detected == nil || detected == "auto" {
        out.member("detected_language", language)
        out.member("detected_language_probability", 0.97)
      }
    }
    if style == .openAI { json.newline() }
    return .json(json.bytes, contentType: "application/json")
  }

  private func write(_ segment: FakeSpeech.Segment, index: Int, words: Bool, to out: inout JSONOut) {
    out.member("id", index)
    if style != .whisperCpp { out.member("seek", 0) }
    if style == .whisperCpp { out.member("text", " " + segment.text) }
    out.member("start", segment.start)
    out.member("end", segment.end)
    if style != .whisperCpp { out.member("text", " " + segment.text) }
    out.key("tokens")
    out.ints(segment.words.indices.map { 50364 + index * 100 + $0 })
    if style == .whisperCpp {
      out.arrayMember("words") { list in
        for word in segment.words { write(word, to: &list) }
      }
    }
    out.member("temperature", 0.0)
    out.member("avg_logprob", -0.21)
    if style != .whisperCpp { out.member("compression_ratio", 1.05) }
    out.member("no_speech_prob", 0.01)
    if style == .speaches {
      if words {
        out.arrayMember("words") { list in
          for word in segment.words { write(word, to: &list) }
        }
      } else {
        out.nullMember("words")
      }
    }
  }

  private func write(_ word: FakeSpeech.Word, to out: inout JSONOut) {
    out.object { entry in
      switch style {
      case .openAI:
        entry.member("word", word.bare)
        entry.member("start", word.start)
        entry.member("end", word.end)
      case .speaches:
        entry.member("start", word.start)
        entry.member("end", word.end)
        entry.member("word", " " + word.text)
        entry.member("probability", 0.93)
      case .whisperCpp:
        entry.member("word", " " + word.text)
        entry.member("start", word.start)
        entry.member("end", word.end)
        entry.member("t_dtw", -1)
        entry.member("probability", 0.93)
      }
    }
  }

  // MARK: Errors

  /// An error in this style's shape: OpenAI's object, FastAPI's `detail`, whisper.cpp's string.
  private func fail(_ status: Int, _ message: String) -> Plan {
    switch style {
    case .openAI:
      return errors.openAIStyle(
        status, message: message, type: status >= 500 ? "server_error" : "invalid_request_error")
    case .speaches:
      return errors.fastAPI(status, message)
    case .whisperCpp:
      var json = JSONOut()
      json.object { $0.member("error", message) }
      return .json(json.bytes, status: status, contentType: "application/json")
    }
  }

  /// What this server typically answers with `status`.
  private func standard(_ status: Int) -> Plan {
    switch style {
    case .openAI: errors.standard(status)
    case .speaches: fail(status, StatusText.llm(status))
    case .whisperCpp: fail(status, status == 500 ? "failed to process audio" : StatusText.llm(status).lowercased())
    }
  }

  // MARK: Languages

  /// Whisper's names for the codes tests use; others stay codes.
  static func languageName(_ code: String) -> String {
    let names = [
      "en": "english", "de": "german", "fr": "french", "es": "spanish", "it": "italian", "nl": "dutch",
      "pt": "portuguese", "pl": "polish", "ru": "russian", "ja": "japanese", "zh": "chinese", "sv": "swedish",
      "da": "danish", "no": "norwegian", "fi": "finnish", "cs": "czech", "tr": "turkish", "uk": "ukrainian",
    ]
    return names[code] ?? code
  }
}

/// A transcript laid out in time: its words spread evenly over the audio, cut into one segment
/// per sentence. Times are rounded to 10 ms, as whisper's are.
struct FakeSpeech {
  struct Word {
    /// With its punctuation, as speaches and whisper.cpp give words.
    var text: String
    var start: Double
    var end: Double

    /// Without punctuation, as OpenAI gives words.
    var bare: String {
      String(text.unicodeScalars.filter { !".,!?;:\"“”„…".unicodeScalars.contains($0) }.map(Character.init))
    }
  }

  struct Segment {
    var words: [Word]
    var text: String { words.map(\.text).joined(separator: " ") }
    var start: Double { words.first?.start ?? 0 }
    var end: Double { words.last?.end ?? 0 }
  }

  var text: String
  var language: String
  var duration: Double
  var words: [Word]
  var segments: [Segment]

  /// `duration` nil (an upload that is not a WAV file) gives 0.4 s per word, at least 1 s.
  init(_ transcript: FakeTranscript, duration: Double?) {
    text = transcript.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    language = transcript.language
    let tokens = text.split(separator: " ").map(String.init)
    let length = duration ?? max(1, 0.4 * Double(tokens.count))
    self.duration = Self.round(length)
    let slot = tokens.isEmpty ? 0 : length / Double(tokens.count)
    words = tokens.enumerated().map { index, token in
      Word(text: token, start: Self.round(Double(index) * slot), end: Self.round(Double(index + 1) * slot))
    }
    var segments: [Segment] = []
    var current: [Word] = []
    for word in words {
      current.append(word)
      if let last = word.text.last, ".!?".contains(last) {
        segments.append(Segment(words: current))
        current = []
      }
    }
    if !current.isEmpty { segments.append(Segment(words: current)) }
    self.segments = segments
  }

  static func round(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }
}

/// The length of a RIFF/WAVE upload, read from its `fmt ` and `data` chunks.
enum WAVInfo {
  static func duration(of bytes: [UInt8]) -> Double? {
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
      return nil
    }
    func uint32(_ at: Int) -> Int {
      Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
    func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    var offset = 12
    var bytesPerSecond: Int?
    while offset + 8 <= bytes.count {
      let size = uint32(offset + 4)
      let body = offset + 8
      if bytes[offset..<offset + 4].elementsEqual("fmt ".utf8), body + 16 <= bytes.count {
        let channels = uint16(body + 2)
        let rate = uint32(body + 4)
        let bits = uint16(body + 14)
        bytesPerSecond = rate * channels * max(1, bits / 8)
      } else if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
        guard let bytesPerSecond, bytesPerSecond > 0 else { return nil }
        return Double(min(size, bytes.count - body)) / Double(bytesPerSecond)
      }
      offset = body + size + (size & 1)
    }
    return nil
  }
}
