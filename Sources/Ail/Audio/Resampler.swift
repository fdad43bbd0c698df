/// Sample-rate conversion for handing chunks to speech engines, which want 16 kHz. Linear
/// interpolation after a moving-average low-pass as wide as the rate ratio: plenty for speech
/// recognition, which keeps nothing above 8 kHz, and it needs no tables.
public enum Resampler {
  public static func resample(_ pcm: PCM, to rate: Int) -> PCM {
    guard pcm.sampleRate != rate, !pcm.samples.isEmpty, rate > 0 else {
      return PCM(samples: pcm.samples, sampleRate: rate)
    }
    let ratio = Double(pcm.sampleRate) / Double(rate)
    let source = ratio > 1 ? lowPass(pcm.samples, width: Int(ratio.rounded(.up))) : pcm.samples
    let count = Int((Double(source.count) / ratio).rounded(.down))
    var out = [Float](repeating: 0, count: count)
    for index in 0..<count {
      let position = Double(index) * ratio
      let left = Int(position)
      let right = min(left + 1, source.count - 1)
      let fraction = Float(position - Double(left))
      out[index] = source[left] + (source[right] - source[left]) * fraction
    }
    return PCM(samples: out, sampleRate: rate)
  }

  /// Each sample replaced by the mean of the `width` samples centred on it.
  static func lowPass(_ samples: [Float], width: Int) -> [Float] {
    guard width > 1 else { return samples }
    var out = [Float](repeating: 0, count: samples.count)
    var sum: Double = 0
    let half = width / 2
    var windowStart = -half
    // A running sum over [index - half, index - half + width).
    for index in 0..<min(width - half, samples.count) { sum += Double(samples[index]) }
    for index in 0..<samples.count {
      let lower = max(0, windowStart)
      let upper = min(samples.count, windowStart + width)
      out[index] = Float(sum / Double(upper - lower))
      let leaving = windowStart
      let entering = windowStart + width
      if leaving >= 0 { sum -= Double(samples[leaving]) }
      if entering < samples.count { sum += Double(samples[entering]) }
      windowStart += 1
    }
    return out
  }
}
