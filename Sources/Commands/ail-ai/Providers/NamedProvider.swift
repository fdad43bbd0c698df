import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  /// The provider `remove`, `default` and `show` work on, which must be configured, and the file
  /// that keeps it.
  struct NamedProvider: ParsableArguments {
    @Argument(help: ArgumentHelp(tr("The provider's name."))) var name: String
    @OptionGroup var store: Store

    /// ``KeptFile/read(_:_:)`` with the provider.
    func read(_ common: CommonOptions, _ body: (ProviderStore.Contents, Provider) throws -> Void) throws {
      try store.read(common) { contents, _ in try body(contents, try store.provider(name, in: contents)) }
    }

    /// ``KeptFile/change(_:_:)`` of the file, once the provider is found in it.
    func change(_ common: CommonOptions, _ change: (inout ProviderStore.Contents, Diagnostics) throws -> Void) throws {
      try store.change(common) { contents, diagnostics in
        _ = try store.provider(name, in: contents)
        try change(&contents, diagnostics)
        return nil
      }
    }
  }
}
