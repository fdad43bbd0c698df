import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
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
}
