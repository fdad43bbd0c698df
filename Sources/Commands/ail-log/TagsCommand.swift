import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
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
