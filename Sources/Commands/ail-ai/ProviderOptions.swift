public import ArgumentParser
import Localization
import Resilience
public import Rewrite
import ToolKit

/// Which provider and model to ask, for every command that talks to one: a configured provider
/// (`--provider`, else the configured default), or one given on the command line with
/// `--base-url` (and `--type`, `--api-key-env`), which needs no providers file at all.
struct ProviderOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(tr("A configured provider (default: the one set with 'providers default')."), valueName: "name"))
  var provider: String?

  @Option(help: ArgumentHelp(tr("The model (default: the provider's)."), valueName: "name")) var model: String?

  @Option(help: ArgumentHelp(tr("A provider not in the providers file: its base URL."), valueName: "url")) var baseURL:
    String?

  @Option(
    help: ArgumentHelp(
      tr("With --base-url: openai, mistral or ollama (default: from the URL, else asked)."), valueName: "type"))
  var type: ProviderType?

  @Option(help: ArgumentHelp(tr("With --base-url: the environment variable holding the API key."), valueName: "name"))
  var apiKeyEnv: String?

  @Option(help: ArgumentHelp(tr("Where providers are kept."), valueName: "path"), completion: .file())
  var providers: String?

  static let environment: [(String, String)] = [
    ("AIL_AI_PROVIDER", tr("The provider to use when --provider is not given.")),
    ("XDG_CONFIG_HOME", tr("Holds ailo/providers.json (default ~/.config).")),
  ]

  var storePath: String { providers ?? ProviderStore.defaultPath(environment: Environment.current) }

  func load() throws -> ProviderStore.Contents {
    do { return try ProviderStore(path: storePath).load() } catch let error as ProviderConfigError {
      throw ToolError(.configError, error.description)
    }
  }

  /// The chain to ask: the chosen provider with the chosen model, then its fallbacks, each with
  /// its key read once (from the environment, a file or a command; never printed).
  func chain(diagnostics: Diagnostics, modelRequired: Bool = true) async throws -> [(
    provider: ResolvedProvider, model: String
  )] {
    let contents = try load()
    do {
      let first = try await primary(contents, diagnostics: diagnostics)
      if !modelRequired { return [(try resolve(first, diagnostics: diagnostics), model ?? first.model ?? "")] }
      return try ProviderChain.entries(first: first, model: model, contents: contents).map {
        (try resolve($0.provider, diagnostics: diagnostics), $0.model)
      }
    } catch let problem as ProviderChain.Problem {
      throw ToolError(.configError, problem.description)
    }
  }

  private func primary(_ contents: ProviderStore.Contents, diagnostics: Diagnostics) async throws -> Provider {
    guard let baseURL else {
      return try ProviderChain.provider(named: provider ?? Environment.current["AIL_AI_PROVIDER"], in: contents)
    }
    guard let base = Endpoints.normalize(baseURL) else {
      throw ToolError(.usage, tr("--base-url is not an http(s) URL: \(baseURL)"))
    }
    var provider = Provider(name: Endpoints.authority(of: base), type: type ?? .openai, baseURL: base)
    if let apiKeyEnv { provider.apiKey = .environment(apiKeyEnv) }
    if type == nil,
      let found = try? await ProviderChain.type(
        of: provider, connectTimeout: 5, resolve: { try resolve(provider, diagnostics: diagnostics) })
    {
      if Endpoints.detect(base) == nil { diagnostics.debug(tr("\(base) answers as \(found.rawValue)")) }
      provider.type = found
    }
    return provider
  }

  func resolve(_ provider: Provider, diagnostics: Diagnostics) throws -> ResolvedProvider {
    // TRANSLATORS: what a secret is, in messages such as "cannot read {0}".
    let what = tr("API key of provider \(provider.name)")
    let key: String? =
      switch provider.apiKey {
      case .environment(let name): try Secret.load(.environment(name), what: what, diagnostics: diagnostics).reveal()
      case .file(let path): try Secret.load(.file(path), what: what, diagnostics: diagnostics).reveal()
      case .command(let command): try Secret.load(.command(command), what: what, diagnostics: diagnostics).reveal()
      case .literal(let key): key
      case nil: nil
      }
    return ResolvedProvider(provider, apiKey: key)
  }
}

extension ProviderType: ExpressibleByArgument {}
