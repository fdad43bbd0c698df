import ArgumentParser
import Foundation
import Localization
import Resilience
import Rewrite
import ToolKit

extension ProvidersCommand {
  struct Default: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "default", abstract: tr("Set the provider used when --provider is not given."))
    @OptionGroup var target: NamedProvider
    @OptionGroup var common: CommonOptions

    func run() throws {
      try target.change(common) { contents, _ in contents.defaultProvider = target.name }
    }
  }
}
