import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm", abstract: tr("Remove entries, with their versions and the recordings only they used."),
      discussion: HelpText.discussion(
        tr("Needs --yes. Writes each removed entry as a record, so that it can be added again."),
        examples: [Example("ail-log rm 3F2A 77B0 --yes", tr("Remove two entries."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry (the ones before it are removed)."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entries' ids or unique starts of them."))) var ids: [String]
    @Flag(help: ArgumentHelp(tr("Really remove them."))) var yes = false

    func validate() throws {
      if ids.isEmpty { throw ValidationError(tr("Name the entries to remove.")) }
      if !yes { throw ValidationError(tr("rm removes for good: add --yes.")) }
    }

    func run() throws {
      try runTool(log.diagnostics) {
        for entry in try log.open().remove(ids) { try OutputSink.standardOutput.emit(entry) }
        try OutputSink.standardOutput.flush()
      }
    }
  }
}
