import ArgumentParser
import ArticleFormats
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct Page: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "page",
      abstract: tr("An article as a complete HTML page that reads offline in any browser."),
      discussion: HelpText.discussion(
        tr(
          """
          One self-contained HTML5 document: charset, title, language and direction, a header \
          (title, site, authors, published date, reading time, link to the original), the article \
          with its images inline, and a readable stylesheet with print and dark-mode variants. The \
          page refers to nothing outside itself: the article's scripts, iframes, objects, style \
          sheets and event-handler attributes are left out, and whatever a browser would load by \
          itself (src, srcset, poster, background, SVG href, url() in styles) stays only as a data: \
          image; links stay links. A Content-Security-Policy that lets the page load nothing but \
          its own data: images and inline styles is the second wall. What lazy loading left behind \
          no longer hides its images. Does not mark the article read.
          """),
        examples: [
          Example("rk-cache page WNBGvKQgFsLwHwy4i89q53 -o a.html", tr("Write the page to a file.")),
          Example("rk-cache page WNBGvKQgFsLwHwy4i89q53 > a.html && xdg-open a.html", tr("Read it in a browser.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("No such article.")), (.ioError, tr("The file cannot be written.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        tr("Write to this file, through a symbolic link to its target (default or -: standard output)."),
        valueName: "file"),
      completion: .file(extensions: ["html"]))
    var output: String?

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let article = try ReadingOutput.article(id, in: store.openForReading())
        try ReadingOutput.write(ArticlePage.document(article), to: output)
      }
    }
  }
}
