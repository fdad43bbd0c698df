import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: tr("List the providers: name, type, base URL, model; * marks the default."))
    @OptionGroup var store: Store
    @OptionGroup var common: CommonOptions

    func run() throws {
      try store.read(common) { contents, _ in
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
}
