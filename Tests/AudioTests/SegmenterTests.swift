import Testing

@testable import Audio

@Suite struct SegmenterTests {
  let rate = 16000
  /// One buffer of 1024 frames at 16 kHz.
  let buffer = 1024.0 / 16000

  @Test func toneBetweenSilencesIsOneSegmentWithTenMillisecondEdges() {
    let samples = Signal.silence(1, rate: rate) + Signal.tone(1.5, rate: rate) + Signal.silence(2, rate: rate)
    let found = Signal.segments(samples, rate: rate, settings: SegmenterSettings(minChunk: 0))
    #expect(found.count == 1)
    // Speech 1.0–2.5 s: the buffer edges (64 ms apart) are refined to 10 ms windows.
    #expect(abs(found[0].start - 1.0) <= 0.01)
    #expect(abs(found[0].end - 2.5) <= 0.01)
  }

  @Test func aPauseShorterThanTheHoldDoesNotSplit() {
    let speech = Signal.tone(1, rate: rate)
    let samples = speech + Signal.silence(0.6, rate: rate) + speech + Signal.silence(2, rate: rate)
    #expect(Signal.segments(samples, rate: rate, settings: SegmenterSettings(minChunk: 0)).count == 1)
    let longer = speech + Signal.silence(1.0, rate: rate) + speech + Signal.silence(2, rate: rate)
    #expect(Signal.segments(longer, rate: rate, settings: SegmenterSettings(minChunk: 0)).count == 2)
  }

  @Test func theHoldIsRoundedUpToWholeBuffers() {
    // 0.8 s at 16 kHz is 12.5 buffers: 13 silent buffers commit, 12 do not.
    let settings = SegmenterSettings(minChunk: 0)
    var segmenter = Segmenter(settings: settings, sampleRate: rate)
    let bufferFrames = 1024
    #expect(segmenter.feed(Signal.tone(Double(bufferFrames * 10) / Double(rate), rate: rate)).isEmpty)
    #expect(segmenter.feed(Signal.silence(Double(bufferFrames * 12) / Double(rate), rate: rate)).isEmpty)
    let committed = segmenter.feed(Signal.silence(Double(bufferFrames) / Double(rate), rate: rate))
    #expect(committed.count == 1)
    // The same hold at 44.1 kHz is 35 buffers (34.45 rounded up).
    var fast = Segmenter(settings: settings, sampleRate: 44100)
    _ = fast.feed(Signal.tone(1, rate: 44100))
    let gap = fast.feed([Float](repeating: 0, count: 1024 * 34 + 1024 - (44100 % 1024)))
    #expect(gap.isEmpty)
    #expect(fast.feed([Float](repeating: 0, count: 1024)).count == 1)
  }

  @Test func shortSpeechWaitsForMoreAndJoinsIt() {
    // 0.5 s, a 1.2 s pause (over the hold, under the 2 s minimum), 0.5 s: one chunk.
    let word = Signal.tone(0.5, rate: rate)
    let joined = word + Signal.silence(1.2, rate: rate) + word + Signal.silence(3, rate: rate)
    let found = Signal.segments(joined, rate: rate)
    #expect(found.count == 1)
    #expect(abs(found[0].end - 2.2) <= 0.01)
    // After 2 s of silence the short chunk goes out alone.
    let apart = word + Signal.silence(2.5, rate: rate) + word + Signal.silence(3, rate: rate)
    #expect(Signal.segments(apart, rate: rate).count == 2)
  }

  @Test func longSpeechIsSplitAtItsQuietestPoint() {
    // 10 s of loud speech with a quieter (still voiced) dip around 6 s; max chunk 8 s.
    let loud = Signal.tone(6, rate: rate, amplitude: 0.3)
    let dip = Signal.tone(0.2, rate: rate, amplitude: 0.05)
    let samples = loud + dip + Signal.tone(3.8, rate: rate, amplitude: 0.3) + Signal.silence(2, rate: rate)
    let found = Signal.segments(samples, rate: rate, settings: SegmenterSettings(maxChunk: 8))
    #expect(found.count == 2)
    #expect(found[0].end > 5.9 && found[0].end < 6.3, "split at \(found[0].end)")
    #expect(found[1].start == found[0].end)
    #expect(found.allSatisfy { $0.end - $0.start <= 8 + buffer })
  }

  @Test func noMaximumKeepsLongSpeechWhole() {
    let samples = Signal.tone(40, rate: rate) + Signal.silence(1, rate: rate)
    #expect(Signal.segments(samples, rate: rate, settings: SegmenterSettings(maxChunk: nil)).count == 1)
    #expect(Signal.segments(samples, rate: rate).count == 2)  // the default 30 s maximum
  }

  @Test func sensitivityAndDecibelsMapOntoTheAppsRange() {
    #expect(SilenceThreshold.amplitude(sensitivity: 0) == 0.02)
    #expect(SilenceThreshold.amplitude(sensitivity: 1) == 0.003)
    #expect(abs(SilenceThreshold.amplitude(sensitivity: 0.85) - 0.00555) < 1e-6)
    #expect(SilenceThreshold.amplitude(sensitivity: 7) == 0.003)
    #expect(abs(SilenceThreshold.amplitude(decibels: -40) - 0.01) < 1e-7)
    #expect(abs(SilenceThreshold.amplitude(decibels: -20) - 0.1) < 1e-7)
  }

  @Test func theThresholdDecidesWhatIsSpeech() {
    // A -43 dBFS tone (amplitude 0.01) is silence at -40 dB and speech at -50 dB.
    let faint = Signal.tone(1, rate: rate, amplitude: 0.01) + Signal.silence(1, rate: rate)
    #expect(Signal.segments(faint, rate: rate).isEmpty)
    let sensitive = SegmenterSettings(threshold: SilenceThreshold.amplitude(decibels: -50), minChunk: 0)
    #expect(Signal.segments(faint, rate: rate, settings: sensitive).count == 1)
  }

  @Test func seededNoiseUnderTheThresholdIsSilence() {
    let noisy = zip(
      Signal.silence(1, rate: rate) + Signal.tone(1, rate: rate) + Signal.silence(1.5, rate: rate),
      Signal.noise(3.5, rate: rate, rms: 0.0056)  // -45 dBFS
    ).map { $0 + $1 }
    let found = Signal.segments(noisy, rate: rate, settings: SegmenterSettings(minChunk: 0))
    #expect(found.count == 1)
    #expect(abs(found[0].start - 1) <= 0.02 && abs(found[0].end - 2) <= 0.02)
  }

  @Test func blockSizeDoesNotChangeTheResult() {
    let samples =
      Signal.silence(0.3, rate: rate) + Signal.tone(0.7, rate: rate) + Signal.silence(1, rate: rate)
      + Signal.tone(2.1, rate: rate) + Signal.silence(0.5, rate: rate)
    let reference = Signal.segments(samples, rate: rate, blocks: samples.count)
    for blocks in [1, 100, 1023, 1024, 1025, 50000] {
      #expect(Signal.segments(samples, rate: rate, blocks: blocks) == reference, "blocks of \(blocks)")
    }
    // Speech running into the end of the stream is committed at the end.
    #expect(reference.last.map { abs($0.end - 4.1) <= 0.01 } == true)
  }

  @Test func earliestNeededFollowsTheOpenChunk() {
    var segmenter = Segmenter(settings: SegmenterSettings(minChunk: 0), sampleRate: rate)
    _ = segmenter.feed(Signal.silence(2, rate: rate))
    #expect(segmenter.earliestNeeded > 1.9)
    _ = segmenter.feed(Signal.tone(1, rate: rate))
    #expect(abs(segmenter.earliestNeeded - 2) < 0.07)
    _ = segmenter.feed(Signal.silence(1, rate: rate))
    #expect(segmenter.earliestNeeded > 3.5)
  }
}
