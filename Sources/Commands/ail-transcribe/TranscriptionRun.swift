import ArgumentParser
import Audio
import Localization
import ToolKit
import Transcription
import Wire

#if canImport(Glibc)
  import Glibc
#endif

/// One invocation: every recording in turn, each written as it is recognised; a recording that
/// fails is reported and skipped.
struct TranscriptionRun {
  let settings: TranscriptionSettings
  let engine: (any SpeechEngine)?
  let carryPrompt: Bool
  let format: OutputFormat
  /// srt/vtt: chunks longer than this are cut into cues between words.
  let cueMax: Double?
  let segmentsOnly: Bool
  let live: Bool
  let liveRate: Int
  let ffmpeg: String
  let diagnostics: Diagnostics

  func transcribe(_ files: [String]) async throws {
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    var worst = ExitStatus.success
    var seconds = 0.0
    var chunks = 0
    var transcribed = 0
    var failed: [String] = []
    let clock = ContinuousClock()
    let started = clock.now
    for file in files {
      let name = file == "-" ? "-" : file
      do {
        var source = try open(file)
        let outcome = try await transcribe(&source, name: name, sink: sink)
        seconds += outcome.seconds
        chunks += outcome.chunks
        transcribed += 1
      } catch let error as AudioError {
        diagnostics.error(error.message)
        worst = worse(worst, status(for: error))
        failed.append(name)
      } catch let error as TranscriptionError {
        switch error.kind {
        case .unauthorized: throw ToolError(.noPermission, "\(name): \(error.message)")
        case .unavailable: throw ToolError(.unavailable, "\(name): \(error.message)")
        case .transport, .rejected:
          diagnostics.error(tr("\(name): \(error.message); skipped"))
          worst = worse(worst, .tempFailure)
          failed.append(name)
        }
      }
    }
    try sink.flush()
    if !live, engine != nil {
      let duration = (clock.now - started).components
      let elapsed = Double(duration.seconds) + Double(duration.attoseconds) / 1e18
      let speed = elapsed > 0 ? seconds / elapsed : 0
      // Only what was transcribed is counted; what failed is named (its error said why).
      var line = summary(transcribed: transcribed, chunks: chunks, seconds: seconds, elapsed: elapsed, speed: speed)
      if !failed.isEmpty { line += "; " + Failures.text(failed) }
      diagnostics.info(line)
    }
    if worst != .success { throw ExitCode(worst.rawValue) }
  }

  /// "transcribed 2 recordings, 8 chunks, 34 s of audio in 3 s (11× real time)", in the user's language.
  private func summary(transcribed: Int, chunks: Int, seconds: Double, elapsed: Double, speed: Double) -> String {
    guard transcribed > 0 else {
      return tr(one: "transcribed \(transcribed) recording", other: "transcribed \(transcribed) recordings", count: 0)
    }
    let (audio, took, times) = (Int(seconds.rounded()), Int(elapsed.rounded()), Int(speed.rounded()))
    if chunks == 1 {
      // TRANSLATORS: the summary when the recordings held one chunk of speech; "×" reads "times".
      return tr(
        one: "transcribed \(transcribed) recording, 1 chunk, \(audio) s of audio in \(took) s (\(times)× real time)",
        other: "transcribed \(transcribed) recordings, 1 chunk, \(audio) s of audio in \(took) s (\(times)× real time)",
        count: transcribed)
    }
    // TRANSLATORS: the summary of a run: recordings, chunks of speech, seconds of audio, seconds it
    // took, and how many times faster than real time.
    return tr(
      one:
        "transcribed \(transcribed) recording, \(chunks) chunks, \(audio) s of audio in \(took) s (\(times)× real time)",
      other:
        "transcribed \(transcribed) recordings, \(chunks) chunks, \(audio) s of audio in \(took) s (\(times)× real time)",
      count: transcribed)
  }

  /// The status the run ends with: the first failure's, but an engine failure (75) outranks
  /// input problems.
  private func worse(_ current: ExitStatus, _ new: ExitStatus) -> ExitStatus {
    current == .success || new == .tempFailure ? new : current
  }

  private func status(for error: AudioError) -> ExitStatus {
    switch error.kind {
    case .unreadable: .noInput
    case .badData, .decoderFailed: .dataError
    case .decoderMissing: .unavailable
    }
  }

  /// A WAV file directly, anything else (or a WAV that is not plain PCM) through ffmpeg.
  private func open(_ file: String) throws(AudioError) -> any AudioSource {
    if file == "-" {
      if live { return RawPCMSource(descriptor: 0, name: "<stdin>", sampleRate: liveRate) }
      return try WAVSource(descriptor: 0, name: "<stdin>")
    }
    do {
      try InputFile.checkReadable(file)
    } catch {
      throw AudioError(.unreadable, error.message)
    }
    if file.lowercased().hasSuffix(".wav") || file.lowercased().hasSuffix(".wave") {
      do {
        return try WAVSource(path: file)
      } catch  where error.kind == .badData {
        diagnostics.debug(tr("\(error.message); decoding with ffmpeg"))
      }
    }
    return try FFmpegSource(path: file, executable: ffmpeg)
  }

  private func transcribe(_ source: inout any AudioSource, name: String, sink: OutputSink) async throws -> (
    seconds: Double, chunks: Int
  ) {
    let transcriber = Transcriber(
      settings: settings, engine: engine.map { carryPrompt ? PromptCarryingEngine($0) : $0 })
    var cues: [SubtitleFormat.Cue] = []
    var chunkRecords: [TranscriptChunkRecord] = []
    var shownSeconds = 0
    let progress =
      live || diagnostics.verbosity == .quiet
      ? nil : Progress(label: tr("\(name): seconds"), total: nil, diagnostics: diagnostics)
    let events = TranscriptionEvents(
      segment: { segment in
        guard segmentsOnly else { return }
        switch format {
        case .text: try sink.write("\(Self.seconds(segment.start))\t\(Self.seconds(segment.end))\n")
        default: try sink.emit(segment)
        }
      },
      chunk: { chunk in
        switch format {
        case .ndjson: try sink.emit(chunk)
        case .text: try sink.write(chunk.text + "\n")
        case .srt, .vtt:
          cues += SubtitleFormat.cues(
            start: chunk.start, end: chunk.end, text: chunk.text,
            words: (chunk.words ?? []).map { ($0.word, $0.start, $0.end) }, maxSeconds: cueMax)
        case .json: chunkRecords.append(chunk)
        }
      },
      progress: { position in
        let whole = Int(position)
        if whole > shownSeconds {
          progress?.advance(by: whole - shownSeconds)
          shownSeconds = whole
        }
      })
    let transcript = try await transcriber.run(&source, file: name, events: events)
    progress?.finish()
    guard let transcript else { return (0, 0) }
    switch format {
    case .ndjson: try sink.emit(transcript)
    case .text: break
    case .srt: try sink.write(SubtitleFormat.srt(cues))
    case .vtt: try sink.write(SubtitleFormat.vtt(cues))
    case .json:
      var document = transcript.members
      document["kind"] = nil
      document["chunks"] = .array(
        chunkRecords.map { chunk in
          var members = chunk.members
          for repeated in ["kind", "file", "engine"] { members[repeated] = nil }
          return .object(members)
        })
      try sink.emit(JSONValue.object(document))
    }
    return (transcript.duration, transcript.chunks)
  }

  /// `0.720`: seconds with milliseconds, for text output.
  static func seconds(_ value: Double) -> String {
    let milliseconds = Int((value * 1000).rounded())
    let fraction = milliseconds % 1000
    return "\(milliseconds / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
  }
}

/// `14 failed (a; b; c; …)`: how many failed and the first `shown` reasons, for a summary line
/// that stays one line however many fail (ToolKit's `Formatting.failures`, in the user's language).
enum Failures {
  static func text(_ reasons: some Collection<String>, shown: Int = 3) -> String {
    let listed = reasons.prefix(shown).joined(separator: "; ") + (reasons.count > shown ? "; …" : "")
    let count = reasons.count
    // TRANSLATORS: how many failed, then the first reasons: "2 failed (a: timeout; b: HTTP 500)".
    return tr(one: "\(count) failed (\(listed))", other: "\(count) failed (\(listed))", count: count)
  }
}
