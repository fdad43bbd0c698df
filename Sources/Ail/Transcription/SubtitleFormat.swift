/// Timed text for people and subtitle tools.
public enum SubtitleFormat {
  /// A cue: seconds and text.
  public typealias Cue = (start: Double, end: Double, text: String)

  /// A chunk's cue, or with its word times and a chunk longer than `maxSeconds`, cues cut
  /// between words, each as long as it can be within `maxSeconds` (a single longer word is a cue
  /// of its own). Without words the chunk stays one cue, however long.
  public static func cues(
    start: Double, end: Double, text: String, words: [(word: String, start: Double, end: Double)],
    maxSeconds: Double?
  ) -> [Cue] {
    guard let maxSeconds, end - start > maxSeconds, !words.isEmpty else { return [(start, end, text)] }
    var cues: [Cue] = []
    var group: [(word: String, start: Double, end: Double)] = []
    func close() {
      guard let first = group.first, let last = group.last else { return }
      cues.append((cues.isEmpty ? start : first.start, last.end, group.map(\.word).joined(separator: " ")))
      group = []
    }
    for word in words {
      if let first = group.first, word.end - (cues.isEmpty ? start : first.start) > maxSeconds { close() }
      group.append(word)
    }
    close()
    cues[cues.count - 1].end = max(cues[cues.count - 1].end, end)
    return cues
  }

  /// SubRip: numbered from 1, `HH:MM:SS,mmm`.
  public static func srt(_ cues: [Cue]) -> String {
    var out = ""
    for (number, cue) in cues.enumerated() {
      out += "\(number + 1)\n\(timestamp(cue.start, separator: ",", alwaysHours: true)) --> "
      out += "\(timestamp(cue.end, separator: ",", alwaysHours: true))\n\(cue.text)\n\n"
    }
    return out
  }

  /// WebVTT: hours only when a cue reaches them, as whisper writes it.
  public static func vtt(_ cues: [Cue]) -> String {
    let hours = cues.contains { $0.end >= 3600 }
    var out = "WEBVTT\n\n"
    for cue in cues {
      out += "\(timestamp(cue.start, separator: ".", alwaysHours: hours)) --> "
      out += "\(timestamp(cue.end, separator: ".", alwaysHours: hours))\n\(cue.text)\n\n"
    }
    return out
  }

  /// `01:02:03,456`, or `02:03.456` without hours. Rounded to the millisecond.
  static func timestamp(_ seconds: Double, separator: String, alwaysHours: Bool) -> String {
    let total = Int((max(0, seconds) * 1000).rounded())
    let milliseconds = total % 1000
    let secs = total / 1000 % 60
    let minutes = total / 60_000 % 60
    let hours = total / 3_600_000
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let millis = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
    let clock = "\(two(minutes)):\(two(secs))\(separator)\(millis)"
    return alwaysHours || hours > 0 ? "\(two(hours)):\(clock)" : clock
  }
}
