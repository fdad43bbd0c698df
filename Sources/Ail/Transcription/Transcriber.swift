public import Audio
public import Wire

/// How recordings are cut and recognised.
public struct TranscriptionSettings: Sendable {
  public var segmenter: SegmenterSettings
  public var language: SpeechLanguage
  /// Keep chunk texts that only repeat the transcript (the deduplicator is off).
  public var keepRepeats: Bool
  /// Seconds of audio added before and after each chunk handed to the engine, so that the first
  /// and last sounds are not clipped; times in the records stay those of the chunk.
  public var padding: Double
  /// Frames read at a time: small for live input, so that a chunk goes out as soon as it ends.
  public var readFrames: Int

  public init(
    segmenter: SegmenterSettings = SegmenterSettings(), language: SpeechLanguage = .auto, keepRepeats: Bool = false,
    padding: Double = 0.25, readFrames: Int = 16384
  ) {
    self.segmenter = segmenter
    self.language = language
    self.keepRepeats = keepRepeats
    self.padding = padding
    self.readFrames = max(1, readFrames)
  }
}

/// What happens as a recording is read: segments, recognised chunks, progress.
public struct TranscriptionEvents {
  public var segment: (SegmentRecord) throws -> Void
  public var chunk: (TranscriptChunkRecord) throws -> Void
  /// Seconds of audio read so far.
  public var progress: (Double) -> Void

  public init(
    segment: @escaping (SegmentRecord) throws -> Void = { _ in },
    chunk: @escaping (TranscriptChunkRecord) throws -> Void = { _ in },
    progress: @escaping (Double) -> Void = { _ in }
  ) {
    self.segment = segment
    self.chunk = chunk
    self.progress = progress
  }
}

/// Reads a recording block by block, cuts it at silences and hands each chunk to the engine as
/// soon as it is complete, keeping only the audio a chunk still to come may need.
public struct Transcriber {
  public let settings: TranscriptionSettings
  /// nil: segments only, nothing is recognised.
  public let engine: (any SpeechEngine)?

  public init(settings: TranscriptionSettings, engine: (any SpeechEngine)?) {
    self.settings = settings
    self.engine = engine
  }

  /// Transcribes one recording; returns its `transcript` record (nil with segments only).
  public func run(_ source: inout some AudioSource, file: String, events: TranscriptionEvents) async throws
    -> TranscriptRecord?
  {
    let rate = source.sampleRate
    var segmenter = Segmenter(settings: settings.segmenter, sampleRate: rate)
    var audio = RetainedAudio()
    var deduplicator = ChunkDeduplicator()
    var segments = 0
    var texts: [String] = []
    var detectedLanguage: String?

    func handle(_ found: [Segment]) async throws {
      for segment in found {
        try events.segment(
          SegmentRecord(file: file, index: segments, start: Self.ms(segment.start), end: Self.ms(segment.end)))
        segments += 1
        guard let engine else { continue }
        let from = max(0, segment.start - settings.padding)
        let (clip, clipStart) = audio.slice(from: from, to: segment.end + settings.padding, sampleRate: rate)
        let heard = try await engine.recognize(Resampler.resample(clip, to: 16000), language: settings.language)
        let text = heard.text.trimmingSpaces
        guard settings.keepRepeats ? !text.isEmpty : deduplicator.accept(text) else { continue }
        if detectedLanguage == nil { detectedLanguage = heard.language }
        let words = heard.words.map {
          TranscriptWord(word: $0.word, start: Self.ms(clipStart + $0.start), end: Self.ms(clipStart + $0.end))
        }
        try events.chunk(
          TranscriptChunkRecord(
            file: file, index: texts.count, start: Self.ms(segment.start), end: Self.ms(segment.end), text: text,
            engine: engine.name, language: language(detected: heard.language),
            languageProbability: settings.language == .auto ? heard.languageProbability : nil,
            words: words.isEmpty ? nil : words))
        texts.append(text)
      }
    }

    while true {
      let block = try source.read(maxFrames: settings.readFrames)
      if block.isEmpty { break }
      audio.append(block)
      try await handle(segmenter.feed(block))
      audio.forget(before: segmenter.earliestNeeded - settings.padding, sampleRate: rate)
      events.progress(segmenter.position)
    }
    try source.close()
    try await handle(segmenter.finish())
    guard let engine else { return nil }
    return TranscriptRecord(
      file: file, text: texts.joined(separator: "\n"), duration: Self.ms(segmenter.position), chunks: texts.count,
      engine: engine.name, language: language(detected: detectedLanguage))
  }

  /// The language asked for, or with `auto` the one the engine reported.
  private func language(detected: String?) -> String? {
    settings.language == .auto ? detected : settings.language.rawValue
  }

  /// Seconds rounded to the millisecond, as the records carry them.
  static func ms(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

/// The samples from some point on; older ones are dropped once no chunk can need them.
struct RetainedAudio {
  private var samples: [Float] = []
  /// Frame index of `samples[0]` in the recording.
  private var first = 0

  mutating func append(_ block: [Float]) { samples += block }

  /// The audio between two times, clamped to what is kept, and where it starts in seconds.
  func slice(from start: Double, to end: Double, sampleRate: Int) -> (PCM, Double) {
    let lower = min(samples.count, max(0, Int((start * Double(sampleRate)).rounded()) - first))
    let upper = min(samples.count, max(lower, Int((end * Double(sampleRate)).rounded()) - first))
    return (
      PCM(samples: Array(samples[lower..<upper]), sampleRate: sampleRate), Double(first + lower) / Double(sampleRate)
    )
  }

  /// Drops audio before `time`, in steps of a second or more so that dropping stays cheap.
  mutating func forget(before time: Double, sampleRate: Int) {
    let drop = min(samples.count, Int(time * Double(sampleRate)) - first)
    guard drop >= sampleRate else { return }
    samples.removeFirst(drop)
    first += drop
  }
}

extension String {
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
