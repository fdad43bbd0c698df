/// Mono samples in blocks, from a file, a decoder or a live stream, so that an hour of audio never
/// has to sit in memory at once.
public protocol AudioSource {
  /// Frames per second of the samples `read` returns.
  var sampleRate: Int { get }
  /// Up to `maxFrames` samples in -1…1; an empty array at the end.
  mutating func read(maxFrames: Int) throws(AudioError) -> [Float]
  /// Releases what the source holds and reports a failure that only shows at the end (a decoder
  /// that exited with an error).
  mutating func close() throws(AudioError)
}

/// Why audio could not be read. The message names the file and what is wrong with it.
public struct AudioError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The bytes are not audio we can read: broken header, unsupported encoding.
    case badData
    /// The file cannot be opened or read.
    case unreadable
    /// ffmpeg is needed and missing, or failed.
    case decoderMissing
    case decoderFailed
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// Reads a whole source, for tests and for short clips.
extension AudioSource {
  public mutating func readAll() throws(AudioError) -> PCM {
    var samples: [Float] = []
    while true {
      let block = try read(maxFrames: 65536)
      if block.isEmpty { break }
      samples += block
    }
    try close()
    return PCM(samples: samples, sampleRate: sampleRate)
  }
}

/// Samples already in memory, as a source.
public struct MemorySource: AudioSource {
  public let sampleRate: Int
  private let samples: [Float]
  private var position = 0

  public init(_ pcm: PCM) {
    sampleRate = pcm.sampleRate
    samples = pcm.samples
  }

  public mutating func read(maxFrames: Int) throws(AudioError) -> [Float] {
    let end = min(samples.count, position + maxFrames)
    defer { position = end }
    return Array(samples[position..<end])
  }

  public mutating func close() throws(AudioError) {}
}
