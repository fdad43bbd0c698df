public import Audio

/// A PCM chunk as a WAV file in memory, for uploading to a transcription server: the canonical
/// 44-byte header (`RIFF`, a 16-byte `fmt ` chunk for 16-bit integer PCM, `data`), mono, at the
/// chunk's own sample rate, then the samples little-endian.
public enum WAVEncoding {
  /// The header's size: every upload is this much larger than its samples.
  public static let headerSize = 44

  public static func encode(_ pcm: PCM) -> [UInt8] {
    let samples = pcm.int16Samples
    let dataSize = UInt32(truncatingIfNeeded: samples.count * 2)
    let rate = UInt32(truncatingIfNeeded: pcm.sampleRate)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(headerSize + samples.count * 2)
    func append(_ text: String) { bytes += Array(text.utf8) }
    func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    append("RIFF")
    append32(36 &+ dataSize)
    append("WAVE")
    append("fmt ")
    append32(16)  // the size of the fmt chunk's body
    append16(1)  // WAVE_FORMAT_PCM
    append16(1)  // mono
    append32(rate)
    append32(rate &* 2)  // bytes per second
    append16(2)  // bytes per frame
    append16(16)  // bits per sample
    append("data")
    append32(dataSize)
    for sample in samples { withUnsafeBytes(of: sample.littleEndian) { bytes += $0 } }
    return bytes
  }
}
