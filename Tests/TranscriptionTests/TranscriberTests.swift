import Audio
import Foundation
import Synchronization
import Testing
import Wire

@testable import Transcription

/// An engine that reports what it was given and answers from a script.
final class ScriptedEngine: SpeechEngine {
  let name = "scripted"
  let isNetworked = false
  let answers: [String]
  let received = Mutex<[PCM]>([])

  init(_ answers: [String]) { self.answers = answers }

  func recognize(_ audio: PCM, language: SpeechLanguage) async throws -> Recognition {
    let index = received.withLock {
      $0.append(audio)
      return $0.count - 1
    }
    if answers[index] == "FAIL" { throw TranscriptionError(.rejected, "scripted failure") }
    return Recognition(text: answers[index], words: [RecognizedWord(word: "w", start: 0.5, end: 0.75)], language: "en")
  }
}

@Suite struct TranscriberTests {
  let rate = 44100

  func tone(_ seconds: Double) -> [Float] {
    let step = 2 * Double.pi * 440 / Double(rate)
    return (0..<Int(seconds * Double(rate))).map { (index: Int) -> Float in Float(0.1 * sin(step * Double(index))) }
  }

  func silence(_ seconds: Double) -> [Float] { [Float](repeating: 0, count: Int(seconds * Double(rate))) }

  @Test func chunksGoToTheEngineAt16kHzWithPaddingAndTheirOwnTimes() async throws {
    let samples = silence(1) + tone(2.5) + silence(1.5) + tone(2.5) + silence(1.5) + tone(2.5) + silence(1)
    var source = MemorySource(PCM(samples: samples, sampleRate: rate))
    let engine = ScriptedEngine(["Hello there.", "hello there", "General Kenobi."])
    var chunks: [TranscriptChunkRecord] = []
    var segments: [SegmentRecord] = []
    let transcriber = Transcriber(settings: TranscriptionSettings(language: .usEnglish), engine: engine)
    let transcript = try await transcriber.run(
      &source, file: "memo.wav",
      events: TranscriptionEvents(segment: { segments.append($0) }, chunk: { chunks.append($0) }))
    // Three segments, the second a repeat of the first: dropped, and it takes no index.
    #expect(segments.count == 3)
    #expect(chunks.map(\.text) == ["Hello there.", "General Kenobi."])
    #expect(chunks.map(\.index) == [0, 1])
    #expect(abs(chunks[0].start - 1) < 0.011 && abs(chunks[0].end - 3.5) < 0.011)
    #expect(chunks[0].language == "en-US")
    // Word times are moved from the padded clip to the recording: clip starts 0.25 s early.
    #expect(chunks[0].words?.first.map { abs($0.start - (chunks[0].start - 0.25 + 0.5)) < 0.011 } == true)
    let clips = engine.received.withLock { $0 }
    #expect(clips.allSatisfy { $0.sampleRate == 16000 })
    #expect(clips.first.map { abs($0.duration - 3.0) < 0.03 } == true)  // 2.5 s of speech plus 0.25 s each side
    #expect(transcript?.text == "Hello there.\nGeneral Kenobi.")
    #expect(transcript?.chunks == 2)
    #expect(transcript.map { abs($0.duration - Double(samples.count) / Double(rate)) < 0.001 } == true)
  }

  @Test func segmentsOnlyNeedsNoEngine() async throws {
    var source = MemorySource(PCM(samples: silence(0.5) + tone(1) + silence(1), sampleRate: rate))
    var segments: [SegmentRecord] = []
    let transcript = try await Transcriber(settings: TranscriptionSettings(), engine: nil)
      .run(&source, file: "-", events: TranscriptionEvents(segment: { segments.append($0) }))
    #expect(transcript == nil)
    #expect(segments.count == 1)
  }

  @Test func anEngineFailureStopsTheRecording() async throws {
    var source = MemorySource(PCM(samples: tone(1) + silence(2.5) + tone(1) + silence(2.5), sampleRate: rate))
    var chunks = 0
    await #expect(throws: TranscriptionError.self) {
      try await Transcriber(settings: TranscriptionSettings(), engine: ScriptedEngine(["first", "FAIL"]))
        .run(&source, file: "x", events: TranscriptionEvents(chunk: { _ in chunks += 1 }))
    }
    #expect(chunks == 1)
  }

  @Test func autoTakesTheLanguageTheEngineReports() async throws {
    var source = MemorySource(PCM(samples: tone(1) + silence(1), sampleRate: rate))
    var language: String?
    _ = try await Transcriber(settings: TranscriptionSettings(language: .auto), engine: ScriptedEngine(["x"]))
      .run(&source, file: "x", events: TranscriptionEvents(chunk: { language = $0.language }))
    #expect(language == "en")
  }

  @Test func keptAudioStaysBoundedOnALongRecording() {
    var audio = RetainedAudio()
    for second in 0..<600 {
      audio.append([Float](repeating: 0, count: 16000))
      audio.forget(before: Double(second) - 1, sampleRate: 16000)
    }
    let (clip, start) = audio.slice(from: 0, to: 700, sampleRate: 16000)
    #expect(clip.samples.count <= 3 * 16000)
    #expect(start >= 597)
  }
}
