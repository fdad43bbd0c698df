import ArgumentParser
import ArticleFormats
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
          "Made for rk-fetch --skip-ids. --saved writes instead the ids of the links saved with \"rk-cache add\" that the server created and whose articles are not stored yet, and --stale those of cached articles that miss a highlight the server holds (after \"rk-fetch --highlights | rk-cache store\": one made on the phone since the fetch, or one the store cannot draw where it placed it), both for rk-fetch --also-ids, which fetches them again. Colours, notes and deletions from the listing, and highlights made here, the store draws itself."
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
    @Flag(help: ArgumentHelp(tr("The cached articles that miss a highlight the server holds.")))
    var stale = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        // A store the first sync has yet to create holds no ids; saying so as an error would fail
        // that very sync's pipeline.
        guard FileManager.default.fileExists(atPath: store.path) else { return }
        let sink = OutputSink.standardOutput
        let offline = try store.openForReading()
        var ids = saved ? try offline.queuedLinks().filter { $0.state == .created }.map(\.id) : []
        if stale {
          ids += try offline.articlesWithStaleHighlights()
          // What the store cannot draw (the server's wrappers unreadable, a place the article no
          // longer holds), only the server's own wrappers show.
          let listed = Set(ids)
          ids += try offline.articlesWithHighlightsToDraw().filter { article in
            !listed.contains(article.id) && !HighlightPlacement.drawn(article.highlights, in: article.html).complete
          }.map(\.id)
        }
        if !saved, !stale { ids = try offline.ids() }
        for id in ids { try sink.write(id + "\n") }
        try sink.flush()
      }
    }
  }
}
