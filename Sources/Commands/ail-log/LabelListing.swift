import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

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
