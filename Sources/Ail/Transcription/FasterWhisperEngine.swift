public import Audio
import Foundation
import Localization
import Wire

/// faster-whisper (CTranslate2 Whisper) on this machine, through a Python that has it: one worker
/// process (``FasterWhisperWorker``) loads the model once and recognises chunk after chunk. Offline
/// like PocketSphinx: a model named but not on the machine is fetched only when `download` says so;
/// otherwise the hub is not even asked (HF_HUB_OFFLINE), so no network can make it wait.
public final class FasterWhisperEngine: SpeechEngine, @unchecked Sendable {
  public enum Model: Sendable, Equatable {
    /// A CTranslate2 Whisper model folder (model.bin, config.json, tokenizer.json).
    case directory(String)
    /// faster-whisper's own name (tiny, base.en, small, large-v3, …), from the local cache.
    case named(String)
  }

  /// The model asked for when none is given: multilingual (German too), quick on two cores.
  public static let defaultModel = "base"

  public let name = "faster-whisper"
  public let isNetworked = false
  /// Whether the model knows languages other than English (the `.en` models do not).
  public let isMultilingual: Bool
  private let model: Model
  private let launch: Launch
  private let timeout: Duration
  private let fallback: SpeechLanguage
  private let warn: @Sendable (String) -> Void
  // One worker, one chunk at a time. A worker stopped at a time limit, or one that died, is
  // replaced at the next chunk, so that one bad recording does not end the run.
  private let lock = NSLock()
  private var worker: WorkerProcess

  /// How a worker is started, kept to start another.
  private struct Launch {
    let python: String
    let arguments: [String]
    let environment: [String: String]
    let download: Bool
  }

  /// Starts the worker and waits (at most `timeout`) until the model is loaded.
  /// - Parameters:
  ///   - fallback: the language used when detection is less than half sure (the locale's).
  ///   - warn: told when detection was unsure and `fallback` was used.
  public init(
    python: String, model: Model, download: Bool = false, timeout: Duration, fallback: SpeechLanguage,
    environment: [String: String], warn: @escaping @Sendable (String) -> Void
  ) throws {
    self.model = model
    self.timeout = timeout
    self.fallback = fallback
    self.warn = warn
    let reference: String
    switch model {
    case .directory(let path):
      guard FileManager.default.fileExists(atPath: path + "/model.bin") else {
        throw TranscriptionError(
          .unavailable, tr("faster-whisper: \(path) is not a CTranslate2 Whisper model folder (no model.bin)"))
      }
      reference = path
    case .named(let name): reference = name
    }
    var environment = environment
    if !download {
      environment["HF_HUB_OFFLINE"] = "1"
    }
    // Keeps the worker's own chatter (progress bars, hub warnings) off the user's terminal.
    environment["TQDM_DISABLE"] = "1"
    environment["PYTHONUNBUFFERED"] = "1"
    let settings = try WireCoding.line(JSONValue.object(["model": .string(reference), "download": .bool(download)]))
    launch = Launch(
      python: python,
      arguments: [python, "-c", FasterWhisperWorker.script, String(decoding: settings.dropLast(), as: UTF8.self)],
      environment: environment, download: download)
    (worker, isMultilingual) = try Self.start(launch, model: model, timeout: timeout)
  }

  deinit { worker.finish(grace: .seconds(2)) }

  /// A worker with its model loaded, and whether the model is multilingual.
  private static func start(_ launch: Launch, model: Model, timeout: Duration) throws -> (WorkerProcess, Bool) {
    let worker: WorkerProcess
    do {
      worker = try WorkerProcess(arguments: launch.arguments, environment: launch.environment)
    } catch {
      throw TranscriptionError(
        .unavailable,
        tr(
          "faster-whisper: cannot start \(launch.python) (\(error.detail)); give the Python that has it with --python"
        ))
    }
    let ready: JSONValue
    do {
      ready = try Self.answer(worker.readLine(deadline: .now + timeout))
    } catch {
      throw Self.startFailure(error, python: launch.python, timeout: timeout)
    }
    if let error = ready["error"]?.stringValue {
      worker.stop()
      let detail = ready["detail"]?.stringValue ?? ""
      throw TranscriptionError(
        .unavailable,
        Self.loadMessage(error, detail: detail, python: launch.python, model: model, download: launch.download))
    }
    return (worker, ready["multilingual"]?.boolValue ?? false)
  }

  public func recognize(_ audio: PCM, language: SpeechLanguage) async throws -> Recognition {
    if language == .german && !isMultilingual {
      throw TranscriptionError(
        .unavailable,
        tr(
          "faster-whisper: the model \(modelName) knows English only; for German use a multilingual one (--model base or small, without .en)"
        ))
    }
    let samples = Resampler.resample(audio, to: 16000).samples
    var request: JSONObject = ["samples": .number(Double(samples.count))]
    request["language"] = language.iso639.map(JSONValue.string) ?? .null
    request["fallback"] = fallback.iso639.map(JSONValue.string) ?? .null
    request["threshold"] = .number(0.5)
    var bytes = try WireCoding.line(JSONValue.object(request))
    bytes.reserveCapacity(bytes.count + samples.count * 4)
    // The samples' own bytes: float32 in this machine's order, little-endian on every platform
    // the toolbox builds for (x86_64, arm64), as the worker reads them.
    samples.withUnsafeBytes { bytes += $0 }
    let answer: JSONValue
    do {
      answer = try lock.withLock { () throws -> JSONValue in
        if worker.hasEnded { worker = try Self.start(launch, model: model, timeout: timeout).0 }
        let deadline = ContinuousClock.now + timeout
        try worker.send(bytes, deadline: deadline)
        return try Self.answer(worker.readLine(deadline: deadline))
      }
    } catch let failure as WorkerProcess.Failure {
      // This chunk's recording is skipped (75); the next chunk gets a new worker.
      switch failure.kind {
      case .timedOut:
        throw TranscriptionError(
          .transport,
          tr("faster-whisper: no answer within \(Int(timeout.components.seconds)) s; the worker was stopped"))
      case .start, .ended:
        throw TranscriptionError(.transport, tr("faster-whisper: the worker ended: \(Self.lastLine(failure.detail))"))
      }
    }
    if answer["error"] != nil {
      throw TranscriptionError(
        .rejected, tr("faster-whisper: \(Self.lastLine(answer["detail"]?.stringValue ?? "unknown error"))"))
    }
    let detected = answer["language"]?.stringValue
    if answer["fell_back"]?.boolValue == true, let code = fallback.iso639 {
      let sure = Int(((answer["probability"]?.numberValue ?? 0) * 100).rounded())
      warn(tr("faster-whisper: unsure of the language (\(sure) %); recognised as \(code)"))
    }
    let words = (answer["words"]?.arrayValue ?? []).compactMap { entry -> RecognizedWord? in
      guard let parts = entry.arrayValue, parts.count == 3, let word = parts[0].stringValue,
        let start = parts[1].numberValue, let end = parts[2].numberValue, !word.isEmpty
      else { return nil }
      return RecognizedWord(word: word, start: start, end: end)
    }
    return Recognition(
      text: answer["text"]?.stringValue ?? "", words: words, language: detected,
      languageProbability: answer["probability"]?.numberValue)
  }

  private var modelName: String {
    switch model {
    case .directory(let path): (path as NSString).lastPathComponent
    case .named(let name): name
    }
  }

  private static func answer(_ line: [UInt8]) throws(WorkerProcess.Failure) -> JSONValue {
    guard let value = try? line.withUnsafeBytes({ try WireCoding.parse($0) }), case .object = value else {
      throw WorkerProcess.Failure(kind: .ended, detail: String(decoding: line.prefix(300), as: UTF8.self))
    }
    return value
  }

  private static func startFailure(_ failure: WorkerProcess.Failure, python: String, timeout: Duration)
    -> TranscriptionError
  {
    switch failure.kind {
    case .timedOut:
      TranscriptionError(
        .unavailable,
        tr("faster-whisper: the model did not load within \(Int(timeout.components.seconds)) s"))
    case .start, .ended:
      TranscriptionError(
        .unavailable, tr("faster-whisper: \(python) ended before the model was loaded: \(lastLine(failure.detail))"))
    }
  }

  private static func loadMessage(_ error: String, detail: String, python: String, model: Model, download: Bool)
    -> String
  {
    if error == "module" {
      return tr(
        "faster-whisper is not installed for \(python) (python3 -m venv ~/.local/share/ailo/venv && ~/.local/share/ailo/venv/bin/pip install faster-whisper, then --python ~/.local/share/ailo/venv/bin/python)"
      )
    }
    // Only the hub's "not in the local cache" is a missing model; a damaged one, or a machine
    // short of memory, says what it is.
    let missing = ["LocalEntryNotFound", "outgoing traffic has been disabled", "cached snapshot"]
    if case .named(let name) = model, !download, missing.contains(where: detail.contains) {
      return tr(
        "faster-whisper: the model \(name) is not on this machine; --download fetches it once (about 75 MB for tiny, 145 MB for base, 480 MB for small), or give a model folder with --model-dir"
      )
    }
    return tr("faster-whisper: cannot load the model: \(lastLine(detail))")
  }

  /// A Python traceback's last line says what went wrong.
  private static func lastLine(_ text: String) -> String {
    let lines = text.split(whereSeparator: \.isNewline)
    return lines.last.map(String.init) ?? tr("no message")
  }
}
