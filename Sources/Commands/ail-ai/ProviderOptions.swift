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
    let first = try await primary(contents, diagnostics: diagnostics)
    if !modelRequired { return [(try resolve(first, diagnostics: diagnostics), model ?? first.model ?? "")] }
    guard let model = model ?? first.model else {
      throw ToolError(
        .configError,
        tr("no model: give --model or set one for provider \(first.name) (ail-ai providers add … --model)"))
    }
    var chain = [(try resolve(first, diagnostics: diagnostics), model)]
    var seen: Set<String> = ["\(first.name):\(model)"]
    for target in first.fallback {
      guard let provider = contents[target.provider] else {
        throw ToolError(
          .configError, tr("provider \(first.name) falls back to \(target.provider), which is not configured"))
      }
      guard let fallbackModel = target.model ?? provider.model else {
        throw ToolError(.configError, tr("fallback \(target) names no model and provider \(provider.name) has none"))
      }
      guard seen.insert("\(provider.name):\(fallbackModel)").inserted else { continue }
      chain.append((try resolve(provider, diagnostics: diagnostics), fallbackModel))
    }
    return chain
  }

  private func primary(_ contents: ProviderStore.Contents, diagnostics: Diagnostics) async throws -> Provider {
    if let baseURL {
      guard let base = Endpoints.normalize(baseURL) else {
        throw ToolError(.usage, tr("--base-url is not an http(s) URL: \(baseURL)"))
      }
      var provider = Provider(name: Endpoints.authority(of: base), type: type ?? .openai, baseURL: base)
      if let apiKeyEnv { provider.apiKey = .environment(apiKeyEnv) }
      if type == nil {
        if let detected = Endpoints.detect(base) {
          provider.type = detected
        } else if let probed = await probe(base, provider, diagnostics: diagnostics) {
          provider.type = probed
        }
      }
      return provider
    }
    let name = provider ?? Environment.current["AIL_AI_PROVIDER"] ?? contents.defaultProvider
    guard let name else {
      throw ToolError(
        .configError,
        contents.providers.isEmpty
          ? tr(
            "no provider configured: add one with 'ail-ai providers add NAME --base-url URL --model MODEL', or give --base-url"
          )
          : tr(
            "no default provider: give --provider (configured: \(contents.providers.map(\.name).joined(separator: ", ")))"
          )
      )
    }
    guard let found = contents[name] else {
      throw ToolError(
        .configError, tr("no provider \(name) (configured: \(contents.providers.map(\.name).joined(separator: ", ")))"))
    }
    return found
  }

  private func probe(_ base: String, _ provider: Provider, diagnostics: Diagnostics) async -> ProviderType? {
    guard let resolved = try? resolve(provider, diagnostics: diagnostics) else { return nil }
    let type = try? await withHTTPClient(connectTimeout: 5) { http in await ModelList.probe(resolved, http: http) }
    if let type { diagnostics.debug(tr("\(base) answers as \(type.rawValue)")) }
    return type
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
