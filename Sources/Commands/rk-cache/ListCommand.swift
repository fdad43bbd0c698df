public import ArgumentParser
import Foundation
import Localization
public import OfflineStore
import OfflineStoreCommandLine
import ToolKit
import Wire

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
}

extension OfflineStore.Sort: ExpressibleByArgument {}
