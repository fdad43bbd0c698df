/// Mono audio as floating-point samples in -1…1, at `sampleRate` frames per second.
public struct PCM: Sendable, Equatable {
  public var samples: [Float]
  public var sampleRate: Int

  public init(samples: [Float], sampleRate: Int) {
    self.samples = samples
    self.sampleRate = sampleRate
  }

  /// Seconds of audio.
  public var duration: Double { Double(samples.count) / Double(sampleRate) }

  /// The samples from `start` to `end` seconds, clamped to the recording.
  public func slice(from start: Double, to end: Double) -> PCM {
    let first = min(samples.count, max(0, Int((start * Double(sampleRate)).rounded())))
    let last = min(samples.count, max(first, Int((end * Double(sampleRate)).rounded())))
    return PCM(samples: Array(samples[first..<last]), sampleRate: sampleRate)
  }

  /// Signed 16-bit samples, as speech engines and WAV uploads want them.
  public var int16Samples: [Int16] {
    samples.map { Int16((max(-1, min(1, $0)) * 32767).rounded()) }
  }
}
