import ArgumentParser
import Foundation
import OfflineStore
import Reading
import StoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct EPUB: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "epub",
      abstract: "Cached articles as one EPUB 3 book for an e-reader.",
      discussion: HelpText.discussion(
        """
        One chapter per article (title, byline, link to the original, the article), each image \
        once as a file in the book however many articles show it, a table of contents, title, \
        authors and dates in the metadata, and a stylesheet that leaves fonts and colours to the \
        reader. Name the articles, or choose them with --unread, --label and --since (together: \
        all three must hold), newest cached first. The book passes epubcheck; the file appears \
        only when complete (mode 0600). Does not mark the articles read.
        """,
        examples: [
          Example("rk-cache epub --unread -o unread.epub", "Every unread article as one book."),
          Example("rk-cache epub --label longread --since 7d -o week.epub", "A week's long reads."),
          Example("rk-cache epub WNBGvKQgFsLwHwy4i89q53 -o a.epub", "One article."),
          Example("rk-cache epub --unread -o - | ssh reader 'cat > unread.epub'", "To standard output."),
        ],
        exitStatuses: [
          (.success, nil), (.failure, "A named article is not cached, or none is chosen."),
          (.ioError, "The book cannot be written."),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: "The articles' ids, in the book's order.") var ids: [String] = []
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "The book to write (through a symbolic link to its target; - for standard output).", valueName: "file.epub"),
      completion: .file(extensions: ["epub"]))
    var output: String
    @Flag(help: "The articles not archived on the server.") var unread = false
    @Option(help: "The articles with this label.") var label: String?
    @Option(
      help: ArgumentHelp(
        "The articles cached since this RFC 3339 time, or within this duration (7d, 12h).", valueName: "when"))
    var since: String?
    @Option(help: "The book's title (default: the article's, or \"Readeck articles, DATE\").") var title: String?

    func validate() throws {
      let choosing = unread || label != nil || since != nil
      if !ids.isEmpty && choosing { throw ValidationError("Name articles or choose them with options, not both.") }
      if ids.isEmpty && !choosing {
        throw ValidationError("Name the articles, or choose them with --unread, --label or --since.")
      }
      if let since, Self.date(since) == nil {
        throw ValidationError(
          "--since must be an RFC 3339 time (2026-11-01T00:00:00Z) or a duration (7d, 12h) of up to 1000 years.")
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
          ids.isEmpty ? try opened.ids(unread: unread, label: label, cachedSince: since.flatMap { Self.date($0) }) : ids
        guard !chosen.isEmpty else { throw ToolError(.failure, "no cached article matches; no book written") }
        let book: EPUBBook
        do { book = try EPUBBook(path: output, standardOutput: ReadingOutput.standardOutput) } catch {
          throw ToolError(.ioError, "\(error)")
        }
        do {
          for id in chosen {
            guard let article = try opened.stored(id: id) else {
              // Named: the user's mistake. Chosen: pruned since the listing, nothing to add.
              if ids.isEmpty { continue }
              throw ToolError(.failure, "no article \(id) in the cache")
            }
            try book.add(article)
          }
          let summary = try book.finish(title: title)
          try OutputSink.standardOutput.flush()
          diagnostics.info(
            "wrote \(ReadingOutput.name(output)): \(Formatting.count(summary.chapters, "article")), \(Formatting.count(summary.images, "image")), \(Formatting.size(summary.bytes))"
          )
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
