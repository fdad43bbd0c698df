import Foundation
import Testing

@testable import Audio

@Suite struct WAVSourceTests {
  func read(_ bytes: [UInt8]) throws -> (PCM, WAVFormat) {
    let path = try WAVBytes.write(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var source = try WAVSource(path: path)
    return (try source.readAll(), source.format)
  }

  @Test func sixteenBitMonoWithExtraChunksAndAnOddSizedOne() throws {
    let samples: [Int16] = [0, 16384, -16384, 32767, -32768]
    let data = samples.flatMap { WAVBytes.le16(Int(UInt16(bitPattern: $0))) }
    let bytes = WAVBytes.file(
      WAVBytes.chunk("LIST", Array("INFOISFT".utf8) + [1, 2, 3]),  // odd size: one pad byte follows
      WAVBytes.fmt(tag: 1, channels: 1, rate: 16000, bits: 16), WAVBytes.chunk("fact", [0, 0, 0, 0]),
      WAVBytes.chunk("data", data))
    let (pcm, format) = try read(bytes)
    #expect(format == WAVFormat(encoding: .integer, channels: 1, sampleRate: 16000, bitsPerSample: 16))
    #expect(pcm.samples == [0, 0.5, -0.5, Float(32767) / 32768, -1])
  }

  @Test func eightBitIsUnsigned() throws {
    let (pcm, _) = try read(
      WAVBytes.file(WAVBytes.fmt(tag: 1, channels: 1, rate: 8000, bits: 8), WAVBytes.chunk("data", [128, 192, 64, 0])))
    #expect(pcm.samples == [0, 0.5, -0.5, -1])
    #expect(pcm.sampleRate == 8000)
  }

  @Test func twentyFourBitKeepsTheSign() throws {
    // 0x400000 = +0.5, 0xC00000 = -0.5, 0x7FFFFF ≈ +1
    let data: [UInt8] = [0, 0, 0x40, 0, 0, 0xC0, 0xFF, 0xFF, 0x7F]
    let (pcm, _) = try read(
      WAVBytes.file(WAVBytes.fmt(tag: 1, channels: 1, rate: 48000, bits: 24), WAVBytes.chunk("data", data)))
    #expect(pcm.samples[0] == 0.5)
    #expect(pcm.samples[1] == -0.5)
    #expect(abs(pcm.samples[2] - 1) < 1e-6)
  }

  @Test func stereoIsMixedDown() throws {
    let frames: [(Int16, Int16)] = [(16384, -16384), (16384, 16384), (0, 32767)]
    let data = frames.flatMap {
      WAVBytes.le16(Int(UInt16(bitPattern: $0.0))) + WAVBytes.le16(Int(UInt16(bitPattern: $0.1)))
    }
    let (pcm, format) = try read(
      WAVBytes.file(WAVBytes.fmt(tag: 1, channels: 2, rate: 44100, bits: 16), WAVBytes.chunk("data", data)))
    #expect(format.channels == 2)
    #expect(pcm.samples == [0, 0.5, Float(32767) / 65536])
  }

  @Test func floatAndExtensibleFormats() throws {
    let values: [Float] = [0.25, -0.75]
    let data = values.flatMap { WAVBytes.le32(Int($0.bitPattern)) }
    let (plain, _) = try read(
      WAVBytes.file(WAVBytes.fmt(tag: 3, channels: 1, rate: 16000, bits: 32), WAVBytes.chunk("data", data)))
    #expect(plain.samples == values)
    let (extensible, format) = try read(
      WAVBytes.file(
        WAVBytes.fmt(tag: 3, channels: 1, rate: 16000, bits: 32, extensibleTag: 3), WAVBytes.chunk("data", data)))
    #expect(extensible.samples == values)
    #expect(format.encoding == .float)
    let pcmData = WAVBytes.le16(16384)
    let (extensiblePCM, _) = try read(
      WAVBytes.file(
        WAVBytes.fmt(tag: 1, channels: 1, rate: 16000, bits: 16, extensibleTag: 1), WAVBytes.chunk("data", pcmData)))
    #expect(extensiblePCM.samples == [0.5])
  }

  @Test func aStreamedDataSizeIsReadToTheEnd() throws {
    // ffmpeg writing to a pipe cannot go back: the data size stays 0xFFFFFFFF.
    let data = [Int16](repeating: 8192, count: 10).flatMap { WAVBytes.le16(Int($0)) }
    var bytes = WAVBytes.file(WAVBytes.fmt(tag: 1, channels: 1, rate: 16000, bits: 16))
    bytes += Array("data".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + data
    let (pcm, _) = try read(bytes)
    #expect(pcm.samples == [Float](repeating: 0.25, count: 10))
  }

  @Test func aTruncatedLastFrameIsDropped() throws {
    let data = WAVBytes.le16(16384) + [0x00]  // one whole frame and half of the next
    var bytes = WAVBytes.file(WAVBytes.fmt(tag: 1, channels: 1, rate: 16000, bits: 16))
    bytes += Array("data".utf8) + WAVBytes.le32(4) + data
    let (pcm, _) = try read(bytes)
    #expect(pcm.samples == [0.5])
  }

  @Test(arguments: [
    ("not RIFF", Array("RIFX\0\0\0\0WAVE".utf8), "not a WAV file"),
    ("no fmt", WAVBytes.file(WAVBytes.chunk("LIST", [1, 2])), "no fmt chunk"),
    ("no data", WAVBytes.file(WAVBytes.fmt(tag: 1, channels: 1, rate: 16000, bits: 16)), "no data chunk"),
    (
      "ADPCM", WAVBytes.file(WAVBytes.fmt(tag: 2, channels: 1, rate: 16000, bits: 4), WAVBytes.chunk("data", [0])),
      "encoding 2"
    ),
    ("data first", WAVBytes.file(WAVBytes.chunk("data", [0, 0])), "data chunk before the fmt chunk"),
  ])
  func badFilesSayWhatIsWrong(_ name: String, _ bytes: [UInt8], _ expected: String) throws {
    let error = #expect(throws: AudioError.self) { try read(bytes) }
    #expect(error?.kind == .badData, "\(name)")
    #expect(error?.message.contains(expected) == true, "\(name): \(error?.message ?? "")")
  }

  @Test func rawPCMFromADescriptor() throws {
    let path = try WAVBytes.write(WAVBytes.le16(16384) + WAVBytes.le16(Int(UInt16(bitPattern: -8192))) + [7])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var source = RawPCMSource(descriptor: descriptor, name: path, sampleRate: 16000)
    #expect(try source.readAll().samples == [0.5, -0.25])
  }

  @Test func resamplingKeepsDurationAndTone() {
    let tone = PCM(samples: Signal.tone(1, rate: 44100, amplitude: 0.5, frequency: 300), sampleRate: 44100)
    let down = Resampler.resample(tone, to: 16000)
    #expect(down.sampleRate == 16000)
    #expect(abs(down.samples.count - 16000) <= 1)
    // A 300 Hz tone passes the low-pass: its RMS stays near 0.5/√2.
    let rms = (down.samples.reduce(0) { $0 + $1 * $1 } / Float(down.samples.count)).squareRoot()
    #expect(abs(rms - 0.3536) < 0.01)
    let up = Resampler.resample(PCM(samples: [0, 1], sampleRate: 8000), to: 16000)
    #expect(up.samples == [0, 0.5, 1, 1])
  }
}
