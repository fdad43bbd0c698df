import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct Revert: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revert",
      abstract: tr("Put an earlier content back (the latest version unless --to says which)."),
      discussion: HelpText.discussion(
        tr("The content it replaces becomes a version too, so a revert can itself be reverted."),
        examples: [
          Example("ail-log revert 3F2A", tr("Undo the last change of the content.")),
          Example("ail-log revert 3F2A --to 1", tr("Back to the first version.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry or version."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String
    @Option(
      help: Revert.versionRange.help(tr("The version to put back (see history)."), valueName: "n"),
      transform: Revert.versionRange.parse)
    var to: Int?

    static let versionRange = NumberRange(1...1_000_000_000)

    func run() throws {
      try runTool(log.diagnostics) {
        try OutputSink.standardOutput.emit(try log.open().revert(id, to: to, now: LocalTime.now))
        try OutputSink.standardOutput.flush()
      }
    }
  }
}
