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

@Suite struct CueCuttingTests {
  let words: [(word: String, start: Double, end: Double)] = [
    ("Please", 1.0, 1.4), ("call", 1.5, 1.9), ("me", 2.0, 2.2), ("tomorrow", 2.3, 3.1), ("morning.", 3.2, 3.9),
  ]

  @Test func aLongChunkIsCutBetweenWordsWithinTheLimit() {
    let cues = SubtitleFormat.cues(
      start: 0.9, end: 4.0, text: "Please call me tomorrow morning.", words: words,
      maxSeconds: 1.5)
    // 0.9…2.2 is 1.3 s; "tomorrow" would make it 2.2 s. 2.3…3.1; "morning." would make it 1.6 s.
    #expect(cues.map(\.text) == ["Please call me", "tomorrow", "morning."])
    #expect(cues.map(\.start) == [0.9, 2.3, 3.2])
    #expect(cues.map(\.end) == [2.2, 3.1, 4.0], "the last cue ends with the chunk")
    #expect(cues.allSatisfy { $0.end - $0.start <= 1.5 })
  }

  @Test func aChunkWithinTheLimitOrWithoutWordsStaysOneCue() {
    let short = SubtitleFormat.cues(start: 0.9, end: 4.0, text: "T", words: words, maxSeconds: 5)
    #expect(short.count == 1 && short[0].text == "T")
    let wordless = SubtitleFormat.cues(start: 0, end: 30, text: "Long", words: [], maxSeconds: 2)
    #expect(wordless.count == 1 && wordless[0].end == 30)
    #expect(SubtitleFormat.cues(start: 0, end: 30, text: "Long", words: words, maxSeconds: nil).count == 1)
  }

  @Test func aWordLongerThanTheLimitIsACueOfItsOwn() {
    let cues = SubtitleFormat.cues(
      start: 0, end: 6, text: "a loooong b", words: [("a", 0, 0.5), ("loooong", 0.6, 5), ("b", 5.1, 6)], maxSeconds: 2)
    #expect(cues.map(\.text) == ["a", "loooong", "b"])
  }
}
