import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: tr("Full-text search (FTS5 query syntax), best match first, as search_hit records."),
      discussion: HelpText.discussion(
        tr(
          """
          Searches title, site, URL, labels and the article text, then the text and notes of \
          the articles' highlights (those hits come after, the highlight as their snippet). Words match word prefixes with *, \
          phrases go in double quotes, AND/OR/NOT combine, title: limits to a column. Matched terms \
          are marked [like this] in the snippet. A query that is not FTS5 syntax (c++, an odd \
          quote) is searched as one phrase instead, and a note says so. With --format table, no \
          hits print "no matches".
          """),
        examples: [
          Example("rk-cache search 'swift concurrency'", tr("Both words.")),
          Example("rk-cache search 'title:actor*' --format table", tr("Titles with words starting with actor.")),
          Example("rk-cache search '\"c++\" templates'", tr("A phrase with signs in it, in double quotes.")),
        ],
        exitStatuses: [(.success, nil), (.usage, tr("The query is not valid FTS5 syntax, even as a phrase."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The query."))) var query: String
    @Option(
      help: NumberRange.limit.help(tr("At most this many hits."), valueName: "limit", default: 20),
      transform: NumberRange.limit.parse)
    var limit = 20
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.openForReading()
        let hits: [SearchHit]
        do {
          hits = try offline.search(query, limit: limit)
        } catch StoreError.badQuery(let reason) {
          // What people type (c++, it's) is often not FTS5 syntax: the words as one phrase.
          let phrase = "\"" + query.replacingOccurrences(of: "\"", with: "\"\"") + "\""
          // TRANSLATORS: {0} is SQLite's reason (English), {1} the query, {2} the same as a phrase.
          diagnostics.info(
            tr(
              "\(reason) in \(query); searched the phrase \(phrase) instead (FTS5 syntax: double quotes around words with signs)"
            ))
          hits = try offline.search(phrase, limit: limit)
        }
        let sink = OutputSink.standardOutput
        switch format {
        case .ndjson:
          for hit in hits { try sink.emit(hit) }
        case .table where hits.isEmpty:
          // TRANSLATORS: what "rk-cache search --format table" prints when nothing matches.
          try sink.write(tr("no matches") + "\n")
        case .table:
          // TRANSLATORS: the headings of "rk-cache search --format table": id, title, the matched text.
          let headings = [tr("ID"), tr("TITLE"), tr("SNIPPET")]
          try sink.write(Formatting.table([headings] + hits.map { [$0.id, $0.title, $0.snippet] }))
        }
        try sink.flush()
      }
    }
  }
}
