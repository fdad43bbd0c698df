import ArgumentParser
import OfflineStore
import StoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Store: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "store",
      abstract: "Store article records; update the metadata of cached articles from bookmark records.",
      discussion: HelpText.discussion(
        """
        Reads "article" records (upserted by id, one transaction each), "bookmark" records \
        (which update the metadata of articles already cached, except the fields with an offline \
        change rk-push has yet to send), "deleted" records (the article, its images and its \
        queued changes leave the store) and "sync_summary" records (one with "complete": true \
        records the sync time; a stream cut short records nothing). Other records are passed \
        over. Prints "stored 18, updated 2" on standard error.
        """,
        examples: [
          Example("rk-fetch | rk-extract-images --embed | rk-cache store", "The offline sync."),
          Example("rk-cache store --echo < articles.ndjson | rk-prune --keep 20", "Store, and pass the records on."),
          Example(
            "rk-cache store < changes.ndjson",
            "Follow the server: the bookmark and deleted records of rk-fetch --since … --metadata-only."),
        ],
        exitStatuses: [(.success, nil), (.dataError, nil), (.ioError, nil)]))

    @OptionGroup var store: StoreOptions
    @OptionGroup var input: InputOptions
    @Flag(help: "Write every record read on to standard output.") var echo = false

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.open(creating: true)
        let sink = OutputSink.standardOutput
        let records = RecordInput(input, diagnostics: diagnostics, sink: sink)
        var stored = 0
        var updated = 0
        var metadata = 0
        var deleted = 0
        // A line that does not decode is reported and skipped by `records`, never echoed.
        try records.forEachRecord { line in
          switch try line.head().kind {
          case Article.kind:
            switch try offline.store(try line.decode(Article.self)) {
            case .inserted: stored += 1
            case .updated: updated += 1
            }
          case BookmarkRecord.kind:
            if try offline.updateMetadata(try line.decode(BookmarkRecord.self)) { metadata += 1 }
          case Deleted.kind:
            if try offline.forget(id: try line.decode(Deleted.self).id).removedArticle { deleted += 1 }
          case SyncSummary.kind:
            let summary = try line.decode(SyncSummary.self)
            if summary.complete { try offline.recordSync(at: summary.endedAt) }
          default:
            break
          }
          if echo { try sink.writeLine(line.bytes) }
        }
        try sink.flush()
        var summary = "stored \(stored), updated \(updated)"
        if metadata > 0 { summary += ", metadata of \(metadata)" }
        if deleted > 0 { summary += ", removed \(deleted) deleted on the server" }
        diagnostics.info(summary)
        try records.finish()
      }
    }
  }
}
