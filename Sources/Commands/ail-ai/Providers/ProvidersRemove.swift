import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Remove a provider."))
    @OptionGroup var target: NamedProvider
    @OptionGroup var common: CommonOptions

    func run() throws {
      let name = target.name
      try target.change(common) { contents, diagnostics in
        contents.providers.removeAll { $0.name == name }
        if contents.defaultProvider == name { contents.defaultProvider = contents.providers.first?.name }
        for provider in contents.providers where provider.fallback.contains(where: { $0.provider == name }) {
          diagnostics.warning(tr("provider \(provider.name) still falls back to \(name)"))
        }
      }
    }
  }
}
