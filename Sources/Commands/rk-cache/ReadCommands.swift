public import ArgumentParser
import Foundation
import Localization
public import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, table }

extension RKCache {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: tr("Cached articles as cache_entry records, newest cached first."),
      discussion: HelpText.discussion(
        tr(
          """
          One "cache_entry" record per article, with its local state (is_archived, is_marked, \
          read_progress: the server's as last seen, offline changes applied) and "pending", the \
          fields with a change rk-push has yet to send; --format table for people (STATE ends with \
          * while a change is pending).

          Links saved with "rk-cache add" come first, as "queued_link" records, until a sync \
          stores their articles: STATE queued (waiting for rk-push), sent (sent, no answer yet) or \
          created (on the server, the article not yet synced).
          """),
        examples: [
          Example("rk-cache list --format table --limit 10", tr("The ten newest, as a table.")),
          Example("rk-cache list --sort size | head -3", tr("The three largest.")),
        ],
        exitStatuses: [(.success, nil), (.ioError, nil)]))

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp(tr("Only articles with this label."))) var label: String?
    @Option(help: ArgumentHelp(tr("Only articles from this site."))) var site: String?
    @Option(
      help: NumberRange.limit.help(tr("At most this many."), valueName: "limit"), transform: NumberRange.limit.parse)
    var limit: Int?
    @Option(
      help: ArgumentHelp(tr("Order: cached (newest first), accessed (last read first), size (largest first), title.")))
    var sort: OfflineStore.Sort = .cached
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline = try store.openForReading()
        var links = try offline.queuedLinks().filter { link in
          (label.map(link.labels.contains) ?? true) && (site.map { Self.host(of: link.url) == $0.lowercased() } ?? true)
        }
        if let limit { links = Array(links.prefix(limit)) }
        let entries = try offline.list(label: label, site: site, limit: limit.map { $0 - links.count }, sort: sort)
        let sink = OutputSink.standardOutput
        switch format {
        case .ndjson:
          for link in links { try sink.emit(link) }
          for entry in entries { try sink.emit(entry) }
        case .table:
          let linkRows = links.map {
            [$0.id, Formatted.dateTime($0.queuedAt), "-", Self.state($0.state), $0.title ?? $0.url]
          }
          let rows = entries.map {
            [$0.id, Formatted.dateTime($0.cachedAt), Formatted.size($0.bytes), Self.state($0), $0.title]
          }
          try sink.write(Formatting.table([Self.headings] + linkRows + rows))
        }
        try sink.flush()
      }
    }

    /// The table's headings, in capitals as `ps` writes them.
    static var headings: [String] {
      // TRANSLATORS: the headings of "rk-cache list --format table": the article's id, when it was
      // cached, its size, its state (archived, favourite, progress) and its title. Capitals.
      [tr("ID"), tr("CACHED"), tr("SIZE"), tr("STATE"), tr("TITLE")]
    }

    /// A saved link's way to the server, in the STATE column.
    static func state(_ state: QueuedLink.State) -> String {
      switch state {
      // TRANSLATORS: STATE of a link saved offline, waiting for rk-push ("rk-cache list --format table").
      case .queued: tr("queued")
      // TRANSLATORS: STATE of a link rk-push sent without getting an answer.
      case .sent: tr("sent")
      // TRANSLATORS: STATE of a link the server created; its article is not synced yet.
      case .created: tr("created")
      }
    }

    /// The host of a link, lower-cased, as --site compares it.
    static func host(of url: String) -> String {
      let key = SavedLink.key(url)
      guard let start = key.range(of: "://")?.upperBound else { return "" }
      let authority = key[start...].prefix { !"/?".contains($0) }
      return String(authority.split(separator: "@").last ?? "")
    }

    /// `archived,favourite,40%` and a `*` when a change waits for rk-push; `-` for an unread one.
    static func state(_ entry: CacheEntry) -> String {
      var parts: [String] = []
      // TRANSLATORS: a word in the STATE column of "rk-cache list --format table".
      if entry.archived == true { parts.append(tr("archived")) }
      // TRANSLATORS: a word in the STATE column of "rk-cache list --format table".
      if entry.marked == true { parts.append(tr("favourite")) }
      if let progress = entry.progress, progress > 0 { parts.append("\(progress)%") }
      return (parts.isEmpty ? "-" : parts.joined(separator: ",")) + ((entry.pending ?? []).isEmpty ? "" : "*")
    }
  }

  struct HTML: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "html",
      abstract: tr(
        "An article's HTML with its images in place, ready to open offline; records when it was opened."),
      discussion: HelpText.discussion(
        tr(
          """
          Writes the HTML exactly as it was stored, embedded images included, and records the \
          time of the access (the order of "rk-prune --strategy lru" and "rk-cache list --sort \
          accessed"); the article stays unread on the server. --mark-read also does what a reader \
          finishing the article does: progress 100 and archived, queued for rk-push like \
          "rk-cache mark".
          """),
        examples: [
          Example("rk-cache html WNBGvKQgFsLwHwy4i89q53 > a.html && xdg-open a.html", tr("Read it.")),
          Example("rk-cache html WNBGvKQgFsLwHwy4i89q53 --mark-read > a.html", tr("Read it to the end: archived.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such article."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String
    @Flag(help: ArgumentHelp(tr("Also set progress 100 and archive it, queued for rk-push."))) var markRead = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline = try store.open()
        guard let html = try offline.html(id: id) else {
          throw ToolError(.failure, tr("no article \(id) in the cache"))
        }
        if markRead, !(try offline.mark(ids: [id], .finishedReading).isEmpty) {
          throw ToolError(.failure, tr("no article \(id) in the cache"))  // removed meanwhile
        }
        let sink = OutputSink.standardOutput
        try sink.write(html)
        try sink.flush()
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: tr("One article's metadata as a cache_entry record."),
      discussion: HelpText.discussion(
        tr(
          "Does not mark the article as read. The record shows the local state and the fields with a pending change; the article's highlights follow it as \"highlight\" records, in the order they were made."
        ),
        examples: [Example("rk-cache show WNBGvKQgFsLwHwy4i89q53", tr("Its record."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such article."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        let offline = try store.openForReading()
        guard let entry = try offline.entry(id: id) else {
          throw ToolError(.failure, tr("no article \(id) in the cache"))
        }
        let sink = OutputSink.standardOutput
        try sink.emit(entry)
        for highlight in try offline.highlights(bookmarkIDs: [id]) { try sink.emit(highlight) }
        try sink.flush()
      }
    }
  }

  struct Has: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "has", abstract: tr("Whether an article is cached: exit 0 for yes, 1 for no."),
      discussion: HelpText.discussion(
        tr("Prints nothing."),
        examples: [Example("rk-cache has \"$id\" || echo missing", tr("A predicate for scripts."))],
        exitStatuses: [(.success, tr("Cached.")), (.failure, tr("Not cached."))]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        if try !store.openForReading().contains(id: id) { throw ExitCode(ExitStatus.failure.rawValue) }
      }
    }
  }

  struct IDs: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ids",
      abstract: tr("The ids of the cached articles, one per line, newest cached first."),
      discussion: HelpText.discussion(
        tr(
          "Made for rk-fetch --skip-ids. --saved writes instead the ids of the links saved with \"rk-cache add\" that the server created and whose articles are not stored yet, and --stale those of cached articles whose highlights changed on the server since they were fetched (after \"rk-fetch --highlights | rk-cache store\"; ids, colours and notes compared), both for rk-fetch --also-ids, which fetches them again."
        ),
        examples: [
          Example(
            "rk-cache ids | rk-fetch --limit 0 --skip-ids - | rk-cache store",
            tr("Fetch every unread article that is not cached yet.")),
          Example(
            "rk-cache ids --saved > saved.txt && rk-cache ids | rk-fetch --skip-ids - --also-ids saved.txt | rk-cache store",
            tr("The newest 20 unread articles and every saved link loaded since, however many.")),
        ],
        exitStatuses: [(.success, tr("Also when there is no store yet: before the first sync, nothing is cached."))]))

    @OptionGroup var store: StoreOptions
    @Flag(
      help: ArgumentHelp(tr("The links saved with rk-cache add and created on the server, article not yet stored.")))
    var saved = false
    @Flag(help: ArgumentHelp(tr("The cached articles whose highlights changed on the server since they were fetched.")))
    var stale = false

    func run() throws {
      try runTool(store.common.diagnostics(for: "rk-cache")) {
        // A store the first sync has yet to create holds no ids; saying so as an error would fail
        // that very sync's pipeline.
        guard FileManager.default.fileExists(atPath: store.path) else { return }
        let sink = OutputSink.standardOutput
        let offline = try store.openForReading()
        var ids = saved ? try offline.queuedLinks().filter { $0.state == .created }.map(\.id) : []
        if stale { ids += try offline.articlesWithStaleHighlights() }
        if !saved, !stale { ids = try offline.ids() }
        for id in ids { try sink.write(id + "\n") }
        try sink.flush()
      }
    }
  }

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

extension OfflineStore.Sort: ExpressibleByArgument {}
