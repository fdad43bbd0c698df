import ArgumentParser
import AsyncHTTPClient
import Audio
import Localization
import Resilience
import ToolKit
import Transcription
import Wire

struct AilTranscribe: AsyncParsableCommand, ToolCommand {
  static let configuration = CommandConfiguration(
    commandName: "ail-transcribe", abstract: tr("Turn recordings into text, cut into chunks at silences."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads each recording in blocks, finds the speech between silences as the original app did \
        (RMS per buffer of 1024 frames; a chunk ends after --silence-hold of silence; speech shorter \
        than --min-chunk waits that long for more; speech longer than --max-chunk is split at its \
        quietest point), and hands every chunk to the speech engine as soon as it is complete. \
        Chunk texts that only repeat the transcript are dropped (--keep-repeats keeps them).

        WAV is read directly (8/16/24/32-bit PCM or float, any channel count); everything else \
        (m4a/AAC, mp3, ogg, opus, flac, video) is decoded by ffmpeg. With --live, standard input is \
        raw signed 16-bit little-endian mono PCM at --rate, and each chunk is written the moment it \
        is committed.

        Output (--format ndjson): a transcript_chunk record per chunk (file, index, start, end, \
        text, engine, language, words when the engine gives them), then a transcript record per \
        file (file, text, duration, chunks). --segments-only writes segment records (file, index, \
        start, end) and recognises nothing. Times are seconds from the start of the recording.

        The threshold is -40 dBFS unless --silence-db or --sensitivity (the app's slider: 0 = 0.02, \
        1 = 0.003 RMS; the app's default was 0.85) says otherwise. Settings can also live in the \
        [ail-transcribe] section of ~/.config/ailo/config: engine, base_url, model, api_key_env, \
        api_key_file, api_key_cmd, model_dir, python, language, silence_db.

        faster-whisper runs in a Python that has it (pip install faster-whisper in a venv; \
        --python). One worker loads the model once and recognises every chunk. --model names \
        faster-whisper's model (default base; the .en ones know English only), taken from its \
        cache and fetched only with --download; --model-dir takes a CTranslate2 model folder. With \
        --language auto the detected language is reported with language_probability; below 0.5 the \
        locale's language is used, with a warning.

        Under a German locale (LANG=de_DE.UTF-8, or LANGUAGE=de) and without --language or a \
        configured language, the HTTP engines are asked for German (language=de); PocketSphinx, \
        which has no German model, says so in a warning and recognises US English as in every \
        other locale. An explicit --language de-DE with PocketSphinx is refused (status 69).
        """),
      environment: EngineOptions.environment,
      files: [("$XDG_CONFIG_HOME/ailo/config", tr("Defaults in the [ail-transcribe] section."))],
      examples: [
        Example("ail-transcribe memo.m4a --format text", tr("A voice memo as text, one chunk per line.")),
        Example(
          "arecord -f S16_LE -r 16000 -c 1 | ail-transcribe --live -", tr("Live transcription from the microphone.")),
        Example(
          "ail-transcribe --engine openai --base-url https://api.openai.com/v1 --language de-DE talk.mp3 --format srt > talk.srt",
          tr("German subtitles from OpenAI's Whisper.")),
        Example(
          "ail-transcribe --engine faster-whisper --python ~/.local/share/ailo/venv/bin/python --model small memo.m4a",
          tr("Offline with Whisper's small model (German too), from a venv that has faster-whisper.")),
        Example("ail-transcribe --segments-only interview.wav | jq -c '[.start, .end]'", tr("Where the speech is.")),
        Example(
          "ail-transcribe memo.m4a --format text | ail-ai --preset Tidy",
          tr("Transcribe, then clean up with a language model.")),
      ],
      exitStatuses: [
        (.success, nil),
        (.dataError, tr("A recording is not audio that can be decoded (the others were transcribed).")),
        (.noInput, tr("A recording could not be opened (the others were transcribed).")),
        (
          .unavailable,
          tr(
            "No engine can run: PocketSphinx, faster-whisper or a model missing, German asked of an English-only engine, ffmpeg missing."
          )
        ),
        (.tempFailure, tr("Some recordings failed at the engine (the others were transcribed).")),
        (.noPermission, tr("The server refused the API key.")),
        (.configError, tr("An engine setting is missing or wrong.")),
      ]),
    version: Toolbox.version)

  @Argument(
    help: ArgumentHelp(tr("Recordings; '-' for standard input (WAV, or raw PCM with --live)."), valueName: "file"),
    completion: .file())
  var files: [String] = []

  @Flag(
    help: ArgumentHelp(
      tr("Standard input is raw s16le mono PCM at --rate; write each chunk as soon as it is committed.")))
  var live = false

  @Option(
    help: Self.rateRange.help(tr("Sample rate of --live input."), valueName: "hz", default: 16000),
    transform: Self.rateRange.parse)
  var rate = 16000

  static let rateRange = NumberRange(1000...384_000)

  @Option(
    help: ArgumentHelp(
      tr(
        "de-DE, en-US, en-GB or auto (the engine decides). Default: auto; de-DE under a German locale with an HTTP engine."
      ), valueName: "language"))
  var language: String?

  @OptionGroup(title: "Segmentation") var segmentation: SegmentationOptions

  @Option(
    help: ArgumentHelp(
      tr("ndjson (records), text (one chunk per line), srt, vtt or json (one document per recording)."),
      valueName: "format"
    ))
  var format: OutputFormat = .ndjson

  @Option(
    help: Self.cueMaxRange.help(
      tr("srt and vtt: cut a chunk longer than this into cues between words (when the engine gives word times)."),
      valueName: "seconds"),
    transform: Self.cueMaxRange.parse)
  var cueMax: Double?

  static let cueMaxRange = NumberRange(0.5...3600.0)

  @Flag(help: ArgumentHelp(tr("Keep chunk texts that repeat the transcript.")))
  var keepRepeats = false

  @Option(help: ArgumentHelp(tr("The ffmpeg to decode non-WAV recordings with."), valueName: "path"))
  var ffmpeg = "ffmpeg"

  @OptionGroup(title: "Engine") var engineOptions: EngineOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if live && files.count > 1 || live && files.first.map({ $0 != "-" }) == true {
      throw ValidationError(tr("--live reads standard input: give '-' or no file."))
    }
    if !live && files.isEmpty {
      throw ValidationError(tr("Name a recording, or use --live - for raw PCM on standard input."))
    }
    if format.isWholeDocument && (files.count > 1) {
      throw ValidationError(
        tr("--format \(format.rawValue) writes one document: give one recording (or use ndjson or text)."))
    }
    if cueMax != nil && format != .srt && format != .vtt {
      throw ValidationError(tr("--cue-max cuts subtitles: use it with --format srt or vtt."))
    }
    if segmentation.segmentsOnly && format != .ndjson && format != .text {
      throw ValidationError(tr("--segments-only writes ndjson or text."))
    }
  }

  func run() async throws {
    let diagnostics = common.diagnostics(for: "ail-transcribe")
    try await runTool(diagnostics) {
      let configuration = Configuration(tool: "ail-transcribe", file: try ConfigFile.load(app: "ailo"))
      let asked = try resolveLanguage(configuration)
      let segmenter = try segmentation.settings(configuration: configuration)
      var speechLanguage = asked ?? .auto
      var engine: (any SpeechEngine)?
      var http: HTTPClient?
      if !segmentation.segmentsOnly {
        let (made, client) = try engineOptions.make(configuration: configuration, diagnostics: diagnostics)
        if made is PocketSphinxEngine && speechLanguage == .german {
          throw ToolError(
            .unavailable,
            tr(
              "pocketsphinx recognises US English only; for de-DE use --engine faster-whisper, --engine openai (OpenAI, Groq, speaches, LocalAI) or --engine whisper-server"
            ))
        }
        let englishOnly = made as? FasterWhisperEngine
        if let englishOnly, !englishOnly.isMultilingual, speechLanguage == .german {
          throw ToolError(
            .unavailable,
            tr(
              "faster-whisper: this model knows English only; for de-DE use a multilingual one (--model base or small, without .en)"
            ))
        }
        // A German user who names no language speaks German: the engines that know German are
        // asked for it; one that does not says so and recognises English as before.
        if asked == nil, Language.current == .german {
          if made is PocketSphinxEngine {
            diagnostics.warning(
              tr(
                "pocketsphinx has no German model and recognises US English only; for German use --engine faster-whisper, --engine openai or --engine whisper-server (--language en-US silences this)"
              ))
          } else if let englishOnly, !englishOnly.isMultilingual {
            diagnostics.warning(
              tr(
                "faster-whisper: this model knows English only; for German use a multilingual one (--model base or small, without .en; --language en-US silences this)"
              ))
          } else {
            speechLanguage = .german
          }
        }
        engine = made
        http = client
      }
      var settings = TranscriptionSettings(segmenter: segmenter, language: speechLanguage, keepRepeats: keepRepeats)
      if live { settings.readFrames = settings.segmenter.bufferFrames }
      let run = TranscriptionRun(
        settings: settings, engine: engine, carryPrompt: engineOptions.carryPrompt, format: format,
        cueMax: cueMax, segmentsOnly: segmentation.segmentsOnly, live: live, liveRate: rate, ffmpeg: ffmpeg,
        diagnostics: diagnostics)
      try await shuttingDown(http) { try await run.transcribe(live ? ["-"] : files) }
    }
  }

  /// The language asked for with --language or the config; nil when neither names one.
  private func resolveLanguage(_ configuration: Configuration) throws -> SpeechLanguage? {
    guard let setting = configuration.resolve(flag: ("--language", language), variable: nil, key: "language") else {
      return nil
    }
    guard
      let parsed = SpeechLanguage(rawValue: setting.value)
        ?? SpeechLanguage.allCases.first(where: { $0.rawValue.lowercased() == setting.value.lowercased() })
    else {
      throw ToolError(
        .usage, tr("\(setting.source): language \(setting.value) is not one of de-DE, en-US, en-GB, auto"))
    }
    return parsed
  }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case ndjson, text, srt, vtt, json

  /// Formats written once the whole recording is done.
  var isWholeDocument: Bool { self == .srt || self == .vtt || self == .json }
}
