import ArgumentParser
import ArticleFormats
import Foundation
import HTMLScan
import Localization
import OfflineStore
import OfflineStoreCommandLine
import PrivateFiles
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

  struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "open",
      abstract: tr("Write an article's page to the cache folder and open it in the browser."),
      discussion: HelpText.discussion(
        tr(
          """
          Writes the page (as "page" makes it) to $XDG_CACHE_HOME/readkeep/pages/ID.html and hands \
          it to xdg-open. Without a display (neither DISPLAY nor WAYLAND_DISPLAY set) or without \
          xdg-open, prints the page's path instead, for another program or another machine.
          """),
        examples: [
          Example("rk-cache open WNBGvKQgFsLwHwy4i89q53", tr("Read it in the browser.")),
          Example("w3m \"$(rk-cache open WNBGvKQgFsLwHwy4i89q53)\"", tr("On a console: the path, for a text browser.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("No such article.")), (.ioError, tr("The page cannot be written.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let article = try ReadingOutput.article(id, in: store.openForReading())
        let folder = XDGDirectories().cacheHome + "/readkeep/pages"
        do throws(FileWriteError) {
          try PrivateFolder.make(folder)
        } catch {
          throw ToolError(.ioError, tr("cannot create \(folder): \(error.reason)"))
        }
        let path = folder + "/" + StoredArticle.fileName(for: id) + ".html"
        try ReadingOutput.write(ArticlePage.document(article), to: path)
        let environment = Environment.current
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let opener = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/xdg-open" }
          .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard display, let opener else {
          try ReadingOutput.write(path + "\n", to: nil)
          return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
          let reason = String(describing: error)
          throw ToolError(.unavailable, tr("cannot run \(opener): \(reason)"))
        }
        diagnostics.info(tr("opened \(path)"))
      }
    }
  }

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
