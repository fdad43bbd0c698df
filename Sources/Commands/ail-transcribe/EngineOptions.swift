import ArgumentParser
import AsyncHTTPClient
import Localization
import ToolKit
import Transcription

/// Which engine recognises speech, and how to reach it.
struct EngineOptions: ParsableArguments, TimeoutDefault, RetriesDefault {
  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case pocketsphinx
    case fasterWhisper = "faster-whisper"
    case openai
    case whisperServer = "whisper-server"
  }

  @Option(
    help: ArgumentHelp(
      tr(
        "pocketsphinx (offline, US English), faster-whisper (offline, Whisper models, German too; needs a Python with faster-whisper), openai (any OpenAI-compatible /audio/transcriptions: OpenAI, Groq, speaches, LocalAI) or whisper-server (whisper.cpp). Default: the config's engine, else pocketsphinx when installed."
      ),
      valueName: "engine"))
  var engine: Kind?

  @Option(
    help: ArgumentHelp(tr("The server for openai or whisper-server, e.g. http://localhost:8000/v1."), valueName: "url"))
  var baseURL: String?

  @Option(
    help: ArgumentHelp(
      tr(
        "The model to ask for: openai's (default whisper-1), or faster-whisper's name (tiny, base, small, tiny.en…; default base)."
      ), valueName: "name"))
  var model: String?

  @Option(
    help: ArgumentHelp(tr("The Python that has faster-whisper (default python3)."), valueName: "path"),
    completion: .file())
  var python: String?

  @Flag(
    help: ArgumentHelp(
      tr("Let faster-whisper fetch a --model that is not on this machine (once; it is kept in its cache).")))
  var download = false

  @Option(
    help: ArgumentHelp(
      tr("Environment variable holding the API key (default OPENAI_API_KEY, when set)."), valueName: "name"))
  var apiKeyEnv: String?

  @Option(help: ArgumentHelp(tr("File whose first line is the API key."), valueName: "file"), completion: .file())
  var apiKeyFile: String?

  @Option(help: ArgumentHelp(tr("Command that prints the API key, e.g. 'pass show openai'."), valueName: "command"))
  var apiKeyCmd: String?

  @Option(
    help: ArgumentHelp(
      tr("PocketSphinx model folder, or a CTranslate2 Whisper model folder for faster-whisper."), valueName: "dir"),
    completion: .directory)
  var modelDir: String?

  @Flag(
    help: ArgumentHelp(tr("Never send audio over the network: refuse the HTTP engines (the app's on-device switch).")))
  var offline = false

  @Flag(
    help: ArgumentHelp(
      tr("Send each chunk's predecessor's text as the prompt (HTTP engines), for consistent spelling.")))
  var carryPrompt = false

  @OptionGroup var timeout: TimeoutOption<EngineOptions>
  @OptionGroup var retries: RetriesOption<EngineOptions>
  static var timeoutDefault: (seconds: Double, help: String) {
    (600, tr("Seconds for one chunk's request, upload and answer."))
  }
  static var retriesDefault: (count: Int, help: String) {
    (2, tr("Retries of a chunk after a failure that may pass (connection, 429, 5xx)."))
  }

  static let environment: [(String, String)] = [
    (
      "OPENAI_API_KEY",
      tr("The API key for --engine openai, unless --api-key-env, --api-key-file or --api-key-cmd says otherwise.")
    ),
    ("XDG_CONFIG_HOME", tr("Where ailo/config is read from (default ~/.config).")),
    (
      "HF_HOME",
      tr("Where faster-whisper keeps the models it fetched with --download (default ~/.cache/huggingface).")
    ),
  ]

  /// The engine to use, made ready (library loaded, key read); the HTTP client to shut down after.
  func make(configuration: Configuration, diagnostics: Diagnostics) throws -> (any SpeechEngine, HTTPClient?) {
    let configured = configuration.resolve(flag: ("--engine", engine?.rawValue), variable: nil, key: "engine")
    let kind: Kind
    if let configured {
      guard let parsed = Kind(rawValue: configured.value) else {
        throw ToolError(
          .configError,
          tr(
            "\(configured.source): unknown engine \(configured.value) (pocketsphinx, faster-whisper, openai, whisper-server)"
          ))
      }
      kind = parsed
    } else if PocketSphinxEngine.isInstalled {
      kind = .pocketsphinx
    } else {
      throw ToolError(
        .unavailable,
        tr(
          "no speech engine: install PocketSphinx (apt-get install libpocketsphinx3 pocketsphinx-en-us) or use --engine openai|whisper-server --base-url URL"
        )
      )
    }
    if kind == .pocketsphinx {
      let directory = configuration.resolve(flag: ("--model-dir", modelDir), variable: nil, key: "model_dir")?.value
      do {
        return (try PocketSphinxEngine(modelDirectory: directory ?? PocketSphinxEngine.defaultModelDirectory), nil)
      } catch let error as TranscriptionError {
        throw ToolError(.unavailable, error.message)
      }
    }
    if kind == .fasterWhisper {
      return (try makeFasterWhisper(configuration: configuration, diagnostics: diagnostics), nil)
    }
    if offline {
      throw ToolError(
        .usage,
        tr(
          "--offline refuses --engine \(kind.rawValue), which sends audio to a server; use pocketsphinx or faster-whisper"
        ))
    }
    guard let base = configuration.resolve(flag: ("--base-url", baseURL), variable: nil, key: "base_url")?.value else {
      throw ToolError(
        .configError,
        tr("--engine \(kind.rawValue) needs --base-url (or base_url in the [ail-transcribe] section of the config)"))
    }
    let key = try apiKey(configuration: configuration, diagnostics: diagnostics, required: false)
    let http = HTTPTranscriptionEngine.makeHTTPClient()
    do {
      let engine = try HTTPTranscriptionEngine(
        style: kind == .openai ? .openAI : .whisperServer, baseURL: base,
        model: configuration.resolve(flag: ("--model", model), variable: nil, key: "model")?.value,
        apiKey: key?.reveal(), http: http, timeout: timeout.seconds,
        retries: HTTPTranscriptionEngine.Retries(maxRetries: retries.count), onRetry: { diagnostics.warning($0) })
      return (engine, http)
    } catch let error as TranscriptionError {
      try? http.syncShutdown()
      throw ToolError(.configError, error.message)
    }
  }

  /// faster-whisper in a worker of the configured Python, its model loaded. Detection that is
  /// less than half sure falls back to the locale's language.
  private func makeFasterWhisper(configuration: Configuration, diagnostics: Diagnostics) throws -> FasterWhisperEngine {
    if offline && download {
      throw ToolError(.usage, tr("--offline and --download contradict each other: --download fetches a model"))
    }
    let python = configuration.resolve(flag: ("--python", python), variable: nil, key: "python")?.value ?? "python3"
    let model: FasterWhisperEngine.Model
    if let directory = configuration.resolve(flag: ("--model-dir", modelDir), variable: nil, key: "model_dir")?.value {
      model = .directory(directory)
    } else {
      model = .named(
        configuration.resolve(flag: ("--model", self.model), variable: nil, key: "model")?.value
          ?? FasterWhisperEngine.defaultModel)
    }
    do {
      return try FasterWhisperEngine(
        python: python, model: model, download: download, timeout: .seconds(timeout.seconds),
        fallback: Language.current == .german ? .german : .usEnglish, environment: configuration.environment,
        warn: { diagnostics.warning($0) })
    } catch let error as TranscriptionError {
      throw ToolError(.unavailable, error.message)
    }
  }

  /// The key from a flag's source, the config, or OPENAI_API_KEY when it is set; nil without one.
  private func apiKey(configuration: Configuration, diagnostics: Diagnostics, required: Bool) throws -> Secret? {
    let source: SecretSource
    if let file = configuration.resolve(flag: ("--api-key-file", apiKeyFile), variable: nil, key: "api_key_file")?.value
    {
      source = .file(file)
    } else if let command = configuration.resolve(
      flag: ("--api-key-cmd", apiKeyCmd), variable: nil, key: "api_key_cmd")?.value
    {
      source = .command(command)
    } else if let name = configuration.resolve(flag: ("--api-key-env", apiKeyEnv), variable: nil, key: "api_key_env")?
      .value
    {
      source = .environment(name)
    } else if configuration.environment["OPENAI_API_KEY"]?.isEmpty == false {
      source = .environment("OPENAI_API_KEY")
    } else {
      return nil
    }
    return try Secret.load(source, what: "API key", diagnostics: diagnostics, environment: configuration.environment)
  }
}
