import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct HTML: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "html",
      abstract: tr(
        "An article's HTML with its images in place, ready to open offline; records when it was opened."),
      discussion: HelpText.discussion(
        tr(
          """
          Writes the HTML exactly as it was stored, embedded images included, and records the \
          time of the access (the order of "rk-prune --strategy lru" and "rk-cache list --sort \
          accessed"); the article stays unread on the server. --mark-read also does what a reader \
          finishing the article does: progress 100 and archived, queued for rk-push like \
          "rk-cache mark".
          """),
        examples: [
          Example("rk-cache html WNBGvKQgFsLwHwy4i89q53 > a.html && xdg-open a.html", tr("Read it.")),
          Example("rk-cache html WNBGvKQgFsLwHwy4i89q53 --mark-read > a.html", tr("Read it to the end: archived.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such article."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String
    @Flag(help: ArgumentHelp(tr("Also set progress 100 and archive it, queued for rk-push."))) var markRead = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline = try store.open()
        guard let html = try offline.html(id: id) else {
          throw ToolError(.failure, tr("no article \(id) in the cache"))
        }
        if markRead, !(try offline.mark(ids: [id], .finishedReading).isEmpty) {
          throw ToolError(.failure, tr("no article \(id) in the cache"))  // removed meanwhile
        }
        let sink = OutputSink.standardOutput
        try sink.write(html)
        try sink.flush()
      }
    }
  }
}
