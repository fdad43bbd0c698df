import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  /// `--providers`, and loading and saving the file it names: what every providers command shares.
  struct Store: ParsableArguments, KeptFile {
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
}
