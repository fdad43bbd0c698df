import Foundation
import Localization

/// Any audio or video file ffmpeg can read (m4a/AAC, mp3, ogg, opus, flac, …), decoded by an
/// `ffmpeg` subprocess into 16-bit mono PCM at `sampleRate` on a pipe.
public struct FFmpegSource: AudioSource {
  public let sampleRate: Int
  private var pcm: RawPCMSource
  private let process: Process
  private let errors: Pipe
  private let name: String

  /// `executable` is a path or a name looked up on PATH.
  public init(path: String, sampleRate: Int = 16000, executable: String = "ffmpeg") throws(AudioError) {
    guard let binary = Self.locate(executable) else {
      throw AudioError(
        .decoderMissing,
        tr("\(path): ffmpeg is needed to decode this file and was not found (install it: apt-get install ffmpeg)"))
    }
    self.sampleRate = sampleRate
    name = path
    process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    // -nostdin: records may be arriving on our stdin; ffmpeg must not eat them.
    process.arguments = [
      "-nostdin", "-hide_banner", "-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1", "-ar", String(sampleRate),
      "-f", "s16le", "-",
    ]
    let output = Pipe()
    errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw AudioError(.decoderMissing, tr("\(path): cannot start \(binary): \(error.localizedDescription)"))
    }
    pcm = RawPCMSource(descriptor: output.fileHandleForReading.fileDescriptor, name: path, sampleRate: sampleRate)
  }

  public mutating func read(maxFrames: Int) throws(AudioError) -> [Float] {
    try pcm.read(maxFrames: maxFrames)
  }

  /// Waits for ffmpeg and turns a failed decode into an error with ffmpeg's own words.
  public mutating func close() throws(AudioError) {
    if process.isRunning { process.terminate() }
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let status = process.terminationStatus
      let detail = message.split(separator: "\n").last.map(String.init) ?? tr("exit status \(status)")
      throw AudioError(.decoderFailed, tr("\(name): ffmpeg could not decode it: \(detail)"))
    }
  }

  static func locate(_ executable: String) -> String? {
    if executable.contains("/") { return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(executable)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
