public import ArgumentParser
import Foundation
import Localization
public import NotesStore
import ToolKit
import Wire

extension NoteLog.Sort: ExpressibleByArgument {}

extension AilLog {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: tr("Entries as log_entry records, newest first; --due and --upcoming by reminder."),
      discussion: HelpText.discussion(
        tr("Filters combine: --category Work --tag urgent --since '7d ago' lists what matches all of them."),
        examples: [
          Example("ail-log list --limit 20 --format table", tr("The twenty newest, as a table.")),
          Example("ail-log list --upcoming --format table", tr("Reminders still to come, soonest first.")),
          Example("ail-log list --category Mail --since '7d ago'", tr("Mail filed this week.")),
        ],
        exitStatuses: [(.success, nil), (.noInput, nil)]))

    @OptionGroup var log: LogOptions
    @Option(help: ArgumentHelp(tr("Only entries in this category."))) var category: String?
    @Option(help: ArgumentHelp(tr("Only entries with this tag (any case)."))) var tag: String?
    @Flag(help: ArgumentHelp(tr("Only entries whose reminder has come."))) var due = false
    @Flag(help: ArgumentHelp(tr("Only entries whose reminder is still to come."))) var upcoming = false
    @Option(help: ArgumentHelp(tr("Only entries created since then ('7d ago', '2026-11-01')."), valueName: "when"))
    var since: String?
    @Option(help: ArgumentHelp(tr("Order: created (newest first), due (soonest reminder first), title.")))
    var sort: NoteLog.Sort?
    @Option(
      help: NumberRange.limit.help(
        tr("At most this many (0, or none given: all, as in rk-cache and rk-fetch)."), valueName: "limit"),
      transform: NumberRange.limit.parse)
    var limit: Int?
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func validate() throws {
      if due && upcoming { throw ValidationError(tr("Give --due or --upcoming, not both.")) }
    }

    func run() throws {
      try runTool(log.diagnostics) {
        let filter = NoteLog.Filter(
          category: category, tag: tag, reminders: due ? .due : upcoming ? .upcoming : .any,
          since: try since.map { try LocalTime.date($0, option: "--since", dayStart: true) },
          limit: limit == 0 ? nil : limit)
        try write(try log.openForReading().list(filter, sort: sort, now: LocalTime.now), format: format)
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: tr("An entry as Markdown with a small header; --content: its text alone."),
      discussion: HelpText.discussion(
        tr("--content writes the content exactly as stored, for a pipeline that changes it."),
        examples: [
          Example("ail-log show 3F2A", tr("Title, category, tags, dates, then the text.")),
          Example("ail-log show 3F2A --content | wc -w", tr("Count its words.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String
    @Flag(help: ArgumentHelp(tr("Only the content."))) var content = false

    func run() throws {
      try runTool(log.diagnostics) {
        let entry = try log.openForReading().entry(id)
        let sink = OutputSink.standardOutput
        try sink.write(content ? entry.content : Self.markdown(entry))
        try sink.flush()
      }
    }

    static func markdown(_ entry: LogEntry) -> String {
      var facts = [entry.category ?? "", entry.tags.map { "#" + $0 }.joined(separator: " ")]
      // TRANSLATORS: the facts in the header of "ail-log show"; {0} is a date and time.
      if let reminder = entry.reminder { facts.append(tr("reminder \(LocalTime.show(reminder))")) }
      facts.append(tr("created \(LocalTime.show(entry.createdAt))"))
      if entry.updatedAt != entry.createdAt { facts.append(tr("changed \(LocalTime.show(entry.updatedAt))")) }
      // TRANSLATORS: in the header of "ail-log show": {0} is the recording's file name.
      if let audio = entry.audio { facts.append(tr("audio \(audio)")) }
      // TRANSLATORS: in the header of "ail-log show": {0} is the sender of a filed mail.
      if let from = entry.source?.from { facts.append(tr("from \(from)")) }
      var text = "# \(entry.title)\n\n*" + facts.filter { !$0.isEmpty }.joined(separator: " · ") + "*\n\n"
      text += "id: \(entry.id)\n\n" + entry.content
      return text.hasSuffix("\n") ? text : text + "\n"
    }
  }

  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: tr("Full-text search in titles, contents and tags, best first, with snippets."),
      discussion: HelpText.discussion(
        tr(
          """
          Case and diacritics are folded ("cafe" finds "Café"). Plain words must all occur; \
          word* matches a prefix; FTS5 syntax (OR, NOT, "a phrase", title:word) works too. \
          Writes "log_hit" records with the matched words in [brackets] in the snippet.
          """),
        examples: [
          Example("ail-log search 'plumber tuesday'", tr("Entries with both words.")),
          Example("ail-log search 'title:meeting OR tags:work' --limit 5", tr("FTS5 syntax.")),
        ],
        exitStatuses: [(.success, nil), (.usage, tr("A query that is not valid FTS5 syntax."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("Words to look for."))) var query: [String]
    @Option(
      help: NumberRange.limit.help(tr("At most this many."), valueName: "limit", default: 20),
      transform: NumberRange.limit.parse)
    var limit = 20
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(log.diagnostics) {
        let hits = try log.openForReading().search(query.joined(separator: " "), limit: limit)
        let sink = OutputSink.standardOutput
        switch format {
        case .ndjson: for hit in hits { try sink.emit(hit) }
        case .table:
          let rows = hits.map {
            [String($0.id.prefix(8)), $0.title, $0.snippet.replacingOccurrences(of: "\n", with: " ")]
          }
          if !rows.isEmpty { try sink.write(Formatting.table([[tr("ID"), tr("TITLE"), tr("SNIPPET")]] + rows)) }
        }
        try sink.flush()
      }
    }
  }

  struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "due",
      abstract: tr("Entries whose reminder has come, soonest first; exits 1 when there are none."),
      discussion: HelpText.discussion(
        tr("For cron: nothing is written and the status is 1 when nothing is due."),
        examples: [
          Example(
            "ail-log due --format table > due.txt && notify-send Due \"$(cat due.txt)\"",
            tr("A desktop notification when something is due."))
        ],
        exitStatuses: [(.success, tr("Something is due.")), (.failure, tr("Nothing is due."))]))

    @OptionGroup var log: LogOptions
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(log.diagnostics) {
        let due = try log.openForReading().list(NoteLog.Filter(reminders: .due), now: LocalTime.now)
        guard !due.isEmpty else { throw ExitCode(ExitStatus.failure.rawValue) }
        try write(due, format: format)
      }
    }
  }

  struct Audio: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "audio",
      abstract: tr("The path of an entry's stored recording."),
      discussion: HelpText.discussion(
        tr("Exits 1 when the entry has no recording."),
        examples: [Example("mpv \"$(ail-log audio 3F2A)\"", tr("Play it."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry, or it has no recording."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String

    func run() throws {
      try runTool(log.diagnostics) {
        guard let path = try log.openForReading().audioPath(id) else {
          throw ToolError(.failure, tr("entry \(id) has no recording"))
        }
        try OutputSink.standardOutput.write(path + "\n")
        try OutputSink.standardOutput.flush()
      }
    }
  }

  struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tags",
      abstract: tr("Every tag with how many entries carry it, most used first (log_label records)."),
      discussion: HelpText.discussion(
        tr("Tags that differ only in case count as one."),
        examples: [Example("ail-log tags --format table", tr("As a table."))], exitStatuses: [(.success, nil)]))

    @OptionGroup var log: LogOptions
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(log.diagnostics) { try writeLabels(try log.openForReading().tags(), format: format) }
    }
  }
}

/// Tags or categories on standard output.
func writeLabels(_ labels: [LogLabel], format: OutputFormat) throws {
  let sink = OutputSink.standardOutput
  switch format {
  case .ndjson: for label in labels { try sink.emit(label) }
  case .table:
    let rows = labels.map { [$0.name, String($0.entries), $0.color ?? ""] }
    // TRANSLATORS: the headings of "ail-log tags --format table" and "ail-log categories --format table".
    if !rows.isEmpty { try sink.write(Formatting.table([[tr("NAME"), tr("ENTRIES"), tr("COLOR")]] + rows)) }
  }
  try sink.flush()
}
