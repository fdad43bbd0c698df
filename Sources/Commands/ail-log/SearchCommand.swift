import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: tr("Full-text search in titles, contents and tags, best first, with snippets."),
      discussion: HelpText.discussion(
        tr(
          """
          Case and diacritics are folded ("cafe" finds "Café"). Plain words must all occur; \
          word* matches a prefix; FTS5 syntax (OR, NOT, "a phrase", title:word) works too. \
          Writes "log_hit" records with the matched words in [brackets] in the snippet.
          """),
        examples: [
          Example("ail-log search 'plumber tuesday'", tr("Entries with both words.")),
          Example("ail-log search 'title:meeting OR tags:work' --limit 5", tr("FTS5 syntax.")),
        ],
        exitStatuses: [(.success, nil), (.usage, tr("A query that is not valid FTS5 syntax."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("Words to look for."))) var query: [String]
    @Option(
      help: NumberRange.limit.help(tr("At most this many."), valueName: "limit", default: 20),
      transform: NumberRange.limit.parse)
    var limit = 20
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(log.diagnostics) {
        let hits = try log.openForReading().search(query.joined(separator: " "), limit: limit)
        let sink = OutputSink.standardOutput
        switch format {
        case .ndjson: for hit in hits { try sink.emit(hit) }
        case .table:
          let rows = hits.map {
            [String($0.id.prefix(8)), $0.title, $0.snippet.replacingOccurrences(of: "\n", with: " ")]
          }
          if !rows.isEmpty { try sink.write(Formatting.table([[tr("ID"), tr("TITLE"), tr("SNIPPET")]] + rows)) }
        }
        try sink.flush()
      }
    }
  }
}
