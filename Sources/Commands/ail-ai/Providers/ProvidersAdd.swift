import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
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
        let provider = try await described(diagnostics: diagnostics)
        try store.change { contents in
          for target in provider.fallback where target.provider != name && contents[target.provider] == nil {
            diagnostics.warning(tr("fallback provider \(target.provider) is not configured yet"))
          }
          if let index = contents.providers.firstIndex(where: { $0.name == name }) {
            contents.providers[index] = provider
          } else {
            contents.providers.append(provider)
          }
          if makeDefault || contents.defaultProvider == nil { contents.defaultProvider = name }
        }
      }
    }

    /// The provider the options describe; without --type, the server is asked what it is.
    private func described(diagnostics: Diagnostics) async throws -> Provider {
      let base = Endpoints.normalize(baseURL)!
      var provider = Provider(
        name: name, type: type ?? .openai, baseURL: base, model: model,
        temperature: try temperature.map(Temperature.init(parsing:)),
        connectTimeout: connectTimeout, timeout: timeout,
        apiKey: apiKeyEnv.map { .environment($0) } ?? apiKeyFile.map { .file($0) } ?? apiKeyCmd.map { .command($0) }
          ?? apiKey.map { .literal($0) },
        fallback: try fallback.map(FallbackTarget.init(parsing:)), contextLength: contextLength)
      guard type == nil else { return provider }
      let known = provider
      guard
        let found = try await ProviderChain.type(
          of: known, connectTimeout: connectTimeout ?? 10,
          resolve: { try ProviderOptions().resolve(known, diagnostics: diagnostics) })
      else {
        throw ToolError(
          .unavailable, tr("\(base) answers neither /v1/models nor /api/tags: give --type openai, mistral or ollama"))
      }
      provider.type = found
      diagnostics.info(tr("\(name): type \(provider.type.rawValue)"))
      return provider
    }
  }
}
