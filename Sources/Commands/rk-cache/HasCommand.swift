import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct Has: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "has", abstract: tr("Whether an article is cached: exit 0 for yes, 1 for no."),
      discussion: HelpText.discussion(
        tr("Prints nothing."),
        examples: [Example("rk-cache has \"$id\" || echo missing", tr("A predicate for scripts."))],
        exitStatuses: [(.success, tr("Cached.")), (.failure, tr("Not cached."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        if try !store.openForReading().contains(id: id) { throw ExitCode(ExitStatus.failure.rawValue) }
      }
    }
  }
}
