import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct LastSync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "last-sync",
      abstract: tr("The time of the last complete sync (RFC 3339); exit 1 when there was none."),
      discussion: HelpText.discussion(
        tr("Only a stream that ended with a complete sync_summary counts. The format is what rk-fetch --since takes."),
        examples: [
          Example("rk-cache last-sync", "2026-11-22T03:04:05Z"),
          Example(
            "rk-fetch --since \"$(rk-cache last-sync)\" --metadata-only | rk-cache store",
            tr("Apply what changed on the server since then (readkeep.mk adds --state all --limit 0).")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("Never synced."))]))

    @OptionGroup var store: StoreOptions

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        guard let last = try store.openForReading().lastSync() else { throw ToolError(.failure, tr("never synced")) }
        let sink = OutputSink.standardOutput
        try sink.write(RFC3339.string(from: last) + "\n")
        try sink.flush()
      }
    }
  }
}
