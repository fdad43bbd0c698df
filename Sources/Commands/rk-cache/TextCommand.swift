import ArgumentParser
import ArticleFormats
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct Text: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "text",
      abstract: tr("An article as readable plain text (or Markdown), for the terminal and for pipes."),
      discussion: HelpText.discussion(
        tr(
          """
          Title and byline, then headings, paragraphs wrapped to --width, lists with their markers, \
          block quotes marked "> ", preformatted text verbatim, tables row by row; links and images \
          become numbered references ("text [1]") listed at the end. No markup or character \
          reference is left in the text. --markdown writes Markdown instead, with the references as \
          reference-style links and the images as data: URIs. Does not mark the article read.
          """),
        examples: [
          Example("rk-cache text WNBGvKQgFsLwHwy4i89q53 | less", tr("Read it in the terminal.")),
          Example("rk-cache text WNBGvKQgFsLwHwy4i89q53 | ail-ai --recipe Articles/Summary", tr("Summarise it.")),
          Example("rk-cache text --markdown --width 0 WNBGvKQgFsLwHwy4i89q53 > a.md", tr("Markdown, lines unwrapped.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such article."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String
    @Option(
      help: Text.widthRange.help(
        tr("Wrap at this many columns; 0 for no wrapping (default: the terminal's width, 80 in a pipe)."),
        valueName: "columns"),
      transform: Text.widthRange.parse)
    var width: Int?

    static let widthRange = NumberRange(0...100_000)
    @Flag(help: ArgumentHelp(tr("Write Markdown instead of plain text."))) var markdown = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let article = try ReadingOutput.article(id, in: store.openForReading())
        let columns = width ?? ReadingOutput.terminalWidth
        try ReadingOutput.write(
          ArticleText.render(article, width: columns == 0 ? nil : columns, markdown: markdown), to: nil)
      }
    }
  }
}
