import Foundation
import TestSupport
import Testing

@testable import Audiobook

/// The FFMETADATA1 file, the WAV headers the chapters are timed from, and the concat list.
@Suite struct BookMetadataTests {
  @Test func chaptersFollowEachOtherInMilliseconds() {
    let book = BookMetadata(
      title: "Readeck 2026-03-01", date: "2026-03-01", sites: ["a.org", "b.de", "a.org"],
      chapters: [("One", 1.0004), ("Two", 2.0004), ("Three", 0.9994)])
    #expect(book.chapters.map(\.start) == [0, 1000, 3001])
    #expect(book.chapters.map(\.end) == [1000, 3001, 4000])
    #expect(book.sites == ["a.org", "b.de"])
  }

  @Test func theFileHasTagsAndOneChapterEach() {
    let book = BookMetadata(title: "T", date: "2026-03-01", sites: ["a.org"], chapters: [("One", 1.5), ("Two", 2)])
    let expected = """
      ;FFMETADATA1
      title=T
      album=T
      date=2026-03-01
      artist=a.org
      comment=a.org
      genre=Audiobook

      [CHAPTER]
      TIMEBASE=1/1000
      START=0
      END=1500
      title=One

      [CHAPTER]
      TIMEBASE=1/1000
      START=1500
      END=3500
      title=Two

      """
    #expect(book.text == expected)
  }

  @Test func specialCharactersAreEscaped() {
    #expect(BookMetadata.escaped("a=b; c#d\\e") == "a\\=b\\; c\\#d\\\\e")
    #expect(BookMetadata.escaped("two\nlines") == "two\\\nlines")
    #expect(BookMetadata.escaped("crlf\r\nline") == "crlf line")
    #expect(BookMetadata.escaped("Grüße") == "Grüße")
  }

  @Test func theConcatListQuotesPaths() {
    #expect(AudiobookWriter.quoted("/tmp/a b/0001.wav") == "'/tmp/a b/0001.wav'")
    #expect(AudiobookWriter.quoted("/tmp/it's.wav") == "'/tmp/it'\\''s.wav'")
  }

  static func header(rate: Int, channels: Int, bits: Int, dataSize: UInt32, extra: [UInt8] = []) -> [UInt8] {
    func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((value >> (8 * $0)) & 0xff) } }
    let byteRate = rate * channels * bits / 8
    var bytes = Array("RIFF".utf8) + le(0, 4) + Array("WAVE".utf8)
    bytes += Array("fmt ".utf8) + le(16, 4) + le(1, 2) + le(channels, 2) + le(rate, 4) + le(byteRate, 4)
    bytes += le(channels * bits / 8, 2) + le(bits, 2)
    bytes += extra
    bytes += Array("data".utf8) + le(Int(dataSize), 4)
    return bytes
  }

  @Test func wavLengthsComeFromTheHeader() throws {
    let head = Self.header(rate: 22050, channels: 1, bits: 16, dataSize: 44100)
    let info = try #require(WAVInfo.parse(head, fileSize: head.count + 44100))
    #expect(info.format == WAVInfo.Format(sampleRate: 22050, channels: 1, bitsPerSample: 16))
    #expect(info.seconds == 1)
    // A LIST chunk before the data, and a size left unset by a program writing to a pipe.
    let list = Array("LIST".utf8) + [3, 0, 0, 0, 1, 2, 3, 0]
    let streamed = Self.header(rate: 16000, channels: 1, bits: 16, dataSize: 0xFFFF_FFFF, extra: list)
    let streamedInfo = try #require(WAVInfo.parse(streamed, fileSize: streamed.count + 16000))
    #expect(streamedInfo.seconds == 0.5)
    #expect(WAVInfo.parse(Array("RIFF....AVI ".utf8), fileSize: 12) == nil)
  }

  @Test func wavFilesAreReadFromDisk() throws {
    let folder = try TemporaryFolder.made("wav-info")
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/a.wav"
    let bytes = Self.header(rate: 8000, channels: 2, bits: 16, dataSize: 64000) + [UInt8](repeating: 0, count: 64000)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(WAVInfo.read(path)?.seconds == 2)
    #expect(WAVInfo.read(folder + "/missing.wav") == nil)
  }
}
