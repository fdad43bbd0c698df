import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: tr("An entry's earlier contents as log_version records, oldest (1) first."),
      discussion: HelpText.discussion(
        tr("Each edit that changed the content, and each revert, kept the content it replaced."),
        examples: [Example("ail-log history 3F2A", tr("What it said before."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String

    func run() throws {
      try runTool(log.diagnostics) {
        for version in try log.openForReading().versions(id) { try OutputSink.standardOutput.emit(version) }
        try OutputSink.standardOutput.flush()
      }
    }
  }
}
