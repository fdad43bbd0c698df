import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct IDs: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ids",
      abstract: tr("The ids of the cached articles, one per line, newest cached first."),
      discussion: HelpText.discussion(
        tr(
          "Made for rk-fetch --skip-ids. --saved writes instead the ids of the links saved with \"rk-cache add\" that the server created and whose articles are not stored yet, and --stale those of cached articles whose highlights changed on the server since they were fetched (after \"rk-fetch --highlights | rk-cache store\"; ids, colours and notes compared), both for rk-fetch --also-ids, which fetches them again."
        ),
        examples: [
          Example(
            "rk-cache ids | rk-fetch --limit 0 --skip-ids - | rk-cache store",
            tr("Fetch every unread article that is not cached yet.")),
          Example(
            "rk-cache ids --saved > saved.txt && rk-cache ids | rk-fetch --skip-ids - --also-ids saved.txt | rk-cache store",
            tr("The newest 20 unread articles and every saved link loaded since, however many.")),
        ],
        exitStatuses: [(.success, tr("Also when there is no store yet: before the first sync, nothing is cached."))]))

    @OptionGroup var store: StoreOptions
    @Flag(
      help: ArgumentHelp(tr("The links saved with rk-cache add and created on the server, article not yet stored.")))
    var saved = false
    @Flag(help: ArgumentHelp(tr("The cached articles whose highlights changed on the server since they were fetched.")))
    var stale = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        // A store the first sync has yet to create holds no ids; saying so as an error would fail
        // that very sync's pipeline.
        guard FileManager.default.fileExists(atPath: store.path) else { return }
        let sink = OutputSink.standardOutput
        let offline = try store.openForReading()
        var ids = saved ? try offline.queuedLinks().filter { $0.state == .created }.map(\.id) : []
        if stale { ids += try offline.articlesWithStaleHighlights() }
        if !saved, !stale { ids = try offline.ids() }
        for id in ids { try sink.write(id + "\n") }
        try sink.flush()
      }
    }
  }
}
