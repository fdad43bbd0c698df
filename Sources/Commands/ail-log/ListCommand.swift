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
}
