import Localization
import Resilience

/// Which providers a rewrite asks, in order: the chosen one with its model, then its fallbacks,
/// each with the model that provider knows, each pair once.
public enum ProviderChain {
  /// Why no chain could be made, in words for the user.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    case noModel(provider: String)
    case fallbackNotConfigured(from: String, to: String)
    case fallbackWithoutModel(target: FallbackTarget, provider: String)
    case noProviderConfigured
    case noDefault(configured: [String])
    case unknown(name: String, configured: [String])

    public var description: String {
      switch self {
      case .noModel(let provider):
        tr("no model: give --model or set one for provider \(provider) (ail-ai providers add … --model)")
      case .fallbackNotConfigured(let from, let to):
        tr("provider \(from) falls back to \(to), which is not configured")
      case .fallbackWithoutModel(let target, let provider):
        tr("fallback \(target) names no model and provider \(provider) has none")
      case .noProviderConfigured:
        tr(
          "no provider configured: add one with 'ail-ai providers add NAME --base-url URL --model MODEL', or give --base-url"
        )
      case .noDefault(let configured):
        tr("no default provider: give --provider (configured: \(configured.joined(separator: ", ")))")
      case .unknown(let name, let configured):
        tr("no provider \(name) (configured: \(configured.joined(separator: ", ")))")
      }
    }
  }

  /// The configured provider named `name` (given, or from the environment), else the default.
  public static func provider(named name: String?, in contents: ProviderStore.Contents) throws(Problem) -> Provider {
    let configured = contents.providers.map(\.name)
    guard let name = name ?? contents.defaultProvider else {
      throw configured.isEmpty ? .noProviderConfigured : .noDefault(configured: configured)
    }
    guard let found = contents[name] else { throw .unknown(name: name, configured: configured) }
    return found
  }

  /// `first` with `model` (else its own), then its fallbacks from `contents`, each pair once.
  public static func entries(first: Provider, model: String?, contents: ProviderStore.Contents) throws(Problem)
    -> [(provider: Provider, model: String)]
  {
    guard let model = model ?? first.model else { throw .noModel(provider: first.name) }
    var chain = [(provider: first, model: model)]
    var seen: Set<String> = ["\(first.name):\(model)"]
    for target in first.fallback {
      guard let provider = contents[target.provider] else {
        throw .fallbackNotConfigured(from: first.name, to: target.provider)
      }
      guard let fallbackModel = target.model ?? provider.model else {
        throw .fallbackWithoutModel(target: target, provider: provider.name)
      }
      guard seen.insert("\(provider.name):\(fallbackModel)").inserted else { continue }
      chain.append((provider, fallbackModel))
    }
    return chain
  }

  /// The protocol of a server known only by its URL: told by the URL where it can be
  /// (`:11434`, `/api`, `api.mistral.ai`), else asked (`/v1/models`, then `/api/tags`) with
  /// the key `resolve` reads — only then, since reading a key may run a command (its error is
  /// thrown); nil when neither tells.
  public static func type(
    of provider: Provider, connectTimeout: Double, resolve: () throws -> ResolvedProvider
  ) async throws -> ProviderType? {
    if let detected = Endpoints.detect(provider.baseURL) { return detected }
    let resolved = try resolve()
    return try? await withHTTPClient(connectTimeout: connectTimeout) { http in
      await ModelList.probe(resolved, http: http)
    }
  }
}
