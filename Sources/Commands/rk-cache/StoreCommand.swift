import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Store: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "store",
      abstract: tr("Store article records; update the metadata of cached articles from bookmark records."),
      discussion: HelpText.discussion(
        tr(
          """
          Reads "article" records (upserted by id, each whole or not at all), "bookmark" records \
          (which update the metadata of articles already cached, except the fields with an offline \
          change rk-push has yet to send), "deleted" records (the article, its images and its \
          queued changes leave the store) and "sync_summary" records (one with "complete": true \
          records the sync time; a stream cut short records nothing; with --hold-sync the time is only \
          kept until "rk-cache record-sync" records it). Other records are passed \
          over. An article record needs "id", "html" and "bookmark" (Readeck's bookmark object: \
          its title, url, site and labels fill the listing); "images" (from rk-extract-images) \
          and every other member are kept. Up to 16 records are committed together, and what was \
          read is committed (and echoed) as soon as the input pauses. Prints "stored 18, updated 2" \
          on standard error. With \
          --echo, a reader that stops early does not stop the storing: the rest is stored without \
          being echoed, and a warning says so.
          """),
        examples: [
          Example("rk-fetch | rk-extract-images --embed | rk-cache store", tr("The offline sync.")),
          Example(
            #"rk-cache store --echo < articles.ndjson | rk-extract-images --list | jq -r 'select(.kind == "image") | .resolved'"#,
            tr("Store, and pass the records on to the next stage.")),
          Example("rk-cache store < articles.ndjson && rk-prune --keep 20", tr("Store, then keep the newest 20.")),
          Example(
            "rk-cache store < changes.ndjson",
            tr("Follow the server: the bookmark and deleted records of rk-fetch --since … --metadata-only.")),
        ],
        exitStatuses: [(.success, nil), (.dataError, nil), (.ioError, nil)]))

    @OptionGroup var store: StoreOptions
    @OptionGroup var input: InputOptions
    @Flag(help: ArgumentHelp(tr("Write every record read on to standard output."))) var echo = false
    @Flag(
      help: ArgumentHelp(
        tr(
          "Keep the time of a complete sync_summary until \"rk-cache record-sync\" records it, for a sync of several stages."
        )))
    var holdSync = false

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.open(creating: true)
        let sink = OutputSink.standardOutput.survivingClosedPipe()
        var echo = echo
        var stored = 0
        var updated = 0
        var metadata = 0
        var deleted = 0
        var highlights = Set<String>()
        var highlightsRemoved = 0
        // Lines are echoed once their group is committed, so that what is echoed is stored.
        var unechoed: [[UInt8]] = []
        let badLines = try offline.ingesting { ingest in
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
          do {
            let badLines = try handingOff(depth: 8, produce: { try read($0, diagnostics: diagnostics) }) { step in
              switch step.record {
              case .article(let article):
                switch try ingest.store(article) {
                case .inserted: stored += 1
                case .updated: updated += 1
                }
              case .bookmark(let record): if try ingest.updateMetadata(record) { metadata += 1 }
              case .deleted(let id): if try ingest.forget(id: id).removedArticle { deleted += 1 }
              case .sync(let date): try holdSync ? ingest.holdSync(at: date) : ingest.recordSync(at: date)
              case .highlight(let highlight):
                try ingest.store(highlight)
                highlights.insert(highlight.id)
              // Only a listing that saw every highlight can tell which are gone.
              case .highlightsComplete(let listedAt):
                highlightsRemoved += try ingest.keepHighlights(highlights, listedAt: listedAt)
              case .other, nil: break
              }
              if echo, let line = step.line { unechoed.append(line) }
              if step.record == nil || ingest.isFull { try commit() }
            }
            try commit()
            return badLines
          } catch {
            // What was stored before a --strict stop or a failing record is kept and still echoed.
            _ = try? commit()
            throw error
          }
        }
        diagnostics.info(Self.summary(stored: stored, updated: updated, metadata: metadata, deleted: deleted))
        if !highlights.isEmpty || highlightsRemoved > 0 {
          let (kept, removed) = (highlights.count, highlightsRemoved)
          // TRANSLATORS: {0} highlights stored from the input, {1} removed as deleted on the server.
          diagnostics.info(tr("highlights: \(kept) kept, \(removed) removed"))
        }
        if let badLines { throw badLines }
      }
    }

    /// `stored 18, updated 2`, and the metadata updated and the articles removed when there were any.
    static func summary(stored: Int, updated: Int, metadata: Int, deleted: Int) -> String {
      switch (metadata > 0, deleted > 0) {
      case (false, false):
        // TRANSLATORS: rk-cache store's summary: {0} articles stored (new), {1} articles updated.
        tr("stored \(stored), updated \(updated)")
      case (true, false):
        // TRANSLATORS: {2}: cached articles whose metadata a bookmark record updated.
        tr("stored \(stored), updated \(updated), metadata of \(metadata)")
      case (false, true):
        // TRANSLATORS: {2}: articles removed because they were deleted on the server.
        tr("stored \(stored), updated \(updated), removed \(deleted) deleted on the server")
      case (true, true):
        tr("stored \(stored), updated \(updated), metadata of \(metadata), removed \(deleted) deleted on the server")
      }
    }

    /// What the reading thread hands over: a record ready to write (nil: commit what was read,
    /// the input has paused) and its line to echo.
    private struct Step: Sendable {
      enum Record: Sendable {
        case article(Ingest.PreparedArticle)
        case bookmark(BookmarkRecord)
        case deleted(String)
        case sync(Date)
        case highlight(HighlightRecord)
        case highlightsComplete(listedAt: Date?)
        case other
      }
      var record: Record?
      var line: [UInt8]?
    }

    /// Reads, decodes and prepares the records on the reading thread; returns the error that
    /// reports skipped bad lines, if any, for after the summary.
    private func read(_ send: @escaping (Step) throws -> Void, diagnostics: Diagnostics) throws -> ToolError? {
      let records = RecordInput(input, diagnostics: diagnostics, sink: nil)
      // Behind a slow producer, what was read is stored (and echoed) before the next read waits.
      records.onIdle = { try send(Step(record: nil)) }
      // A line that does not decode is reported and skipped by `records`, never echoed.
      try records.forEachRecord { line in
        let record: Step.Record =
          switch try line.head().kind {
          case Article.kind: .article(Ingest.prepare(try line.decode(Article.self)))
          case BookmarkRecord.kind: .bookmark(try line.decode(BookmarkRecord.self))
          case Deleted.kind: .deleted(try line.decode(Deleted.self).id)
          case SyncSummary.kind: Self.syncTime(try line.decode(SyncSummary.self))
          case HighlightRecord.kind: .highlight(try line.decode(HighlightRecord.self))
          case HighlightSummary.kind: Self.listing(try line.decode(HighlightSummary.self))
          default: .other
          }
        try send(Step(record: record, line: echo ? Array(line.bytes) : nil))
      }
      do {
        try records.finish()
        return nil
      } catch let error as ToolError {
        return error
      }
    }

    /// A complete sync records its time; one cut short records nothing.
    private static func syncTime(_ summary: SyncSummary) -> Step.Record {
      summary.complete ? .sync(summary.endedAt) : .other
    }

    /// Only a complete listing tells which highlights are gone, as of when it began.
    private static func listing(_ summary: HighlightSummary) -> Step.Record {
      summary.complete ? .highlightsComplete(listedAt: summary.listedAt) : .other
    }

    /// Echoes with `write`; false once the reader has gone, after saying so. Other write errors (a
    /// full disk) end the run as before.
    private func echoing(_ write: () throws -> Void, diagnostics: Diagnostics) throws -> Bool {
      do {
        try write()
        return true
      } catch is OutputSink.ClosedPipe {
        diagnostics.warning(tr("the reader of standard output went away; storing the rest without --echo"))
        return false
      }
    }
  }
}
