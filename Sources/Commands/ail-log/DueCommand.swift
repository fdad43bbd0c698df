import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
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
}
