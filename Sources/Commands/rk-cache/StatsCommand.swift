import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stats",
      abstract: tr(
        "How much the store holds (articles, image blobs, last sync, the largest, by label and site), or how much was read."
      ),
      discussion: HelpText.discussion(
        tr(
          """
          --json writes one object with count, bytes, blobs, blob_bytes, last_sync, pending \
          (changes queued for rk-push), links_queued (links saved offline, not yet sent), \
          links_created (created on the server, article not yet synced), largest, labels \
          ([{label, count, bytes}]: an article counts for each of its labels) and sites \
          ([{site, count, bytes}]: Readeck's site, the domain), largest first.

          --reading adds up the reading record instead: every rise of an article's progress the \
          store saw, made here with rk-cache mark --progress (offline) or seen at a sync (online, \
          read in Readeck or on the phone), worth the article's reading time times the rise. \
          --since counts only what was read within a duration (30d, 12w, 24h), since a date \
          (2026-11-01, from its midnight in the local time zone, TZ honoured) or since an RFC 3339 \
          time; without it, everything. --format table (the default) shows the minutes offline \
          and online, a bar for each day with reading (█ offline, ▒ online) and the most read \
          articles, labels, sites and authors; ndjson writes one reading_stats record with since, \
          minutes_offline, minutes_online, articles ([{id, title, minutes, offline_minutes, \
          online_minutes, progress}], most read first), labels ([{label, minutes}]), sites \
          ([{site, minutes}]), authors ([{author, minutes}]) and days ([{date, offline, online}]), \
          in minutes to two decimals; html a page that loads nothing from outside, with a chart \
          of the days. An article's minutes count in full for each of its labels and authors.
          """),
        examples: [
          Example("rk-cache stats", tr("\"23 articles, 12.5 MB\" and more.")),
          Example("rk-cache stats --json | jq .bytes", tr("For scripts.")),
          Example("rk-cache stats --reading --since 30d", tr("What was read in the last 30 days, day by day.")),
          Example("rk-cache stats --reading --format html > reading.html", tr("The same as a page with a chart.")),
          Example(
            "rk-cache stats --reading --format ndjson | jq .minutes_online",
            tr("The minutes read in Readeck or on the phone.")),
        ],
        exitStatuses: [(.success, nil)]))

    /// What `--reading` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable { case table, ndjson, html }

    @OptionGroup var store: StoreOptions
    @Flag(help: ArgumentHelp(tr("Write one JSON object instead of text."))) var json = false
    @Flag(help: ArgumentHelp(tr("Show the minutes read offline and online instead of what the store holds.")))
    var reading = false
    @Option(
      help: ArgumentHelp(
        tr("With --reading: count only since this date (2026-11-01), RFC 3339 time or within this duration (30d)."),
        valueName: "when"))
    var since: String?
    @Option(help: ArgumentHelp(tr("With --reading: table (default), ndjson or html."), valueName: "format"))
    var format: Format?

    func validate() throws {
      if !reading, since != nil || format != nil {
        throw ValidationError(tr("--since and --format go with --reading."))
      }
      if reading, json {
        throw ValidationError(tr("--json is for what the store holds; with --reading, use --format ndjson."))
      }
      if let since, Self.start(since) == nil {
        throw ValidationError(
          tr("--since must be a duration (30d, 12h) of up to 1000 years, a date (2026-11-01) or an RFC 3339 time."))
      }
    }

    /// Where `--since` starts the count: an RFC 3339 time, or what `suggest --since` takes (an
    /// age back from `now`, a day from its local midnight); nil for anything else.
    static func start(_ text: String, now: Date = Date()) -> Date? {
      if let date = RFC3339.date(from: text) { return date }
      return (try? ReadingWindow(text))?.date(now: now)
    }

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let opened = try store.openForReading()
        let sink = OutputSink.standardOutput
        if reading {
          let stats = try opened.readingStats(since: since.flatMap { Self.start($0) })
          switch format ?? .table {
          case .table: try sink.write(ReadingStatsOutput.table(stats))
          case .ndjson: try sink.emit(ReadingStatsOutput.record(stats))
          case .html: try sink.write(ReadingStatsPage.document(stats))
          }
        } else if json {
          try sink.emit(JSONValue.object(Self.object(try opened.stats())))
        } else {
          try sink.write(Self.text(try opened.stats()))
        }
        try sink.flush()
      }
    }

    /// What `--json` writes.
    static func object(_ stats: OfflineStore.Stats) -> JSONObject {
      func shares(_ shares: [OfflineStore.Stats.Share], named key: String) -> JSONValue {
        .array(
          shares.map {
            .object([key: .string($0.name), "count": .integer(Int64($0.count)), "bytes": .integer(Int64($0.bytes))])
          })
      }
      var object: JSONObject = [
        "count": .integer(Int64(stats.count)), "bytes": .integer(Int64(stats.bytes)),
        "blobs": .integer(Int64(stats.blobs)), "blob_bytes": .integer(Int64(stats.blobBytes)),
        "pending": .integer(Int64(stats.pending)), "links_queued": .integer(Int64(stats.linksQueued)),
        "links_created": .integer(Int64(stats.linksCreated)),
        "largest": .array(stats.largest.map { .object($0.members) }),
        "labels": shares(stats.labels, named: "label"), "sites": shares(stats.sites, named: "site"),
      ]
      object["last_sync"] = stats.lastSync.map { .string(RFC3339.string(from: $0)) } ?? .null
      return object
    }

    /// The text `stats` writes for people, in their language.
    static func text(_ stats: OfflineStore.Stats) -> String {
      let (count, size) = (stats.count, Formatted.size(stats.bytes))
      let (blobs, blobSize) = (stats.blobs, Formatted.size(stats.blobBytes))
      var text = tr(one: "\(count) article, \(size)", other: "\(count) articles, \(size)", count: count) + "\n"
      // TRANSLATORS: images stored once per content (a "blob" each), however many articles use them.
      text +=
        tr(one: "\(blobs) image blob, \(blobSize)", other: "\(blobs) image blobs, \(blobSize)", count: blobs) + "\n"
      if let last = stats.lastSync {
        let (age, time) = (Formatted.age(of: last), RFC3339.string(from: last))
        // TRANSLATORS: {0} is an age such as "3 h ago", {1} the time in RFC 3339 (never translated).
        text += tr("last sync: \(age) (\(time))") + "\n"
      } else {
        text += tr("last sync: never") + "\n"
      }
      let pending = stats.pending
      text +=
        tr(
          one: "\(pending) change pending for rk-push", other: "\(pending) changes pending for rk-push", count: pending)
        + "\n"
      let (queued, created) = (stats.linksQueued, stats.linksCreated)
      if queued > 0 {
        text += tr(one: "\(queued) link queued for rk-push", other: "\(queued) links queued for rk-push", count: queued)
        text += "\n"
      }
      if created > 0 {
        text += tr(
          one: "\(created) link saved, its article not yet synced",
          other: "\(created) links saved, their articles not yet synced", count: created)
        text += "\n"
      }
      if !stats.largest.isEmpty {
        // TRANSLATORS: the heading of the list of the largest articles.
        text += tr("largest:") + "\n"
        text += Formatting.table(stats.largest.map { ["  " + Formatted.size($0.bytes), $0.id, $0.title] })
      }
      // TRANSLATORS: the heading of the labels whose articles take the most room, with their sizes.
      text += shares(stats.labels, heading: tr("by label:"))
      // TRANSLATORS: the heading of the sites (domains) whose articles take the most room.
      text += shares(stats.sites, heading: tr("by site:"))
      return text
    }

    /// The first ten of `shares` under `heading`: size, articles, name; nothing when there are none.
    private static func shares(_ shares: [OfflineStore.Stats.Share], heading: String) -> String {
      guard !shares.isEmpty else { return "" }
      let rows = shares.prefix(10).map { share in
        let count = share.count
        return [
          "  " + Formatted.size(share.bytes), tr(one: "\(count) article", other: "\(count) articles", count: count),
          share.name,
        ]
      }
      return heading + "\n" + Formatting.table(rows)
    }
  }
}
