import Foundation

/// The loudness below which audio counts as silence, as an RMS amplitude in 0…1.
public enum SilenceThreshold {
  public static let defaultDecibels = -40.0
  /// The original app's slider: 0 (least sensitive) is 0.02, 1 (most sensitive) is 0.003,
  /// linear in amplitude; the app shipped with 0.85.
  public static func amplitude(sensitivity: Double) -> Float {
    let clamped = min(1, max(0, sensitivity))
    return Float(0.02 + (0.003 - 0.02) * clamped)
  }

  /// dBFS of the RMS: -40 dB is 0.01.
  public static func amplitude(decibels: Double) -> Float { Float(pow(10, decibels / 20)) }
}

/// How speech is cut into chunks.
public struct SegmenterSettings: Sendable, Equatable {
  /// RMS amplitude below which a buffer is silent.
  public var threshold: Float
  /// Seconds of silence after which a chunk is committed.
  public var hold: Double
  /// Speech shorter than this waits (up to this long in silence) for more speech to join.
  public var minChunk: Double
  /// Longer speech is split at its quietest buffer; nil for no limit.
  public var maxChunk: Double?
  /// Frames per RMS buffer (the app's 1024).
  public var bufferFrames: Int

  public init(
    threshold: Float = SilenceThreshold.amplitude(decibels: SilenceThreshold.defaultDecibels), hold: Double = 0.8,
    minChunk: Double = 2, maxChunk: Double? = 30, bufferFrames: Int = 1024
  ) {
    self.threshold = threshold
    self.hold = hold
    self.minChunk = minChunk
    self.maxChunk = maxChunk
    self.bufferFrames = max(1, bufferFrames)
  }
}

/// A chunk of speech, in seconds from the start of the audio.
public struct Segment: Sendable, Equatable {
  public var start: Double
  public var end: Double

  public init(start: Double, end: Double) {
    self.start = start
    self.end = end
  }
}

/// Cuts a stream of samples into chunks of speech the way the original app did: RMS per buffer of
/// 1024 frames, silence below the threshold, a chunk committed once the silence after it has lasted
/// the hold time — that is after ⌈hold / buffer⌉ silent buffers (13 at 16 kHz, 35 at 44.1 kHz for
/// 0.8 s). The edges are then looked at in 10 ms windows — the buffer before the first voiced one,
/// the quiet buffers of the hold — so that a chunk's start and end are not rounded to whole buffers
/// (64 ms at 16 kHz) and a soft first or last syllable is not cut off.
public struct Segmenter {
  public let settings: SegmenterSettings
  public let sampleRate: Int
  private let holdBuffers: Int
  private let minChunkWaitBuffers: Int
  private var pending: [Float] = []
  /// Frames processed so far (whole buffers, plus the last partial one after `finish`).
  private var processed = 0
  /// The open chunk's start in frames, and the end of its last voiced buffer.
  private var start: Int?
  private var lastVoiceEnd = 0
  /// The end of the last loud 10 ms window, in or after the last voiced buffer.
  private var lastVoiceRefined = 0
  /// The buffer before the current one while no chunk is open, where speech may have begun.
  private var previous: [Float] = []
  private var silentBuffers = 0
  /// (first frame, RMS) of the open chunk's buffers, for splitting at the quietest.
  private var history: [(frame: Int, rms: Float)] = []

  public init(settings: SegmenterSettings, sampleRate: Int) {
    self.settings = settings
    self.sampleRate = sampleRate
    let bufferSeconds = Double(settings.bufferFrames) / Double(sampleRate)
    holdBuffers = max(1, Int((settings.hold / bufferSeconds - 1e-9).rounded(.up)))
    minChunkWaitBuffers = max(holdBuffers, Int((settings.minChunk / bufferSeconds - 1e-9).rounded(.up)))
  }

  /// Seconds of audio consumed.
  public var position: Double { Double(processed + pending.count) / Double(sampleRate) }

  /// The earliest second a chunk still to come can start at: audio before it is no longer needed.
  public var earliestNeeded: Double { Double(start ?? processed) / Double(sampleRate) }

  /// Feeds samples; returns the chunks they complete.
  public mutating func feed(_ samples: [Float]) -> [Segment] {
    var committed: [Segment] = []
    var offset = 0
    let size = settings.bufferFrames
    if !pending.isEmpty {
      let take = min(size - pending.count, samples.count)
      pending += samples[0..<take]
      offset = take
      if pending.count == size {
        let buffer = pending
        pending.removeAll(keepingCapacity: true)
        buffer.withUnsafeBufferPointer { process($0, into: &committed) }
      }
    }
    samples.withUnsafeBufferPointer { all in
      while samples.count - offset >= size {
        process(UnsafeBufferPointer(rebasing: all[offset..<offset + size]), into: &committed)
        offset += size
      }
    }
    pending += samples[offset...]
    return committed
  }

  /// Ends the stream: the last partial buffer counts, and an open chunk is committed.
  public mutating func finish() -> [Segment] {
    var committed: [Segment] = []
    if !pending.isEmpty {
      let buffer = pending
      pending.removeAll()
      buffer.withUnsafeBufferPointer { process($0, into: &committed) }
    }
    if let start {
      committed.append(segment(from: start, to: lastVoiceRefined))
      self.start = nil
    }
    return committed
  }

  private mutating func process(_ buffer: UnsafeBufferPointer<Float>, into committed: inout [Segment]) {
    let first = processed
    processed += buffer.count
    let rms = Self.rms(buffer)
    if rms >= settings.threshold {
      if start == nil {
        // Speech may begin in the quiet buffer before: its loud 10 ms windows count too.
        let before = previous.withUnsafeBufferPointer { voicedWindows($0) }
        start = before.map { first - previous.count + $0.first } ?? first + (voicedWindows(buffer)?.first ?? 0)
        history.removeAll(keepingCapacity: true)
      }
      lastVoiceEnd = processed
      lastVoiceRefined = first + lastVoicedWindowEnd(buffer)
      silentBuffers = 0
    } else if start != nil {
      silentBuffers += 1
      // A quiet buffer during the hold may still end on a loud window (a soft final syllable).
      if let windows = voicedWindows(buffer) { lastVoiceRefined = first + windows.end }
    }
    if start == nil {
      previous.removeAll(keepingCapacity: true)
      previous.append(contentsOf: buffer)
    }
    guard let open = start else { return }
    history.append((first, rms))
    let length = lastVoiceRefined - open
    if silentBuffers >= holdBuffers,
      Double(length) >= settings.minChunk * Double(sampleRate) || silentBuffers >= minChunkWaitBuffers
    {
      committed.append(segment(from: open, to: lastVoiceRefined))
      start = nil
      silentBuffers = 0
      return
    }
    if let maxChunk = settings.maxChunk, Double(processed - open) >= maxChunk * Double(sampleRate) {
      split(open: open, maxChunk: maxChunk, into: &committed)
    }
  }

  /// Cuts the open chunk at its quietest buffer in the second half of the allowed length (so that
  /// no piece is very short), the latest of equally quiet ones.
  private mutating func split(open: Int, maxChunk: Double, into committed: inout [Segment]) {
    let earliest = open + Int(min(max(settings.minChunk, maxChunk / 2), maxChunk * 0.9) * Double(sampleRate))
    let candidates = history.indices.filter { history[$0].frame > earliest }
    let pool = candidates.isEmpty ? Array(history.indices.dropFirst()) : candidates
    guard
      let quietest = pool.max(by: {
        history[$0].rms > history[$1].rms || (history[$0].rms == history[$1].rms && $0 < $1)
      })
    else { return }
    let cut = history[quietest].frame
    if cut >= lastVoiceEnd {
      // The quietest place is the silence after the speech: the chunk simply ends there.
      committed.append(segment(from: open, to: lastVoiceRefined))
      start = nil
      silentBuffers = 0
    } else {
      committed.append(segment(from: open, to: cut))
      start = cut
      history.removeSubrange(..<quietest)
    }
  }

  private func segment(from start: Int, to end: Int) -> Segment {
    Segment(start: Double(start) / Double(sampleRate), end: Double(max(start, end)) / Double(sampleRate))
  }

  private var window: Int { max(1, sampleRate / 100) }

  /// The first loud 10 ms window's offset and the last one's end, nil when none is loud.
  private func voicedWindows(_ buffer: UnsafeBufferPointer<Float>) -> (first: Int, end: Int)? {
    var found: (first: Int, end: Int)?
    var offset = 0
    while offset < buffer.count {
      let end = min(buffer.count, offset + window)
      if Self.rms(UnsafeBufferPointer(rebasing: buffer[offset..<end])) >= settings.threshold {
        found = (found?.first ?? offset, end)
      }
      offset = end
    }
    return found
  }

  /// End of the last 10 ms window at or above the threshold (the buffer's end when none is).
  private func lastVoicedWindowEnd(_ buffer: UnsafeBufferPointer<Float>) -> Int {
    var end = buffer.count
    while end > 0 {
      let start = max(0, end - window)
      if Self.rms(UnsafeBufferPointer(rebasing: buffer[start..<end])) >= settings.threshold { return end }
      end = start
    }
    return buffer.count
  }

  static func rms(_ samples: UnsafeBufferPointer<Float>) -> Float {
    guard !samples.isEmpty else { return 0 }
    var sum: Float = 0
    for sample in samples { sum += sample * sample }
    return (sum / Float(samples.count)).squareRoot()
  }
}
