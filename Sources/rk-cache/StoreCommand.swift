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
        Reads "article" records (upserted by id, each whole or not at all), "bookmark" records \
        (which update the metadata of articles already cached, except the fields with an offline \
        change rk-push has yet to send), "deleted" records (the article, its images and its \
        queued changes leave the store) and "sync_summary" records (one with "complete": true \
        records the sync time; a stream cut short records nothing). Other records are passed \
        over. An article record needs "id", "html" and "bookmark" (Readeck's bookmark object: \
        its title, url, site and labels fill the listing); "images" (from rk-extract-images) \
        and every other member are kept. Up to 16 records are committed together, and what was \
        read is committed (and echoed) as soon as the input pauses. Prints "stored 18, updated 2" \
        on standard error. With \
        --echo, a reader that stops early does not stop the storing: the rest is stored without \
        being echoed, and a warning says so.
        """,
        examples: [
          Example("rk-fetch | rk-extract-images --embed | rk-cache store", "The offline sync."),
          Example(
            #"rk-cache store --echo < articles.ndjson | rk-extract-images --list | jq -r 'select(.kind == "image") | .resolved'"#,
            "Store, and pass the records on to the next stage."),
          Example("rk-cache store < articles.ndjson && rk-prune --keep 20", "Store, then keep the newest 20."),
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
        let sink = OutputSink.standardOutput.survivingClosedPipe()
        var echo = echo
        // Lines are echoed once their group is committed, so that what is echoed is stored.
        var stored = 0
        var updated = 0
        var metadata = 0
        var deleted = 0
        var unechoed: [[UInt8]] = []
        let records = RecordInput(input, diagnostics: diagnostics, sink: nil)
        try offline.ingesting { ingest in
          func commit() throws {
            try ingest.commit()
            if echo {
              echo = try echoing(
                {
                  for line in unechoed { try line.withUnsafeBytes { try sink.writeLine($0) } }
                  try sink.flush()
                }, diagnostics: diagnostics)
            }
            unechoed.removeAll(keepingCapacity: true)
          }
          // Behind a slow producer, what was read is stored (and echoed) before the next read waits.
          records.onIdle = commit
          // A line that does not decode is reported and skipped by `records`, never echoed.
          do {
            try records.forEachRecord { line in
              switch try line.head().kind {
              case Article.kind:
                switch try ingest.store(try line.decode(Article.self)) {
                case .inserted: stored += 1
                case .updated: updated += 1
                }
              case BookmarkRecord.kind:
                if try ingest.updateMetadata(try line.decode(BookmarkRecord.self)) { metadata += 1 }
              case Deleted.kind:
                if try ingest.forget(id: try line.decode(Deleted.self).id).removedArticle { deleted += 1 }
              case SyncSummary.kind:
                let summary = try line.decode(SyncSummary.self)
                if summary.complete { try ingest.recordSync(at: summary.endedAt) }
              default:
                break
              }
              if echo { unechoed.append(Array(line.bytes)) }
              if ingest.isFull { try commit() }
            }
          } catch {
            // What was stored before a --strict stop or a failing record is kept and still echoed.
            _ = try? commit()
            throw error
          }
          try commit()
        }
        var summary = "stored \(stored), updated \(updated)"
        if metadata > 0 { summary += ", metadata of \(metadata)" }
        if deleted > 0 { summary += ", removed \(deleted) deleted on the server" }
        diagnostics.info(summary)
        try records.finish()
      }
    }

    /// Echoes with `write`; false once the reader has gone, after saying so. Other write errors (a
    /// full disk) end the run as before.
    private func echoing(_ write: () throws -> Void, diagnostics: Diagnostics) throws -> Bool {
      do {
        try write()
        return true
      } catch is OutputSink.ClosedPipe {
        diagnostics.warning("the reader of standard output went away; storing the rest without --echo")
        return false
      }
    }
  }
}
