/// `segment`: a stretch of speech between silences, as `ail-transcribe --segments-only` finds it.
public struct SegmentRecord: WireRecord, Hashable {
  public static let kind = "segment"

  /// The recording: its path, or `-` for standard input.
  public var file: String
  /// 0 for the first segment of the file.
  public var index: Int
  /// Seconds from the start of the recording.
  public var start: Double
  public var end: Double
  public var unknownFields: JSONObject

  public init(file: String, index: Int, start: Double, end: Double, unknownFields: JSONObject = [:]) {
    self.file = file
    self.index = index
    self.start = start
    self.end = end
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    file = try members.string("file")
    index = try members.int("index")
    start = try members.double("start")
    end = try members.double("end")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("file", file)
    members.put("index", index)
    members.put("start", start)
    members.put("end", end)
  }
}

/// One recognised word with its time in the recording.
public struct TranscriptWord: WireObject, Hashable {
  public var word: String
  public var start: Double
  public var end: Double
  public var unknownFields: JSONObject

  public init(word: String, start: Double, end: Double, unknownFields: JSONObject = [:]) {
    self.word = word
    self.start = start
    self.end = end
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    word = try members.string("word")
    start = try members.double("start")
    end = try members.double("end")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("word", word)
    members.put("start", start)
    members.put("end", end)
  }
}

/// `transcript_chunk`: the text of one chunk of a recording, written as soon as it is recognised.
public struct TranscriptChunkRecord: WireRecord, Hashable {
  public static let kind = "transcript_chunk"

  public var file: String
  /// 0 for the first chunk written for the file (chunks dropped as repeats take no index).
  public var index: Int
  /// Seconds from the start of the recording.
  public var start: Double
  public var end: Double
  public var text: String
  /// The engine that recognised it: `pocketsphinx`, `faster-whisper`, `openai`, `whisper-server`.
  public var engine: String
  /// The language asked for (`de-DE`, `en-US`, `en-GB`), or the one the engine detected with `auto`.
  public var language: String?
  /// With `auto`, how sure the engine was of the language it detected (0…1), when it says.
  public var languageProbability: Double?
  /// Word times in the recording, when the engine gives them.
  public var words: [TranscriptWord]?
  public var unknownFields: JSONObject

  public init(
    file: String, index: Int, start: Double, end: Double, text: String, engine: String, language: String?,
    languageProbability: Double? = nil, words: [TranscriptWord]? = nil, unknownFields: JSONObject = [:]
  ) {
    self.file = file
    self.index = index
    self.start = start
    self.end = end
    self.text = text
    self.engine = engine
    self.language = language
    self.languageProbability = languageProbability
    self.words = words
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    file = try members.string("file")
    index = try members.int("index")
    start = try members.double("start")
    end = try members.double("end")
    text = try members.string("text")
    engine = try members.string("engine")
    language = try members.optionalString("language")
    languageProbability = try members.optionalDouble("language_probability")
    words = try members.optionalObjects("words")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("file", file)
    members.put("index", index)
    members.put("start", start)
    members.put("end", end)
    members.put("text", text)
    members.put("engine", engine)
    members.put("language", language)
    members.put("language_probability", languageProbability)
    members.put("words", words)
  }
}

/// `transcript`: a whole recording's text, after its chunks.
public struct TranscriptRecord: WireRecord, Hashable {
  public static let kind = "transcript"

  public var file: String
  /// The chunks' texts, one per line.
  public var text: String
  /// The recording's length in seconds.
  public var duration: Double
  /// How many `transcript_chunk` records were written for the file.
  public var chunks: Int
  public var engine: String
  public var language: String?
  public var unknownFields: JSONObject

  public init(
    file: String, text: String, duration: Double, chunks: Int, engine: String, language: String?,
    unknownFields: JSONObject = [:]
  ) {
    self.file = file
    self.text = text
    self.duration = duration
    self.chunks = chunks
    self.engine = engine
    self.language = language
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    file = try members.string("file")
    text = try members.string("text")
    duration = try members.double("duration")
    chunks = try members.int("chunks")
    engine = try members.string("engine")
    language = try members.optionalString("language")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("file", file)
    members.put("text", text)
    members.put("duration", duration)
    members.put("chunks", chunks)
    members.put("engine", engine)
    members.put("language", language)
  }
}
