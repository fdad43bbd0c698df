import ArgumentParser
import ArticleFormats
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Highlights: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "highlights",
      abstract: tr(
        "The highlights kept in the store: as records, as Markdown for a notes vault, or as Readwise's CSV."),
      discussion: HelpText.discussion(
        tr(
          """
          The store keeps every highlight on the server that "rk-fetch --highlights | rk-cache \
          store" listed (make sync does it): its text, note, colour and time, and the article's \
          id, title, URL and site; a highlight deleted on the server leaves at the next complete \
          listing. They come grouped by article, the article with the newest highlight first, \
          each article's in the order they were made.

          --format ndjson writes "highlight" records; markdown one section per article (its title, \
          a link to it) with each highlight as a quote, its note under it, its colour and date \
          after it, ready for an Obsidian or Logseq vault; csv the columns Readwise imports \
          (Highlight, Title, Author, URL, Note, Location, Date).
          """),
        examples: [
          Example("rk-cache highlights --format markdown > Highlights.md", tr("Every highlight, for a notes vault.")),
          Example(
            "rk-cache highlights --since 7d --format csv > readwise.csv", tr("A week's highlights for Readwise.")),
          Example(
            "rk-cache highlights WNBGvKQgFsLwHwy4i89q53 | jq -r .text", tr("The passages marked in one article.")),
        ],
        exitStatuses: [(.success, nil), (.noInput, tr("No store at the path."))]))

    enum Format: String, ExpressibleByArgument, CaseIterable { case ndjson, markdown, csv }

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("Only the highlights of these bookmarks."))) var ids: [String] = []
    @Option(
      help: ArgumentHelp(
        tr("Only highlights made since this RFC 3339 time, or within this duration (7d, 12h)."), valueName: "when"))
    var since: String?
    @Option(help: ArgumentHelp(tr("Only highlights of cached articles with this label."))) var label: String?
    @Option(help: ArgumentHelp(tr("ndjson (records), markdown or csv."))) var format: Format = .ndjson

    func validate() throws {
      if let since, EPUB.date(since) == nil {
        throw ValidationError(
          tr("--since must be an RFC 3339 time (2026-11-01T00:00:00Z) or a duration (7d, 12h) of up to 1000 years."))
      }
    }

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let records = try store.openForReading().highlights(
          bookmarkIDs: ids, since: since.flatMap { EPUB.date($0) }, label: label)
        let sink = OutputSink.standardOutput
        switch format {
        case .ndjson: for record in records { try sink.emit(record) }
        case .markdown: try sink.write(HighlightExport.markdown(records))
        case .csv: try sink.write(HighlightExport.csv(records))
        }
        try sink.flush()
      }
    }
  }
}
