import Foundation
import Localization
import ToolKit

/// Speaks one piece of text into a WAV file: Piper (`CMD -m VOICE -f OUT.wav`, the command
/// through `/bin/sh`, so that it may carry arguments: `python -m piper`) or espeak-ng
/// (`espeak-ng -v VOICE -w OUT.wav`), the text on standard input, each run with a time limit.
public struct Synthesizer: Sendable {
  /// The Piper command line, when Piper is to be used.
  public var piper: String?
  public var espeak: String

  public init(piper: String? = nil, espeak: String = "espeak-ng") {
    self.piper = piper
    self.espeak = espeak
  }

  /// The command that speaks the text on its standard input in `voice` into `wav`.
  public func arguments(_ voice: Voice, into wav: String) -> [String] {
    switch voice {
    case .piper(let model):
      // The model and file are the shell's arguments, never part of the command text.
      ["/bin/sh", "-c", (piper ?? "piper") + " \"$@\"", "piper", "-m", model, "-f", wav]
    case .espeak(let name): [espeak, "-v", name, "-w", wav]
    }
  }

  /// Seconds a run may take for `characters` of text: a model's start (Python, onnxruntime) and
  /// a generous tenth of a second per character, about ten times what two cores need.
  public static func timeLimit(characters: Int) -> Int { 60 + characters / 5 }

  /// Speaks the text of the file `text` into `wav`; `article` names what it is read from in a
  /// message. A run that fails, is killed, outlives its limit or writes no WAV is an error.
  public func speak(textFile text: String, characters: Int, voice: Voice, into wav: String, article: String)
    throws(AudiobookError) -> WAVInfo
  {
    let arguments = arguments(voice, into: wav)
    let command = voice.description
    let limit = Self.timeLimit(characters: characters)
    let end: ChildProcess.End
    do { end = try ChildProcess.run(arguments, input: text, timeLimit: limit) } catch {
      let program = arguments[0] == "/bin/sh" ? arguments[2] : arguments[0]
      throw AudiobookError(.program, tr("\(article): cannot start \(program): \(error.reason)"))
    }
    switch end {
    case .exited(0, let output):
      guard let info = WAVInfo.read(wav), info.dataBytes > 0 else {
        throw AudiobookError(
          .program, tr("\(article): \(command) wrote no audio to \(wav)") + Self.detail(output))
      }
      return info
    case .exited(let status, let output):
      throw AudiobookError(
        .program, tr("\(article): \(command) failed with exit status \(status)") + Self.detail(output))
    case .killed(let signal, let output):
      throw AudiobookError(.program, tr("\(article): \(command) was killed by signal \(signal)") + Self.detail(output))
    case .timedOut(let seconds):
      throw AudiobookError(.program, tr("\(article): \(command) did not finish within \(seconds) s and was stopped"))
    case .interrupted(let signal):
      throw AudiobookError(.interrupted(signal: signal), "")
    case .unwatched(let reason):
      throw AudiobookError(.program, tr("\(article): \(command) could not be watched to its end: \(reason)"))
    }
  }

  /// The program's last lines, after a colon: what it said about the failure.
  static func detail(_ output: String) -> String {
    let lines = output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    return lines.isEmpty ? "" : ": " + lines.suffix(3).joined(separator: " / ")
  }
}
