import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct RecordSync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "record-sync",
      abstract: tr("Record the sync time \"rk-cache store --hold-sync\" kept, once the whole sync has ended well."),
      discussion: HelpText.discussion(
        tr(
          """
          readkeep.mk's sync stores with --hold-sync and runs this as its last step, so that a sync \
          interrupted after a stage stored its summary (Ctrl-C during the fetch, a failing prune) \
          is not counted by needs-sync and the next one runs at once. Without a kept time it \
          changes nothing and exits 1.
          """),
        examples: [
          Example(
            "rk-fetch | rk-cache store --hold-sync && rk-prune --keep 20 && rk-cache record-sync",
            tr("A sync that counts only once it has pruned."))
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No sync time was kept."))]))

    @OptionGroup var store: StoreOptions

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        guard try store.open().recordHeldSync() != nil else {
          throw ToolError(.failure, tr("no complete sync to record"))
        }
      }
    }
  }
}
