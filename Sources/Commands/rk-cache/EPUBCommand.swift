import ArgumentParser
import ArticleFormats
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct EPUB: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "epub",
      abstract: tr("Cached articles as one EPUB 3 book for an e-reader."),
      discussion: HelpText.discussion(
        tr(
          """
          One chapter per article (title, byline, link to the original, the article), each image \
          once as a file in the book however many articles show it, a table of contents, title, \
          authors and dates in the metadata, and a stylesheet that leaves fonts and colours to the \
          reader. Name the articles, or choose them with --unread, --label and --since (together: \
          all three must hold), newest cached first. The book passes epubcheck; the file appears \
          only when complete (mode 0600). Does not mark the articles read.
          """),
        examples: [
          Example("rk-cache epub --unread -o unread.epub", tr("Every unread article as one book.")),
          Example("rk-cache epub --label longread --since 7d -o week.epub", tr("A week's long reads.")),
          Example("rk-cache epub WNBGvKQgFsLwHwy4i89q53 -o a.epub", tr("One article.")),
          Example("rk-cache epub --unread -o - | ssh reader 'cat > unread.epub'", tr("To standard output.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("A named article is not cached, or none is chosen.")),
          (.ioError, tr("The book cannot be written.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The articles' ids, in the book's order."))) var ids: [String] = []
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        tr("The book to write (through a symbolic link to its target; - for standard output)."), valueName: "file.epub"),
      completion: .file(extensions: ["epub"]))
    var output: String
    @Flag(help: ArgumentHelp(tr("The articles not archived on the server."))) var unread = false
    @Option(help: ArgumentHelp(tr("The articles with this label."))) var label: String?
    @Option(
      help: ArgumentHelp(
        tr("The articles cached since this RFC 3339 time, or within this duration (7d, 12h)."), valueName: "when"))
    var since: String?
    @Option(help: ArgumentHelp(tr("The book's title (default: the article's, or \"Readeck articles, DATE\").")))
    var title: String?

    func validate() throws {
      let choosing = unread || label != nil || since != nil
      if !ids.isEmpty && choosing { throw ValidationError(tr("Name articles or choose them with options, not both.")) }
      if ids.isEmpty && !choosing {
        throw ValidationError(tr("Name the articles, or choose them with --unread, --label or --since."))
      }
      if let since, Self.date(since) == nil {
        throw ValidationError(
          tr("--since must be an RFC 3339 time (2026-11-01T00:00:00Z) or a duration (7d, 12h) of up to 1000 years."))
      }
    }

    /// `wrote unread.epub: 3 articles, 2 images, 1.2 MB`.
    static func summary(_ summary: EPUBBook.Summary, output: String) -> String {
      let (articles, images, size) = (summary.chapters, summary.images, Formatted.size(summary.bytes))
      // One message per destination and per plural of the images: the articles' count chooses the form.
      switch (output == "-", images == 1) {
      case (false, true):
        return tr(
          one: "wrote \(output): \(articles) article, \(images) image, \(size)",
          other: "wrote \(output): \(articles) articles, \(images) image, \(size)", count: articles)
      case (false, false):
        return tr(
          one: "wrote \(output): \(articles) article, \(images) images, \(size)",
          other: "wrote \(output): \(articles) articles, \(images) images, \(size)", count: articles)
      case (true, true):
        return tr(
          one: "wrote standard output: \(articles) article, \(images) image, \(size)",
          other: "wrote standard output: \(articles) articles, \(images) image, \(size)", count: articles)
      case (true, false):
        return tr(
          one: "wrote standard output: \(articles) article, \(images) images, \(size)",
          other: "wrote standard output: \(articles) articles, \(images) images, \(size)", count: articles)
      }
    }

    static func date(_ text: String, now: Date = Date()) -> Date? {
      if let date = RFC3339.date(from: text) { return date }
      return Formatting.duration(text).map { now.addingTimeInterval(-$0) }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let opened = try store.openForReading()
        let chosen =
          ids.isEmpty
          ? try opened.selection(unread: unread, label: label, cachedSince: since.flatMap { Self.date($0) }) : ids
        guard !chosen.isEmpty else { throw ToolError(.failure, tr("no cached article matches; no book written")) }
        let book: EPUBBook
        do { book = try EPUBBook(path: output, standardOutput: ReadingOutput.standardOutput) } catch {
          throw ToolError(.ioError, "\(error)")
        }
        do {
          for id in chosen {
            guard let article = try opened.stored(id: id) else {
              // Named: the user's mistake. Chosen: pruned since the listing, nothing to add.
              if ids.isEmpty { continue }
              throw ToolError(.failure, tr("no article \(id) in the cache"))
            }
            try book.add(article)
          }
          let summary = try book.finish(title: title)
          try OutputSink.standardOutput.flush()
          diagnostics.info(Self.summary(summary, output: output))
        } catch let error as EPUBBook.BookError {
          book.abandon()
          throw ToolError(.ioError, "\(error)")
        } catch {
          book.abandon()
          throw error
        }
      }
    }
  }
}
