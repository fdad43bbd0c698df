import Foundation
import Localization
import ToolKit

/// Joins the spoken pieces into the book with ffmpeg: the concat demuxer over a list of the WAV
/// files, the FFMETADATA1 file for tags and chapters, AAC at 64 kbit/s in an MP4 container
/// (`-f mp4`: the destination is a partial file whose name says nothing of its format).
public struct AudiobookWriter: Sendable {
  public var ffmpeg: String

  public init(ffmpeg: String = "ffmpeg") { self.ffmpeg = ffmpeg }

  /// Seconds ffmpeg may take for a book of `seconds` of audio: AAC at this rate encodes a
  /// hundred times faster than speech on one core; the limit allows a tenth of that.
  public static func timeLimit(seconds: Double) -> Int { 120 + Int(seconds / 10) }

  /// Writes the pieces (all of one format, in order) with `metadata` into `output`, which
  /// exists (it is replaced), using `scratch` for the list and metadata files.
  public func write(pieces: [String], seconds: Double, metadata: BookMetadata, to output: String, scratch: String)
    throws(AudiobookError)
  {
    let list = scratch + "/pieces.txt"
    let tags = scratch + "/metadata.txt"
    let listText = pieces.map { "file " + Self.quoted($0) }.joined(separator: "\n") + "\n"
    do {
      try Data(listText.utf8).write(to: URL(fileURLWithPath: list))
      try Data(metadata.text.utf8).write(to: URL(fileURLWithPath: tags))
    } catch {
      throw AudiobookError(.output, tr("cannot write in \(scratch): \(error.localizedDescription)"))
    }
    try run(
      [
        ffmpeg, "-nostdin", "-hide_banner", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list,
        "-f", "ffmetadata", "-i", tags, "-map", "0:a", "-map_metadata", "1", "-map_chapters", "1",
        "-c:a", "aac", "-b:a", "64k", "-movflags", "+faststart", "-f", "mp4", output,
      ], seconds: seconds)
  }

  /// Rewrites the WAV file `input` into `output` in `format`, so that it joins the others.
  public func conform(_ input: String, to format: WAVInfo.Format, into output: String) throws(AudiobookError) {
    try run(
      [
        ffmpeg, "-nostdin", "-hide_banner", "-v", "error", "-y", "-i", input, "-ar", String(format.sampleRate),
        "-ac", String(format.channels), "-c:a", "pcm_s\(format.bitsPerSample)le", "-f", "wav", output,
      ], seconds: 0)
  }

  private func run(_ arguments: [String], seconds: Double) throws(AudiobookError) {
    let limit = Self.timeLimit(seconds: seconds)
    let end: ChildProcess.End
    do { end = try ChildProcess.run(arguments, input: nil, timeLimit: limit) } catch {
      throw AudiobookError(.program, tr("cannot start \(ffmpeg): \(error.reason)"))
    }
    switch end {
    case .exited(0, _): return
    case .exited(let status, let output):
      throw AudiobookError(.program, tr("ffmpeg failed with exit status \(status)") + Synthesizer.detail(output))
    case .killed(let signal, let output):
      throw AudiobookError(.program, tr("ffmpeg was killed by signal \(signal)") + Synthesizer.detail(output))
    case .timedOut(let seconds):
      throw AudiobookError(.program, tr("ffmpeg did not finish within \(seconds) s and was stopped"))
    case .interrupted(let signal):
      throw AudiobookError(.interrupted(signal: signal), "")
    case .unwatched(let reason):
      throw AudiobookError(.program, tr("\(ffmpeg) could not be watched to its end: \(reason)"))
    }
  }

  /// A path as the concat demuxer's list reads it: in single quotes, a quote as `'\''`.
  static func quoted(_ path: String) -> String {
    "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
