import ArgumentParser
import Foundation
import Localization
import NotesStore
import PrivateFiles
import SQLiteStore
import ToolKit
import Wire

extension AilLog {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: tr("Every entry with its versions and recording: NDJSON, or a folder of Markdown files."),
      discussion: HelpText.discussion(
        tr(
          """
          ndjson writes the categories' colours as log_label records, then one log_entry per \
          entry, oldest first, with its earlier contents in "versions"; to standard output, or \
          with --to DIR into DIR/log.ndjson with the recordings in DIR/audio/. markdown writes \
          DIR/ID.md per entry: front matter (one JSON value per line), then the content as it is, \
          for a person to read and edit; recordings in DIR/audio/. "import" reads either back.
          """),
        examples: [
          Example("ail-log export --to backup", tr("backup/log.ndjson and backup/audio/.")),
          Example("ail-log export --format markdown --to notes", tr("One Markdown file per entry.")),
          Example("ail-log export | jq -r .title", tr("Titles, from standard output.")),
        ],
        exitStatuses: [
          (.success, nil), (.usage, tr("markdown without --to.")), (.ioError, tr("The folder cannot be written.")),
        ]))

    @OptionGroup var log: LogOptions
    @Option(help: ArgumentHelp(tr("ndjson or markdown."))) var format: TransferFormat = .ndjson
    @Option(
      help: ArgumentHelp(tr("The folder to write into (made if missing)."), valueName: "dir"), completion: .directory)
    var to: String?

    func validate() throws {
      if format == .ailo {
        throw ValidationError(tr("ailo is the app's format: import reads it, export does not write it."))
      }
      if format == .markdown && to == nil { throw ValidationError(tr("--format markdown needs --to DIR.")) }
    }

    func run() throws {
      try runTool(log.diagnostics) {
        let export = try NoteExport(try log.openForReading())
        guard let to else {
          let sink = OutputSink.standardOutput
          try export.forEachRecord { try sink.emit($0) }
          try sink.flush()
          if export.recordings > 0 {
            log.diagnostics.warning(
              tr(
                one: "\(export.recordings) recording left out: export --to DIR keeps it",
                other: "\(export.recordings) recordings left out: export --to DIR keeps them", count: export.recordings)
            )
          }
          return
        }
        // A file or folder of the export that could not be written is the tool's I/O error (74).
        do {
          try export.write(to: to, layout: format == .markdown ? .markdown : .ndjson)
        } catch let error as NoteExport.Failure {
          throw ToolError(.ioError, error.description)
        } catch let error as FileWriteError {
          throw ToolError(.ioError, error.description)
        }
        let count = export.entries.count
        log.diagnostics.info(
          tr(one: "exported \(count) entry to \(to)", other: "exported \(count) entries to \(to)", count: count))
      }
    }
  }
}
