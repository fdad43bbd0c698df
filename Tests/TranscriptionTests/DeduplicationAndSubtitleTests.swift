import Testing

@testable import Transcription

@Suite struct DeduplicationTests {
  @Test func repeatsOfTheTranscriptAreDroppedAsTheAppDid() {
    var dedup = ChunkDeduplicator()
    let chunks: [(String, Bool)] = [
      ("Please call me tomorrow.", true),
      ("please call me tomorrow", false),  // the same chunk again, other case and punctuation
      ("Call me tomorrow!", false),  // the transcript already ends with it
      ("   ", false),
      ("Thanks for watching.", true),
      ("Thanks for watching.", false),  // Whisper's loop on silence
      ("Please call me tomorrow.", true),  // no longer the end of the transcript
      ("me", true),  // "…tomorrow" does not end with the word "me"
    ]
    for (text, kept) in chunks {
      let accepted = dedup.accept(text)
      #expect(accepted == kept, "\(text)")
    }
  }

  @Test func wordsIgnorePunctuationAroundThemOnly() {
    #expect(ChunkDeduplicator.words("  O'Clock, nine-thirty!  ") == ["o'clock", "nine-thirty"])
  }
}

@Suite struct SubtitleTests {
  let cues: [SubtitleFormat.Cue] = [(0.72, 3.308, "The quick brown fox."), (3725.5, 3727.0004, "Later.")]

  @Test func srtNumbersCuesWithCommaMilliseconds() {
    #expect(
      SubtitleFormat.srt(cues)
        == "1\n00:00:00,720 --> 00:00:03,308\nThe quick brown fox.\n\n2\n01:02:05,500 --> 01:02:07,000\nLater.\n\n")
  }

  @Test func vttHasAHeaderAndHoursOnlyWhenNeeded() {
    #expect(SubtitleFormat.vtt([cues[0]]) == "WEBVTT\n\n00:00.720 --> 00:03.308\nThe quick brown fox.\n\n")
    #expect(SubtitleFormat.vtt(cues).contains("\n00:00:00.720 --> 00:00:03.308\n"))
    #expect(SubtitleFormat.vtt(cues).contains("\n01:02:05.500 --> 01:02:07.000\n"))
    #expect(SubtitleFormat.vtt([]) == "WEBVTT\n\n")
  }

  @Test func timestampsRoundToTheMillisecond() {
    #expect(SubtitleFormat.timestamp(59.9996, separator: ",", alwaysHours: true) == "00:01:00,000")
    #expect(SubtitleFormat.timestamp(-1, separator: ".", alwaysHours: false) == "00:00.000")
  }
}
