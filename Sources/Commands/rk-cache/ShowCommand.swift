import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: tr("One article's metadata as a cache_entry record."),
      discussion: HelpText.discussion(
        tr(
          "Does not mark the article as read. The record shows the local state and the fields with a pending change; the article's highlights follow it as \"highlight\" records, in the order they were made."
        ),
        examples: [Example("rk-cache show WNBGvKQgFsLwHwy4i89q53", tr("Its record."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such article."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline = try store.openForReading()
        guard let entry = try offline.entry(id: id) else {
          throw ToolError(.failure, tr("no article \(id) in the cache"))
        }
        let sink = OutputSink.standardOutput
        try sink.emit(entry)
        for highlight in try offline.highlights(bookmarkIDs: [id]) { try sink.emit(highlight) }
        try sink.flush()
      }
    }
  }
}
