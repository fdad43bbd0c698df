import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sample encoding a WAV file's `fmt ` chunk declares.
public struct WAVFormat: Sendable, Equatable {
  public enum Encoding: Sendable, Equatable {
    /// Integer PCM: 8-bit unsigned, 16/24/32-bit signed little-endian.
    case integer
    /// IEEE float, 32 or 64 bits.
    case float
  }

  public var encoding: Encoding
  public var channels: Int
  public var sampleRate: Int
  public var bitsPerSample: Int

  var bytesPerFrame: Int { channels * bitsPerSample / 8 }
}

/// A RIFF/WAVE file read in blocks: the chunks are walked (LIST, fact, cue… are skipped, odd sizes
/// padded), PCM or float samples are mixed down to mono. A data chunk whose size is unknown or
/// larger than the file (written by a program streaming to a pipe) is read to the end.
public struct WAVSource: AudioSource {
  public let format: WAVFormat
  public var sampleRate: Int { format.sampleRate }
  private var input: ByteInput
  private var dataLeft: Int
  private let ownsDescriptor: Bool

  /// Opens `path` and reads the header. Throws `.badData` for anything that is not a WAV file we
  /// can decode — callers may then hand the file to ffmpeg.
  public init(path: String) throws(AudioError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw AudioError(.unreadable, "\(path): \(String(cString: strerror(errno)))") }
    do {
      try self.init(descriptor: descriptor, name: path, ownsDescriptor: true)
    } catch {
      Glibc.close(descriptor)
      throw error
    }
  }

  /// Reads the header from `descriptor`, which may be a pipe.
  public init(descriptor: Int32, name: String, ownsDescriptor: Bool = false) throws(AudioError) {
    self.ownsDescriptor = ownsDescriptor
    input = ByteInput(descriptor: descriptor, name: name)
    let riff = try input.read(12)
    guard riff.count == 12, riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else {
      throw AudioError(.badData, tr("\(name): not a WAV file (no RIFF/WAVE header)"))
    }
    var format: WAVFormat?
    while true {
      let header = try input.read(8)
      guard header.count == 8 else {
        throw AudioError(.badData, format == nil ? tr("\(name): no fmt chunk") : tr("\(name): no data chunk"))
      }
      let id = String(decoding: header[0..<4], as: UTF8.self)
      let size = Int(Self.uint32(header, 4))
      if id == "data" {
        guard let format else { throw AudioError(.badData, tr("\(name): data chunk before the fmt chunk")) }
        self.format = format
        // 0xFFFFFFFF and 0 are what streaming writers put before they know the length.
        dataLeft = size == 0 || size == 0xFFFF_FFFF ? Int.max : size
        return
      }
      if id == "fmt " {
        let body = try input.read(size)
        guard body.count == size else { throw AudioError(.badData, tr("\(name): the fmt chunk is cut short")) }
        format = try Self.parseFormat(body, name: name)
        if size % 2 == 1 { try input.skip(1) }
      } else {
        try input.skip(size + size % 2)
      }
    }
  }

  static func parseFormat(_ body: [UInt8], name: String) throws(AudioError) -> WAVFormat {
    guard body.count >= 16 else {
      throw AudioError(.badData, tr("\(name): the fmt chunk is too short (\(body.count) bytes)"))
    }
    var tag = Int(uint16(body, 0))
    let channels = Int(uint16(body, 2))
    let rate = Int(uint32(body, 4))
    let bits = Int(uint16(body, 14))
    if tag == 0xFFFE {
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      guard body.count >= 26 else { throw AudioError(.badData, tr("\(name): the extensible fmt chunk is too short")) }
      tag = Int(uint16(body, 24))
    }
    guard channels > 0, rate > 0 else { throw AudioError(.badData, tr("\(name): \(channels) channels at \(rate) Hz")) }
    switch (tag, bits) {
    case (1, 8), (1, 16), (1, 24), (1, 32):
      return WAVFormat(encoding: .integer, channels: channels, sampleRate: rate, bitsPerSample: bits)
    case (3, 32), (3, 64):
      return WAVFormat(encoding: .float, channels: channels, sampleRate: rate, bitsPerSample: bits)
    default:
      throw AudioError(.badData, tr("\(name): WAV encoding \(tag) with \(bits) bits per sample is not plain PCM"))
    }
  }

  public mutating func read(maxFrames: Int) throws(AudioError) -> [Float] {
    let frameBytes = format.bytesPerFrame
    let wanted = min(dataLeft, maxFrames * frameBytes)
    let bytes = try input.read(wanted - wanted % frameBytes)
    dataLeft -= bytes.count
    let frames = bytes.count / frameBytes
    if frames == 0 { dataLeft = 0 }
    return Self.mono(bytes, frames: frames, format: format)
  }

  public mutating func close() throws(AudioError) {
    if ownsDescriptor, input.descriptor >= 0 { Glibc.close(input.descriptor) }
  }

  /// Frames decoded and averaged over their channels.
  static func mono(_ bytes: [UInt8], frames: Int, format: WAVFormat) -> [Float] {
    let channels = format.channels
    let width = format.bitsPerSample / 8
    var out = [Float](repeating: 0, count: frames)
    bytes.withUnsafeBytes { raw in
      for frame in 0..<frames {
        var sum: Float = 0
        for channel in 0..<channels {
          sum += sample(raw, at: (frame * channels + channel) * width, format: format)
        }
        out[frame] = sum / Float(channels)
      }
    }
    return out
  }

  @inline(__always)
  static func sample(_ raw: UnsafeRawBufferPointer, at offset: Int, format: WAVFormat) -> Float {
    switch (format.encoding, format.bitsPerSample) {
    case (.integer, 8): return (Float(raw[offset]) - 128) / 128
    case (.integer, 16):
      return Float(Int16(bitPattern: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)) / 32768
    case (.integer, 24):
      let value = Int32(raw[offset]) | Int32(raw[offset + 1]) << 8 | Int32(Int8(bitPattern: raw[offset + 2])) << 16
      return Float(value) / 8_388_608
    case (.integer, _):
      return Float(Int32(bitPattern: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian))
        / 2_147_483_648
    case (.float, 32): return Float(bitPattern: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
    case (.float, _):
      return Float(Double(bitPattern: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian))
    }
  }

  static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3])
      << 24
  }
}

/// Raw signed 16-bit little-endian mono samples, as `arecord -f S16_LE -c 1` or ffmpeg `-f s16le`
/// write them.
public struct RawPCMSource: AudioSource {
  public let sampleRate: Int
  private var input: ByteInput

  public init(descriptor: Int32, name: String, sampleRate: Int) {
    self.sampleRate = sampleRate
    input = ByteInput(descriptor: descriptor, name: name)
  }

  public mutating func read(maxFrames: Int) throws(AudioError) -> [Float] {
    let bytes = try input.read(maxFrames * 2)
    let frames = bytes.count / 2
    var out = [Float](repeating: 0, count: frames)
    bytes.withUnsafeBytes { raw in
      for frame in 0..<frames {
        out[frame] =
          Float(Int16(bitPattern: raw.loadUnaligned(fromByteOffset: frame * 2, as: UInt16.self).littleEndian)) / 32768
      }
    }
    return out
  }

  public mutating func close() throws(AudioError) {}
}
