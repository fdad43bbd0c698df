import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

/// `ail-ai providers list|add|remove|default|show|test`.
struct ProvidersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "providers",
    abstract: tr("Configure the language-model providers: OpenAI-compatible servers and Ollama."),
    discussion: HelpText.discussion(
      tr(
        """
        Providers live in $XDG_CONFIG_HOME/ailo/providers.json (mode 0600): name, type, base \
        URL, model, temperature (or "omit" for models that only accept their default), timeouts, \
        where the API key comes from, and a fallback chain of PROVIDER:MODEL pairs tried in order \
        when the provider fails. API keys are not stored there unless given with --api-key, and \
        are never printed.
        """),
      environment: ProviderOptions.environment,
      files: [("$XDG_CONFIG_HOME/ailo/providers.json", tr("The providers."))],
      examples: [
        Example(
          "ail-ai providers add local --base-url http://localhost:11434 --model llama3.2",
          tr("Ollama on this machine (type detected).")),
        Example(
          "ail-ai providers add openai --base-url https://api.openai.com/v1 --model gpt-4o-mini --api-key-cmd 'pass show openai' --fallback local:llama3.2",
          tr("OpenAI with its key from pass, falling back to the local model.")),
        Example("ail-ai providers default openai", tr("Use it when --provider is not given.")),
        Example("ail-ai providers test openai", tr("List its models and ask for a short answer.")),
      ],
      exitStatuses: [
        (.success, nil), (.failure, tr("No such provider.")),
        (.unavailable, tr("test: the provider cannot be reached.")),
        (.configError, nil),
      ]),
    subcommands: [List.self, Add.self, Remove.self, Default.self, Show.self, Test.self])

  struct Store: ParsableArguments {
    @Option(help: ArgumentHelp(tr("Where providers are kept."), valueName: "path"), completion: .file())
    var providers: String?

    var store: ProviderStore {
      ProviderStore(path: providers ?? ProviderStore.defaultPath(environment: Environment.current))
    }

    func load() throws -> ProviderStore.Contents {
      do { return try store.load() } catch let error as ProviderConfigError {
        throw ToolError(.configError, error.description)
      }
    }

    func save(_ contents: ProviderStore.Contents) throws {
      do { try store.save(contents) } catch let error as ProviderConfigError {
        throw ToolError(.ioError, error.description)
      }
    }

    func provider(_ name: String, in contents: ProviderStore.Contents) throws -> Provider {
      guard let provider = contents[name] else {
        let configured = contents.providers.map(\.name).joined(separator: ", ")
        throw ToolError(
          .failure,
          contents.providers.isEmpty
            ? tr("no provider \(name)") : tr("no provider \(name) (configured: \(configured))"))
      }
      return provider
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: tr("List the providers: name, type, base URL, model; * marks the default."))
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() throws {
      try runTool(common.diagnostics(for: "ail-ai")) {
        let contents = try store.load()
        let rows = contents.providers.map { provider in
          [
            (contents.defaultProvider == provider.name ? "* " : "  ") + provider.name, provider.type.rawValue,
            provider.baseURL, provider.model ?? "-",
          ]
        }
        try OutputSink.standardOutput.write(rows.map { $0.joined(separator: "\t") + "\n" }.joined())
        try OutputSink.standardOutput.flush()
      }
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: tr("Add a provider, or replace one of the same name."),
      discussion:
        tr(
          "Without --type the type comes from the URL (openai.com, mistral.ai, port 11434, a path ending in /api or /v1) or, failing that, from asking the server: /v1/models, then /api/tags."
        )
    )
    @Argument(help: ArgumentHelp(tr("The provider's name."))) var name: String
    @Option(help: ArgumentHelp(tr("openai, mistral or ollama."), valueName: "type")) var type: ProviderType?
    @Option(
      help: ArgumentHelp(tr("The server, e.g. https://api.openai.com/v1 or http://localhost:11434."), valueName: "url"))
    var baseURL: String
    @Option(help: ArgumentHelp(tr("The model to ask by default."), valueName: "name")) var model: String?
    @Option(help: ArgumentHelp(tr("0–2, or omit (send none)."), valueName: "t")) var temperature: String?
    @Option(
      help: NumberRange.timeout.help(tr("Seconds to connect."), valueName: "seconds", default: 10),
      transform: NumberRange.timeout.parse)
    var connectTimeout: Double?
    @Option(
      help: NumberRange.timeout.help(
        tr(
          "Seconds for a whole answer; a streamed answer may take longer while words keep coming, but never this long without a byte."
        ),
        valueName: "seconds", default: 300),
      transform: NumberRange.timeout.parse)
    var timeout: Double?
    @Option(
      help: Add.contextRange.help(tr("Ollama: the context window to ask for, in tokens."), valueName: "tokens"),
      transform: Add.contextRange.parse)
    var contextLength: Int?

    static let contextRange = NumberRange(1...100_000_000)
    @Option(help: ArgumentHelp(tr("The environment variable holding the API key."), valueName: "name")) var apiKeyEnv:
      String?
    @Option(help: ArgumentHelp(tr("A file whose first line is the API key."), valueName: "path")) var apiKeyFile:
      String?
    @Option(help: ArgumentHelp(tr("A command printing the API key, e.g. 'pass show openai'."), valueName: "command"))
    var apiKeyCmd: String?
    @Option(
      help: ArgumentHelp(tr("The API key itself (stored in providers.json; prefer the other forms)."), valueName: "key")
    )
    var apiKey: String?
    @Option(
      help: ArgumentHelp(
        tr("PROVIDER:MODEL to try when this one fails; repeatable, in order."), valueName: "provider:model"))
    var fallback: [String] = []
    @Flag(name: .customLong("default"), help: ArgumentHelp(tr("Make it the default provider."))) var makeDefault = false
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func validate() throws {
      if [apiKeyEnv, apiKeyFile, apiKeyCmd, apiKey].compactMap({ $0 }).count > 1 {
        throw ValidationError(tr("Give at most one of --api-key-env, --api-key-file, --api-key-cmd and --api-key."))
      }
      if let temperature { _ = try Temperature(parsing: temperature) }
      if Endpoints.normalize(baseURL) == nil { throw ValidationError(tr("--base-url must be an http or https URL.")) }
      for target in fallback { _ = try FallbackTarget(parsing: target) }
    }

    func run() async throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try await runTool(diagnostics) {
        var contents = try store.load()
        let base = Endpoints.normalize(baseURL)!
        var provider = Provider(
          name: name, type: type ?? .openai, baseURL: base, model: model,
          temperature: try temperature.map(Temperature.init(parsing:)),
          connectTimeout: connectTimeout, timeout: timeout,
          apiKey: apiKeyEnv.map { .environment($0) } ?? apiKeyFile.map { .file($0) } ?? apiKeyCmd.map { .command($0) }
            ?? apiKey.map { .literal($0) },
          fallback: try fallback.map(FallbackTarget.init(parsing:)), contextLength: contextLength)
        if type == nil {
          let known = provider
          guard
            let found = try await ProviderChain.type(
              of: known, connectTimeout: connectTimeout ?? 10,
              resolve: { try ProviderOptions().resolve(known, diagnostics: diagnostics) })
          else {
            throw ToolError(
              .unavailable,
              tr("\(base) answers neither /v1/models nor /api/tags: give --type openai, mistral or ollama"))
          }
          provider.type = found
          diagnostics.info(tr("\(name): type \(provider.type.rawValue)"))
        }
        for target in provider.fallback where target.provider != name && contents[target.provider] == nil {
          diagnostics.warning(tr("fallback provider \(target.provider) is not configured yet"))
        }
        if let index = contents.providers.firstIndex(where: { $0.name == name }) {
          contents.providers[index] = provider
        } else {
          contents.providers.append(provider)
        }
        if makeDefault || contents.defaultProvider == nil { contents.defaultProvider = name }
        try store.save(contents)
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Remove a provider."))
    @Argument(help: ArgumentHelp(tr("The provider's name."))) var name: String
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        var contents = try store.load()
        _ = try store.provider(name, in: contents)
        contents.providers.removeAll { $0.name == name }
        if contents.defaultProvider == name { contents.defaultProvider = contents.providers.first?.name }
        for provider in contents.providers where provider.fallback.contains(where: { $0.provider == name }) {
          diagnostics.warning(tr("provider \(provider.name) still falls back to \(name)"))
        }
        try store.save(contents)
      }
    }
  }

  struct Default: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "default", abstract: tr("Set the provider used when --provider is not given."))
    @Argument(help: ArgumentHelp(tr("The provider's name."))) var name: String
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() throws {
      try runTool(common.diagnostics(for: "ail-ai")) {
        var contents = try store.load()
        _ = try store.provider(name, in: contents)
        contents.defaultProvider = name
        try store.save(contents)
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: tr("Show one provider's settings (never its key)."))
    @Argument(help: ArgumentHelp(tr("The provider's name."))) var name: String
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() throws {
      try runTool(common.diagnostics(for: "ail-ai")) {
        let contents = try store.load()
        let provider = try store.provider(name, in: contents)
        var lines = [
          "name: \(provider.name)" + (contents.defaultProvider == name ? " (default)" : ""),
          "type: \(provider.type.rawValue)",
          "base_url: \(provider.baseURL)", "port: \(Endpoints.port(of: provider.baseURL).map(String.init) ?? "-")",
          "chat: \(Endpoints.chat(provider.baseURL, provider.type))", "model: \(provider.model ?? "-")",
          "temperature: \(provider.temperature?.description ?? "provider default")",
          "connect_timeout: \(provider.connectTimeout ?? 10) s", "timeout: \(provider.timeout ?? 300) s",
        ]
        if let context = provider.contextLength { lines.append("context_length: \(context)") }
        let key: String =
          switch provider.apiKey {
          case .environment(let variable): "environment variable \(variable)"
          case .file(let path): "file \(path)"
          case .command: "a command (not shown)"
          case .literal: "stored in the providers file (not shown)"
          case nil: "none"
          }
        lines.append("api_key: \(key)")
        lines.append(
          "fallback: \(provider.fallback.isEmpty ? "-" : provider.fallback.map(\.description).joined(separator: ", "))")
        try OutputSink.standardOutput.write(lines.joined(separator: "\n") + "\n")
        try OutputSink.standardOutput.flush()
      }
    }
  }

  struct Test: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "test", abstract: tr("Check a provider: list its models, then ask its model for a short answer."))
    @Argument(help: ArgumentHelp(tr("The provider's name (default: the default provider)."))) var name: String?
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() async throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try await runTool(diagnostics) {
        let contents = try store.load()
        guard let chosen = name ?? contents.defaultProvider else {
          throw ToolError(.configError, tr("no default provider: name one"))
        }
        let provider = try store.provider(chosen, in: contents)
        let resolved = try ProviderOptions().resolve(provider, diagnostics: diagnostics)
        let sink = OutputSink.standardOutput
        try await withHTTPClient(connectTimeout: provider.connectTimeout ?? 10) { http in
          do {
            let started = ContinuousClock.now
            let models = try await ModelList.fetch(resolved, http: http)
            try sink.write(
              "models: \(models.count) (\(models.prefix(8).joined(separator: ", "))\(models.count > 8 ? ", …" : ""))\n")
            if let model = provider.model {
              if !ModelList.contains(models, model) { diagnostics.warning(tr("model \(model) is not among them")) }
              let rewriter = Rewriter(chain: [(resolved, model)], options: .init(policy: .none, cache: nil))
              try await rewriter.closing {
                let answer = try await rewriter.rewrite(
                  ChatRequest(
                    system: "", input: "Answer with the single word OK.", model: model, maxTokens: 16, stream: false))
                let elapsed = started.duration(to: .now).components
                let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
                try sink.write(
                  "answer: \(answer.text.split(whereSeparator: \.isNewline).first.map { $0.prefix(80) } ?? "") (\(milliseconds) ms)\n"
                )
              }
            }
            try sink.flush()
          } catch let error as ChatError {
            throw ToolError(error.exitStatus, error.description)
          }
        }
      }
    }
  }
}
