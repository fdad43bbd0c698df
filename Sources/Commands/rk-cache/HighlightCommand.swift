import ArgumentParser
import ArticleFormats
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Highlight: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "highlight",
      abstract: tr(
        "Highlight a passage of a cached article, offline; or edit or delete a highlight. rk-push sends it."),
      discussion: HelpText.discussion(
        tr(
          """
          Finds the quoted text in the article as the store has it (runs of white space count as \
          one space, typographic quotes as straight ones), computes where it lies as Readeck's \
          server counts it, and queues it for rk-push; the highlight is kept at once under a local \
          id (local-hl-N), so "rk-cache highlights", show, search, page, text and epub have it \
          before any sync. The quote may run across paragraphs, list items and table cells. A \
          quote found more than once needs \
          --occurrence: the message shows each occurrence with its surroundings. A quote that is \
          not found or that touches a highlight already there is refused, and nothing is queued.

          --edit gives a highlight (a server id or a local one) a new colour or note; --delete \
          deletes it. Both are queued too. Each writes a "queued_highlight" record; "rk-cache \
          pending" lists them and "rk-cache pending --drop ID" takes one back. rk-push writes a \
          "highlight" record with the server's id and text for each one created or edited, \
          "highlight_deleted" for each one deleted, and "gone" for one the server no longer has.
          """),
        examples: [
          Example(
            "rk-cache highlight WNBGvKQgFsLwHwy4i89q53 'Kettle before it right' --note 'check this'",
            tr("Highlight a passage with a note.")),
          Example(
            "rk-cache highlight WNBGvKQgFsLwHwy4i89q53 compass --occurrence 2 --color blue",
            tr("The second of several occurrences, in blue.")),
          Example("rk-cache highlight --edit hl1 --color red", tr("Another colour for a highlight.")),
          Example("rk-cache highlight --delete hl2 && rk-push", tr("Delete a highlight, on the server too.")),
        ],
        exitStatuses: [
          (.success, tr("Queued.")),
          (.failure, tr("No such article in the store, or no such highlight.")),
          (.dataError, tr("The quote is not in the article, is there more than once, or touches a highlight.")),
          (.noInput, tr("No store at the path.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's bookmark id, then the text to highlight."), valueName: "id"))
    var arguments: [String] = []
    @Option(help: ArgumentHelp(tr("A note on the highlight (at most 1,024 characters)."), valueName: "text"))
    var note: String?
    @Option(help: ArgumentHelp(tr("yellow (the default), red, blue or green."), valueName: "color"))
    var color: String?
    @Option(help: ArgumentHelp(tr("Which occurrence of the quote, counted from 1."), valueName: "k"))
    var occurrence: Int?
    @Option(help: ArgumentHelp(tr("Give this highlight a new --color or --note instead."), valueName: "id"))
    var edit: String?
    @Option(help: ArgumentHelp(tr("Delete this highlight instead."), valueName: "id"))
    var delete: String?

    func validate() throws {
      if let color, !HighlightColor.names.contains(color) {
        let colors = HighlightColor.names.joined(separator: ", ")
        throw ValidationError(tr("--color is one of \(colors)."))
      }
      if let note, note.count > 1024 { throw ValidationError(tr("--note is longer than 1,024 characters.")) }
      if let occurrence, occurrence < 1 { throw ValidationError(tr("--occurrence counts from 1.")) }
      switch (edit, delete) {
      case (nil, nil):
        if arguments.count != 2 { throw ValidationError(tr("give the article's id and the text to highlight.")) }
      case (.some, nil):
        if !arguments.isEmpty || occurrence != nil {
          throw ValidationError(tr("--edit takes only --color and --note."))
        }
        if color == nil, note == nil { throw ValidationError(tr("--edit needs --color or --note.")) }
      case (nil, .some):
        if !arguments.isEmpty || occurrence != nil || color != nil || note != nil {
          throw ValidationError(tr("--delete takes nothing else."))
        }
      case (.some, .some):
        throw ValidationError(tr("--edit and --delete go alone."))
      }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.open()
        let queued: QueuedHighlight
        do {
          if let edit {
            queued = try offline.queueHighlightEdit(id: edit, color: color, note: note)
          } else if let delete {
            queued = try offline.queueHighlightDelete(id: delete)
          } else {
            queued = try place(arguments[0], arguments[1], in: offline)
          }
        } catch let problem as HighlightQueueProblem {
          switch problem {
          case .unknown(let id): throw ToolError(.failure, tr("no highlight \(id) in the store"))
          case .beingDeleted(let id): throw ToolError(.failure, tr("highlight \(id) is queued for deletion"))
          case .beingSent(let id):
            throw ToolError(.failure, tr("highlight \(id) was sent without an answer; run rk-push first"))
          }
        }
        let sink = OutputSink.standardOutput
        try sink.emit(queued)
        try sink.flush()
        diagnostics.info(tr("queued for rk-push: \(queued.action.rawValue) \(queued.id)"))
      }
    }

    private func place(_ id: String, _ quote: String, in offline: OfflineStore) throws -> QueuedHighlight {
      guard let html = try offline.cachedHTML(id: id) else {
        throw ToolError(.failure, tr("no article \(id) in the cache"))
      }
      let expected = try offline.articleHighlights(id: id) ?? ArticleHighlights()
      let anchor: HighlightAnchor
      do {
        anchor = try HighlightPlacement(html: html).place(quote, occurrence: occurrence, besides: expected)
      } catch {
        throw ToolError(.dataError, Self.describe(error))
      }
      return try offline.queue(
        NewHighlight(bookmarkID: id, anchor: anchor, color: color ?? HighlightColor.defaultName, note: note))
    }

    static func describe(_ problem: HighlightPlacement.Problem) -> String {
      switch problem {
      case .emptyQuote: return tr("the quote is empty")
      case .notFound: return tr("the quote is not in the article")
      case .ambiguous(let places):
        let count = places.count
        // TRANSLATORS: {0} is how many times the quote was found; each occurrence follows on its own line.
        let heading = tr("the quote is in the article \(count) times; choose one with --occurrence:")
        return heading + places.enumerated().map { "\n  \($0.offset + 1): \($0.element)" }.joined()
      case .noSuchOccurrence(let given, let found):
        return tr(
          one: "--occurrence \(given): the quote is in the article \(found) time",
          other: "--occurrence \(given): the quote is in the article \(found) times", count: found)
      case .overlaps(let id): return tr("the quote touches highlight \(id)")
      case .outsideElements: return tr("the quote lies outside the article's elements")
      case .nestedTooDeeply:
        return tr("the article nests more than 512 elements deep, which the server's parser refuses")
      }
    }
  }
}
