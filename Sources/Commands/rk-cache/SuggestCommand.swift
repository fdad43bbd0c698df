import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract: tr("The bookmarks worth caching ahead, by what was read: their ids, best first."),
      discussion: HelpText.discussion(
        tr(
          """
          Reads "bookmark" records (as rk-fetch --metadata-only writes them; other records are \
          passed over) and writes the ids of those to prefetch, one per line, for rk-fetch \
          --also-ids. The profile is the minutes read per label, site and author since --since, \
          from the store's reading record (rk-cache stats --reading). A bookmark scores the sum of \
          the profile's minutes of the labels, site and authors it shares with it, each once. Only \
          unread articles that are not archived, not deleted and not cached are suggested, never \
          one that scores 0; of equal scores the newest comes first. With nothing read since \
          --since nothing is suggested. --skip-first leaves out the first bookmarks of the input, \
          the newest, which a sync fetches anyway (make sync PREFETCH=N passes LIMIT). --explain \
          writes a table for people instead: the score in minutes and what the bookmark shares.
          """),
        examples: [
          Example(
            "rk-fetch --metadata-only --limit 0 | rk-cache suggest --explain",
            tr("Why each unread bookmark would be prefetched.")),
          Example(
            "rk-fetch --metadata-only --limit 0 | rk-cache suggest --limit 5 > ids",
            tr("The five best, for rk-fetch --also-ids ids (make sync PREFETCH=5 does it all).")),
          Example(
            "rk-fetch --metadata-only --limit 0 | rk-cache suggest --since 2026-11-01",
            tr("By what was read since the first of November.")),
        ],
        exitStatuses: [
          (.success, nil), (.dataError, tr("Bad input lines, reported with their line numbers.")),
          (.noInput, tr("No store at the path.")),
        ]))

    @OptionGroup var store: StoreOptions
    @OptionGroup var input: InputOptions
    @Option(
      help: NumberRange.limit.help(tr("At most this many; 0 for all."), valueName: "n", default: 10),
      transform: NumberRange.limit.parse)
    var limit = 10
    @Option(help: ReadingWindow.help, transform: ReadingWindow.parse) var since = ReadingWindow.lastThirtyDays
    @Option(
      help: NumberRange.limit.help(
        tr("Leave out the first this many bookmarks of the input, which the sync fetches anyway."), valueName: "n",
        default: 0),
      transform: NumberRange.limit.parse)
    var skipFirst = 0
    @Flag(help: ArgumentHelp(tr("Write a table of the scores and of what each bookmark shares instead of the ids.")))
    var explain = false

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.openForReading()
        let start = since.date()
        let profile = PrefetchPlan.Profile(try offline.readingStats(since: start))
        let cached = Set(try offline.ids())
        // The input is read to its end even when nothing can score, so that the writer of the
        // pipe (rk-fetch in make sync) never loses its reader halfway.
        var bookmarks: [(id: String, bookmark: JSONObject)] = []
        var seen = Set<String>()
        var skipped = Set<String>()
        let records = RecordInput(input, diagnostics: diagnostics, sink: nil)
        try records.forEachRecord { line in
          guard try line.head().kind == BookmarkRecord.kind else { return }
          let record = try line.decode(BookmarkRecord.self)
          if seen.insert(record.id).inserted, seen.count <= skipFirst { skipped.insert(record.id) }
          if !skipped.contains(record.id) { bookmarks.append((record.id, record.bookmark)) }
        }
        var badLines: ToolError?
        do { try records.finish() } catch let error as ToolError { badLines = error }
        if profile.isEmpty {
          if explain { diagnostics.info(Self.nothingRead(since: start)) }
        } else {
          let plan = PrefetchPlan(bookmarks: bookmarks, profile: profile, cached: cached)
          let chosen = limit == 0 ? plan.suggestions : Array(plan.suggestions.prefix(limit))
          let sink = OutputSink.standardOutput
          if !explain {
            for suggestion in chosen { try sink.write(suggestion.id + "\n") }
          } else if chosen.isEmpty {
            diagnostics.info(tr("no unread bookmark shares a label, site or author with what was read"))
          } else {
            try sink.write(Formatting.table([Self.headings] + chosen.map(Self.row)))
          }
          try sink.flush()
        }
        if let badLines { throw badLines }
      }
    }

    static func nothingRead(since start: Date) -> String {
      let date = Formatted.dateTime(start)
      // TRANSLATORS: {0} is the start of the window of reading, a date and time.
      return tr("nothing read since \(date); no suggestions")
    }

    /// The table's headings, in capitals as `ps` writes them.
    static var headings: [String] {
      // TRANSLATORS: the headings of "rk-cache suggest --explain": the bookmark's id, its score in
      // minutes read, the labels, site and authors it shares with what was read, its title. Capitals.
      [tr("ID"), tr("SCORE"), tr("LABELS"), tr("SITE"), tr("AUTHORS"), tr("TITLE")]
    }

    /// One suggestion's line: the score in minutes with one decimal, `-` for nothing shared.
    static func row(_ suggestion: PrefetchPlan.Suggestion) -> [String] {
      func list(_ names: [String]) -> String { names.isEmpty ? "-" : names.joined(separator: ", ") }
      return [
        suggestion.id, Formatted.tenths(Int((suggestion.score * 10).rounded())), list(suggestion.labels),
        suggestion.site ?? "-", list(suggestion.authors), suggestion.title,
      ]
    }
  }
}
