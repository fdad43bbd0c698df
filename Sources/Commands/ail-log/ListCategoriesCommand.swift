import ArgumentParser
import Localization
import NotesStore
import ToolKit

extension AilLog {
  struct ListCategories: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: tr("Every category with its colour and entry count (log_label records)."))
    @OptionGroup var log: LogOptions
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(log.diagnostics) { try writeLabels(try log.openForReading().categories(), format: format) }
    }
  }
}
