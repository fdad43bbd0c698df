import ArgumentParser
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

extension RKCache {
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: tr("Save links to Readeck, offline: queued in the store, created on the server by rk-push."),
      discussion: HelpText.discussion(
        tr(
          """
          Queues each link (http or https, no white space, at most 1,024 characters) and writes a \
          "queued_link" record for it, whose id (local-N) stands for the bookmark until rk-push has \
          the server create it; the record of a link already queued is written again. A link whose \
          article is cached or that waits in the queue already is named and not queued twice: \
          scheme and host are compared without regard to case, the fragment (#…) not at all. \
          "rk-cache pending" and "rk-cache list" show the queued links, "rk-cache stats" counts \
          them; the next sync after rk-push fetches the article once the server has loaded it.

          With - the links are read from standard input, one a line; blank lines and lines \
          starting with # are skipped. A bad line is named with its number and nothing is queued \
          for it; the other lines are queued. A bad link given as an argument queues nothing.
          """),
        examples: [
          Example("rk-cache add https://example.org/article --label later", tr("Save a link; rk-push sends it.")),
          Example("rk-cache add - < reading-list.txt", tr("Save every link of a file, one a line.")),
          Example("rk-cache add https://example.org/article && rk-push", tr("Save it on the server now.")),
        ],
        exitStatuses: [
          (.success, tr("Every link was queued, or was already cached or queued.")),
          (.dataError, tr("A line of standard input is not a link that can be saved (the others are queued).")),
          (.usage, tr("A link given as an argument cannot be saved (nothing is queued).")),
          (.ioError, nil),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The links to save, or - to read them from standard input."), valueName: "url"))
    var urls: [String] = []
    @Option(help: ArgumentHelp(tr("Give the bookmarks this label (repeatable)."), valueName: "label"))
    var label: [String] = []
    @Option(help: ArgumentHelp(tr("The bookmark's title, for one link (else the server takes the page's)."))) var title:
      String?

    private var fromInput: Bool { urls == ["-"] }

    func validate() throws {
      if urls.isEmpty { throw ValidationError(tr("give the links to save, or - to read them from standard input.")) }
      if urls.count > 1, urls.contains("-") {
        throw ValidationError(tr("- reads the links from standard input alone."))
      }
      if let title {
        if urls.count > 1 || fromInput { throw ValidationError(tr("--title goes with one link.")) }
        if title.count > SavedLink.maximumLength {
          throw ValidationError(tr("--title is longer than 1,024 characters."))
        }
      }
      if label.contains(where: \.isEmpty) { throw ValidationError(tr("a label cannot be empty.")) }
      if !fromInput {
        for url in urls {
          if let problem = SavedLink.problem(url) { throw ValidationError("\(url): \(Self.describe(problem))") }
        }
      }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let (links, badLines) = fromInput ? try readLinks(diagnostics) : (urls.map(link), 0)
        let outcomes = links.isEmpty ? [] : try store.open(creating: true).queue(links: links)
        let sink = OutputSink.standardOutput
        var queued = 0
        for (link, outcome) in zip(links, outcomes) {
          switch outcome {
          case .queued(let record):
            queued += 1
            try sink.emit(record)
          case .alreadyQueued(let record):
            try sink.emit(record)
            let id = record.id
            diagnostics.info(tr("\(link.url): already queued as \(id)"))
          case .alreadyCached(let id):
            diagnostics.info(tr("\(link.url): already cached as \(id)"))
          }
        }
        try sink.flush()
        diagnostics.info(
          tr(one: "queued for rk-push: \(queued) link", other: "queued for rk-push: \(queued) links", count: queued))
        if badLines > 0 {
          throw ToolError(
            .dataError,
            tr(one: "skipped \(badLines) bad input line", other: "skipped \(badLines) bad input lines", count: badLines)
          )
        }
      }
    }

    private func link(_ url: String) -> NewLink { NewLink(url: url, title: title, labels: label) }

    /// The links of standard input and how many lines were bad (each named on stderr).
    private func readLinks(_ diagnostics: Diagnostics) throws -> ([NewLink], Int) {
      var links: [NewLink] = []
      var bad = 0
      let reader = try LineReader(path: "-", maxLineBytes: 1 << 20)
      let source = reader.name
      try reader.forEachLine { bytes, number in
        guard let text = String(validating: bytes, as: UTF8.self) else {
          bad += 1
          diagnostics.error(tr("\(source):\(number): \(tr("not UTF-8 text")) (line skipped)"))
          return
        }
        let line = text.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { return }
        if let problem = SavedLink.problem(line) {
          bad += 1
          let reason = Self.describe(problem)
          diagnostics.error(tr("\(source):\(number): \(reason) (line skipped)"))
          return
        }
        links.append(link(line))
      }
      return (links, bad)
    }

    static func describe(_ problem: SavedLink.Problem) -> String {
      switch problem {
      case .empty: tr("an empty link")
      case .notWeb: tr("not an http or https link")
      case .whiteSpace: tr("white space in the link")
      case .tooLong(let characters): tr("longer than 1,024 characters (\(characters))")
      }
    }
  }
}
