import Foundation
import TestSupport
import Testing
import Wire

/// ail-transcribe --engine faster-whisper as a built process: with the real faster-whisper and
/// tiny.en where scripts/speech-venv made them, and with a stub interpreter (python3 running a
/// stand-in faster_whisper module) everywhere python3 is.
@Suite struct AilTranscribeFasterWhisperTests {
  static let wav = AilTranscribeTests.wav

  // MARK: The real engine

  @Test(.needsFasterWhisper)
  func tinyENRecognisesTheFixtureWithAtMostOneWordInTenWrong() throws {
    let result = try run("ail-transcribe", real(["--offline", Self.wav]))
    #expect(result.status == 0, "\(result.stderr)")
    let chunks = result.records(kind: "transcript_chunk")
    #expect(chunks.count == 4)
    let heard = chunks.compactMap { $0["text"]?.stringValue }.joined(separator: " ")
    let rate = wordErrorRate(reference: AilTranscribeTests.sentences.joined(separator: " "), hypothesis: heard)
    #expect(rate <= 0.10, "WER \(rate): \(heard)")
    for chunk in chunks {
      let start = chunk["start"]?.numberValue ?? -1
      let end = chunk["end"]?.numberValue ?? -1
      let words = chunk["words"]?.arrayValue ?? []
      #expect(!words.isEmpty)
      let times = words.compactMap { $0["start"]?.numberValue }
      #expect(times == times.sorted(), "word times rise")
      #expect(times.allSatisfy { $0 >= start - 0.3 && $0 <= end + 0.3 }, "words inside their chunk \(start)…\(end)")
      #expect(chunk["engine"]?.stringValue == "faster-whisper" && chunk["language"]?.stringValue == "en")
    }
  }

  @Test(.needsFasterWhisper)
  func subtitlesAreCutBetweenWordsAtCueMax() throws {
    let result = try run("ail-transcribe", real(["--format", "srt", "--cue-max", "1.5", Self.wav]))
    #expect(result.status == 0, "\(result.stderr)")
    let spans = result.stdout.split(separator: "\n").filter { $0.contains(" --> ") }.map { line in
      line.components(separatedBy: " --> ").map(Self.seconds)
    }
    #expect(spans.count > 4, "the four sentences, each over 1.5 s, are cut: \(result.stdout)")
    #expect(spans.allSatisfy { $0[1] - $0[0] <= 1.5 + 0.001 }, "\(spans)")
  }

  @Test(.needsFasterWhisper)
  func aModelNotOnTheMachineIsAnErrorWithinSecondsThatSaysHowToGetIt() throws {
    let home = try TemporaryFolder.made("fw-hub")
    defer { TemporaryFolder.remove(home) }
    let result = try run(
      "ail-transcribe", ["--engine", "faster-whisper", "--python", SpeechVenv.python!, "--model", "small", Self.wav],
      environment: ["HF_HOME": home])
    #expect(result.status == 69)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--download") && result.stderr.contains("--model-dir"), "\(result.stderr)")
    #expect(result.seconds < 15)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: home))?.contains("hub") != true, "nothing fetched")
  }

  @Test(.needsFasterWhisper)
  func germanIsRefusedOfAnEnglishOnlyModel() throws {
    let result = try run("ail-transcribe", real(["--language", "de-DE", Self.wav]))
    #expect(result.status == 69)
    #expect(result.stderr.contains("English only"), "\(result.stderr)")
  }

  // MARK: A stub interpreter

  @Test(.needsPython3)
  func underAGermanLocaleWithNoLanguageGermanIsAskedFor() throws {
    try withStub { python in
      let result = try run(
        "ail-transcribe", ["--engine", "faster-whisper", "--python", python, "--keep-repeats", Self.wav],
        environment: ["LANG": "de_DE.UTF-8"])
      #expect(result.status == 0, "\(result.stderr)")
      let chunks = result.records(kind: "transcript_chunk")
      #expect(chunks.count == 4)
      #expect(chunks.allSatisfy { $0["language"]?.stringValue == "de-DE" })
      #expect(chunks.allSatisfy { $0["text"]?.stringValue?.hasSuffix("in de") == true })
      #expect(chunks.allSatisfy { $0["language_probability"] == nil }, "a language asked for is not a detection")
    }
  }

  @Test(.needsPython3)
  func anEnglishOnlyModelUnderAGermanLocaleWarnsInGermanAndRecognisesEnglish() throws {
    try withStub { python in
      let result = try run(
        "ail-transcribe",
        ["--engine", "faster-whisper", "--python", python, "--model", "tiny.en", "--keep-repeats", Self.wav],
        environment: ["LANG": "de_DE.UTF-8"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("nur Englisch"), "\(result.stderr)")
      #expect(
        result.records(kind: "transcript_chunk").allSatisfy { $0["text"]?.stringValue?.hasSuffix("in en") == true })
    }
  }

  @Test(.needsPython3)
  func autoReportsTheDetectedLanguageAndFallsBackWhenUnsure() throws {
    try withStub { python in
      let sure = try run(
        "ail-transcribe", ["--engine", "faster-whisper", "--python", python, "--language", "auto", Self.wav])
      let chunk = try #require(sure.records(kind: "transcript_chunk").first)
      #expect(chunk["language"]?.stringValue == "de" && chunk["language_probability"]?.numberValue == 0.9)
      let unsure = try run(
        "ail-transcribe", ["--engine", "faster-whisper", "--python", python, "--language", "auto", Self.wav],
        environment: ["FAKE_WHISPER": "unsure"])
      #expect(unsure.status == 0, "\(unsure.stderr)")
      let fellBack = try #require(unsure.records(kind: "transcript_chunk").first)
      #expect(fellBack["language"]?.stringValue == "en", "the locale's language (English here)")
      #expect(unsure.stderr.contains("unsure of the language (30 %)"), "\(unsure.stderr)")
    }
  }

  @Test(.needsPython3)
  func theConfigMakesItTheDefaultEngineAndOfflineAllowsIt() throws {
    try withStub { python in
      let home = try TemporaryFolder.made("fw-config")
      defer { TemporaryFolder.remove(home) }
      try FileManager.default.createDirectory(atPath: home + "/ailo", withIntermediateDirectories: true)
      try "[ail-transcribe]\nengine = faster-whisper\npython = \(python)\nmodel = tiny.en\n".write(
        toFile: home + "/ailo/config", atomically: true, encoding: .utf8)
      let result = try run(
        "ail-transcribe", ["--offline", "--format", "text", Self.wav], environment: ["XDG_CONFIG_HOME": home])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("heard ") && result.stdout.contains(" in en\n"), "\(result.stdout)")
      let contradiction = try run(
        "ail-transcribe", ["--offline", "--download", Self.wav], environment: ["XDG_CONFIG_HOME": home])
      #expect(contradiction.status == 64, "\(contradiction.stderr)")
    }
  }

  @Test(.needsPython3)
  func liveInputGoesThroughTheSameWorker() throws {
    try withStub { python in
      let samples = try Data(contentsOf: URL(fileURLWithPath: Self.wav)).dropFirst(44)
      let result = try run(
        "ail-transcribe", ["--engine", "faster-whisper", "--python", python, "--live", "--keep-repeats", "-"],
        stdinBytes: Data(samples))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.records(kind: "transcript_chunk").count == 4)
    }
  }

  @Test(.needsPython3)
  func aRecordingWhoseWorkerHungIsSkippedAndTheNextTranscribedByANewOne() throws {
    try withStub { python in
      let folder = try TemporaryFolder.made("fw-two")
      defer { TemporaryFolder.remove(folder) }
      let (first, second) = (folder + "/a.wav", folder + "/b.wav")
      try FileManager.default.copyItem(atPath: Self.wav, toPath: first)
      try FileManager.default.copyItem(atPath: Self.wav, toPath: second)
      let result = try run(
        "ail-transcribe",
        ["--engine", "faster-whisper", "--python", python, "--timeout", "2", "--keep-repeats", first, second],
        environment: ["FAKE_WHISPER": "hang-once", "FAKE_WHISPER_STATE": folder + "/hung"])
      #expect(result.status == 75, "\(result.stderr)")
      #expect(result.stderr.contains("a.wav") && result.stderr.contains("skipped"), "\(result.stderr)")
      let files = Set(result.records(kind: "transcript").compactMap { $0["file"]?.stringValue })
      #expect(files == [second], "\(result.stdout)")
    }
  }

  @Test(.needsPython3)
  func aWorkerThatHangsEndsTheRunAtTheTimeoutWithStatus75() throws {
    try withStub { python in
      let result = try run(
        "ail-transcribe", ["--engine", "faster-whisper", "--python", python, "--timeout", "2", Self.wav],
        environment: ["FAKE_WHISPER": "hang"])
      #expect(result.status == 75, "\(result.stderr)")
      #expect(result.seconds < 20)
    }
  }

  // MARK: Helpers

  private func real(_ arguments: [String]) -> [String] {
    ["--engine", "faster-whisper", "--python", SpeechVenv.python!, "--model-dir", SpeechVenv.tinyEnModel!] + arguments
  }

  /// A stub interpreter: a script that runs python3 with the stand-in faster_whisper module.
  private func withStub(_ body: (String) throws -> Void) throws {
    let folder = try TemporaryFolder.made("fw-stub")
    defer { TemporaryFolder.remove(folder) }
    let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/FakeFasterWhisper").path
    let stub = folder + "/python"
    try "#!/bin/sh\nPYTHONPATH='\(modules)' exec python3 \"$@\"\n".write(
      toFile: stub, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
    try body(stub)
  }

  /// `00:00:01,500` → 1.5.
  private static func seconds(_ stamp: String) -> Double {
    let parts = stamp.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".").split(
      separator: ":")
    return parts.reduce(0) { $0 * 60 + (Double($1) ?? 0) }
  }
}

/// Word error rate: word-level edit distance over the reference's length, case and punctuation
/// set aside.
func wordErrorRate(reference: String, hypothesis: String) -> Double {
  func words(_ text: String) -> [String] {
    text.lowercased().split(whereSeparator: { $0.isWhitespace }).map {
      $0.filter { $0.isLetter || $0.isNumber || $0 == "'" }
    }.filter { !$0.isEmpty }
  }
  let expected = words(reference)
  let heard = words(hypothesis)
  var previous = Array(0...heard.count)
  for (i, word) in expected.enumerated() {
    var current = [i + 1] + [Int](repeating: 0, count: heard.count)
    for (j, other) in heard.enumerated() {
      current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (word == other ? 0 : 1))
    }
    previous = current
  }
  return expected.isEmpty ? 0 : Double(previous[heard.count]) / Double(expected.count)
}
