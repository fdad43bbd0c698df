import Audio
import Foundation
import Testing

@testable import Transcription

/// The faster-whisper engine's side of the Python boundary, against a stand-in faster_whisper
/// module (Tests/Fixtures/FakeFasterWhisper) run by the real python3: the worker script, the
/// protocol, and every way the worker can fail.
@Suite(.enabled(if: FakeWhisper.python != nil, "python3 is not on PATH (apt-get install python3)"))
struct FasterWhisperEngineTests {
  /// Two seconds of a tone: the stand-in only counts samples.
  let audio = PCM(samples: (0..<32000).map { Float(sin(Double($0) / 8)) * 0.3 }, sampleRate: 16000)

  @Test func aChunkIsAnsweredWithTextWordsAndTheLanguageAskedFor() async throws {
    let engine = try FakeWhisper.engine()
    let heard = try await engine.recognize(audio, language: .german)
    #expect(heard.text == "heard 32000 samples in de")
    #expect(heard.words.map(\.word) == ["heard", "32000", "samples", "in", "de"])
    #expect(heard.words[1].start == 0.1 && heard.words[1].end == 0.18)
    let english = try await engine.recognize(audio, language: .britishEnglish)
    #expect(english.text.hasSuffix("in en"), "en-GB is asked as en")
    #expect(engine.isMultilingual)
  }

  @Test func audioAtAnotherRateIsResampledTo16kHz() async throws {
    let engine = try FakeWhisper.engine()
    let heard = try await engine.recognize(
      PCM(samples: [Float](repeating: 0.1, count: 44100), sampleRate: 44100), language: .usEnglish)
    #expect(heard.text == "heard 16000 samples in en")
  }

  @Test func detectionLessThanHalfSureFallsBackToTheGivenLanguageWithAWarning() async throws {
    let warnings = Warnings()
    let engine = try FakeWhisper.engine(mode: "unsure", fallback: .german, warn: warnings.add)
    let heard = try await engine.recognize(audio, language: .auto)
    #expect(heard.language == "de" && heard.languageProbability == 0.3)
    #expect(heard.text.hasSuffix("in de"))
    #expect(warnings.all.count == 1 && warnings.all[0].contains("30 %"), "\(warnings.all)")
    let sure = try await FakeWhisper.engine(fallback: .usEnglish, warn: warnings.add).recognize(audio, language: .auto)
    #expect(sure.language == "de" && sure.languageProbability == 0.9 && warnings.all.count == 1)
  }

  @Test func anEnglishOnlyModelRefusesGermanBeforeSendingAnything() async throws {
    let engine = try FakeWhisper.engine(model: .named("tiny.en"))
    #expect(!engine.isMultilingual)
    await #expect(throws: TranscriptionError.self) { try await engine.recognize(audio, language: .german) }
    #expect(try await engine.recognize(audio, language: .auto).text.hasSuffix("in en"))
  }

  @Test func aModelNotOnTheMachineIsNotFetchedAndTheErrorSaysHow() throws {
    let started = ContinuousClock.now
    let error = #expect(throws: TranscriptionError.self) { try FakeWhisper.engine(model: .named("missing-small")) }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("--download") == true, "\(error?.message ?? "")")
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test func theHubIsToldToStayOfflineUnlessDownloadIsGiven() throws {
    // The stand-in names HF_HUB_OFFLINE in its refusal; with --download it is not set, and the
    // stand-in (which fetches nothing) loads.
    #expect(throws: TranscriptionError.self) { try FakeWhisper.engine(model: .named("missing-base")) }
    _ = try FakeWhisper.engine(model: .named("missing-base"), download: true)
  }

  @Test func aFolderWithoutAModelIsRefusedBeforeAnyPythonStarts() throws {
    let error = #expect(throws: TranscriptionError.self) {
      try FasterWhisperEngine(
        python: "/nonexistent/python", model: .directory("/tmp"), timeout: .seconds(5), fallback: .usEnglish,
        environment: [:], warn: { _ in })
    }
    #expect(error?.message.contains("model.bin") == true)
  }

  @Test func aPythonWithoutFasterWhisperSaysHowToInstallIt() throws {
    let error = #expect(throws: TranscriptionError.self) {
      try FasterWhisperEngine(
        python: FakeWhisper.python!, model: .named("base"), timeout: .seconds(20), fallback: .usEnglish,
        environment: ["PATH": "/usr/bin:/bin", "PYTHONPATH": "/nonexistent"], warn: { _ in })
    }
    #expect(error?.kind == .unavailable && error?.message.contains("pip install faster-whisper") == true)
  }

  @Test func anInterpreterThatIsNotThereIsAnErrorNotACrash() throws {
    let error = #expect(throws: TranscriptionError.self) {
      try FasterWhisperEngine(
        python: "/nonexistent/python3", model: .named("base"), timeout: .seconds(5), fallback: .usEnglish,
        environment: [:], warn: { _ in })
    }
    #expect(error?.message.contains("--python") == true, "\(error?.message ?? "")")
  }

  @Test func aWorkerThatHangsIsStoppedAtTheTimeLimit() async throws {
    let engine = try FakeWhisper.engine(mode: "hang", timeout: .seconds(2))
    let started = ContinuousClock.now
    let error = await #expect(throws: TranscriptionError.self) { try await engine.recognize(audio, language: .german) }
    #expect(error?.kind == .transport)
    #expect(ContinuousClock.now - started < .seconds(8))
  }

  @Test func aWorkerThatDiesIsNamedWithWhatItSaidLastAndReplacedAtTheNextChunk() async throws {
    let engine = try FakeWhisper.engine(mode: "die")
    let error = await #expect(throws: TranscriptionError.self) { try await engine.recognize(audio, language: .german) }
    #expect(error?.kind == .transport, "the recording is skipped, the run goes on")
    #expect(error?.message.contains("MemoryError: the fake ran out of memory") == true, "\(error?.message ?? "")")
    let again = await #expect(throws: TranscriptionError.self) { try await engine.recognize(audio, language: .german) }
    #expect(again?.message.contains("MemoryError") == true, "a new worker ran the chunk and died the same way")
  }

  @Test func aChunkAfterATimeOutGetsANewWorker() async throws {
    let state = NSTemporaryDirectory() + "fw-state-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: state) }
    let engine = try FakeWhisper.engine(mode: "hang-once", timeout: .seconds(2), extra: ["FAKE_WHISPER_STATE": state])
    await #expect(throws: TranscriptionError.self) { try await engine.recognize(audio, language: .german) }
    #expect(try await engine.recognize(audio, language: .german).text == "heard 32000 samples in de")
  }

  @Test func aModelThatDoesNotLoadSaysWhyInsteadOfAskingForADownload() throws {
    let error = #expect(throws: TranscriptionError.self) { try FakeWhisper.engine(model: .named("broken-small")) }
    #expect(error?.message.contains("Unable to open file 'model.bin'") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("--download") == false)
  }

  @Test func aChunkTheModelRefusesIsAnErrorOfThatChunkOnly() async throws {
    let engine = try FakeWhisper.engine(mode: "fail")
    let error = await #expect(throws: TranscriptionError.self) { try await engine.recognize(audio, language: .german) }
    #expect(error?.kind == .rejected && error?.message.contains("the fake refuses this chunk") == true)
  }
}

/// The stand-in module and the python3 that runs it.
enum FakeWhisper {
  static let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/FakeFasterWhisper").path

  static let python: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  static func engine(
    mode: String = "normal", model: FasterWhisperEngine.Model = .named("base"), download: Bool = false,
    timeout: Duration = .seconds(30), fallback: SpeechLanguage = .usEnglish, extra: [String: String] = [:],
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> FasterWhisperEngine {
    try FasterWhisperEngine(
      python: python!, model: model, download: download, timeout: timeout, fallback: fallback,
      environment: ["PATH": "/usr/bin:/bin", "PYTHONPATH": modules, "FAKE_WHISPER": mode].merging(extra) { $1 },
      warn: warn)
  }
}

final class Warnings: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  var all: [String] { lock.withLock { lines } }
  var add: @Sendable (String) -> Void { { line in self.lock.withLock { self.lines.append(line) } } }
}
