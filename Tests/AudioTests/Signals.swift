import Foundation

@testable import Audio

/// Synthetic audio for the tests: tones for speech, zeros or a faint tone for silence, seeded noise.
enum Signal {
  /// A sine of `amplitude` (RMS amplitude/√2): 0.1 is -23 dBFS, "speech" at the -40 dB default.
  static func tone(_ seconds: Double, rate: Int, amplitude: Float = 0.1, frequency: Double = 440) -> [Float] {
    (0..<Int(seconds * Double(rate))).map {
      amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(rate)))
    }
  }

  static func silence(_ seconds: Double, rate: Int) -> [Float] {
    [Float](repeating: 0, count: Int(seconds * Double(rate)))
  }

  /// Uniform noise of the given RMS from a fixed seed, so that runs repeat.
  static func noise(_ seconds: Double, rate: Int, rms: Float, seed: UInt64 = 42) -> [Float] {
    var state = seed
    let scale = rms * 3.0.squareRoot().float
    return (0..<Int(seconds * Double(rate))).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Float(state >> 40) / Float(1 << 24) * 2 - 1) * scale
    }
  }

  static func segments(
    _ samples: [Float], rate: Int, settings: SegmenterSettings = SegmenterSettings(), blocks: Int = 4096
  ) -> [Segment] {
    var segmenter = Segmenter(settings: settings, sampleRate: rate)
    var found: [Segment] = []
    var offset = 0
    while offset < samples.count {
      let end = min(samples.count, offset + blocks)
      found += segmenter.feed(Array(samples[offset..<end]))
      offset = end
    }
    return found + segmenter.finish()
  }
}

extension Double {
  var float: Float { Float(self) }
}

/// Little-endian WAV files built by hand, independent of the reader under test.
enum WAVBytes {
  static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
  static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }

  static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
    Array(id.utf8) + le32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
  }

  static func fmt(tag: Int, channels: Int, rate: Int, bits: Int, extensibleTag: Int? = nil) -> [UInt8] {
    let blockAlign = channels * bits / 8
    var body = le16(extensibleTag == nil ? tag : 0xFFFE) + le16(channels) + le32(rate) + le32(rate * blockAlign)
    body += le16(blockAlign) + le16(bits)
    if let extensibleTag {
      body += le16(22) + le16(bits) + le32(0) + le16(extensibleTag) + Array(repeating: 0, count: 14)
    }
    return chunk("fmt ", body)
  }

  static func file(_ chunks: [UInt8]...) -> [UInt8] {
    let body = Array("WAVE".utf8) + chunks.flatMap { $0 }
    return Array("RIFF".utf8) + le32(body.count) + body
  }

  static func write(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("audio-\(UUID().uuidString).wav").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
}
