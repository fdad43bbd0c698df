import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct NeedsSync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "needs-sync",
      abstract: tr("Exit 0 when the store was never synced or its last sync is older than --max-age, else 1."),
      discussion: HelpText.discussion(
        tr("The original app's rule: sync at most every four hours."),
        examples: [Example("rk-cache needs-sync --max-age 4h && make sync", tr("Only when due."))],
        exitStatuses: [
          (.success, tr("A sync is due (also when there is no store yet).")),
          (.failure, tr("The last sync is recent enough.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp(tr("How old the last sync may be: 90s, 30m, 4h, 2d, 1w."), valueName: "age"))
    var maxAge =
      "4h"

    func validate() throws {
      if Formatting.duration(maxAge) == nil {
        throw ValidationError(tr("--max-age is a number and a unit: 90s, 30m, 4h, 2d, 1w; up to 1000 years."))
      }
    }

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline: OfflineStore
        do {
          offline = try store.openForReading()
        } catch StoreError.missing {
          return  // never synced; the sync that is due creates the store
        }
        guard let last = try offline.lastSync() else { return }
        if Date().timeIntervalSince(last) <= Formatting.duration(maxAge)! {
          throw ExitCode(ExitStatus.failure.rawValue)
        }
      }
    }
  }
}
