import Foundation

/// What the book needs of a WAV file a speech program wrote: its sample format (pieces of one
/// format are joined as they are) and its length, from the header alone.
public struct WAVInfo: Sendable, Equatable {
  public struct Format: Sendable, Equatable, Hashable {
    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
  }

  public var format: Format
  /// Bytes of samples.
  public var dataBytes: Int

  public var seconds: Double {
    let bytesPerSecond = format.sampleRate * format.channels * max(format.bitsPerSample / 8, 1)
    return bytesPerSecond > 0 ? Double(dataBytes) / Double(bytesPerSecond) : 0
  }

  /// The header of the file at `path`, nil when it is no PCM WAV file.
  public static func read(_ path: String) -> WAVInfo? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 64 * 1024), let size = try? handle.seekToEnd() else { return nil }
    return parse(Array(head), fileSize: Int(size))
  }

  /// `head`, the start of a file of `fileSize` bytes. A data chunk whose size is unset (0 or
  /// 0xFFFFFFFF, as a program writing to a pipe leaves it) or beyond the file runs to its end.
  static func parse(_ head: [UInt8], fileSize: Int) -> WAVInfo? {
    func text(_ at: Int) -> String { String(decoding: head[at..<at + 4], as: UTF8.self) }
    func number(_ at: Int, _ bytes: Int) -> Int {
      (0..<bytes).reduce(0) { $0 | Int(head[at + $1]) << (8 * $1) }
    }
    guard head.count >= 12, text(0) == "RIFF", text(8) == "WAVE" else { return nil }
    var offset = 12
    var format: Format?
    while offset + 8 <= head.count {
      let (name, size) = (text(offset), number(offset + 4, 4))
      let body = offset + 8
      if name == "fmt ", body + 16 <= head.count {
        let encoding = number(body, 2)
        guard encoding == 1 || encoding == 0xFFFE else { return nil }  // PCM, or PCM in WAVE_FORMAT_EXTENSIBLE
        format = Format(
          sampleRate: number(body + 4, 4), channels: number(body + 2, 2), bitsPerSample: number(body + 14, 2))
      } else if name == "data" {
        guard let format, format.sampleRate > 0, format.channels > 0 else { return nil }
        let rest = max(fileSize - body, 0)
        let bytes = size == 0 || size == 0xFFFF_FFFF || size > rest ? rest : size
        return WAVInfo(format: format, dataBytes: bytes)
      }
      offset = body + size + (size & 1)
    }
    return nil
  }
}
