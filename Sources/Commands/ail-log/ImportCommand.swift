import ArgumentParser
import Foundation
import Localization
import NotesStore
import PrivateFiles
import SQLiteStore
import ToolKit
import Wire

extension AilLog {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: tr("Read entries back from an export, or from the notes app's JSON (--format ailo)."),
      discussion: HelpText.discussion(
        tr(
          """
          PATH is an NDJSON file, a folder holding log.ndjson, or a folder of Markdown files as \
          "export" writes them; recordings are taken from the audio folder beside them. Entries \
          keep their ids, dates and versions; one whose id is already in the store is left as it \
          is. --format ailo reads the app's JSON array of LogEntry objects (id, title, content, \
          category, tags, reminderDate, audioURL, createdAt), recordings from their path or from \
          beside the file; an app file with a bad entry is refused whole. Each entry is its own \
          transaction; bad lines and files of an export are reported and skipped.
          """),
        examples: [
          Example("ail-log import backup", tr("Restore an export.")),
          Example("ail-log import --format ailo LogEntries.json", tr("Entries from the notes app.")),
        ],
        exitStatuses: [
          (.success, nil),
          (.dataError, tr("Bad entries, reported with their line, file or position; the good ones are in.")),
          (.noInput, tr("PATH does not exist.")),
        ]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The export: a file or a folder.")), completion: .file()) var path: String
    @Option(help: ArgumentHelp(tr("ndjson, markdown or ailo (default: what PATH looks like)."))) var format:
      TransferFormat?
    @Flag(help: ArgumentHelp(tr("Stop at the first bad entry (status 65)."))) var strict = false

    func run() throws {
      let diagnostics = log.diagnostics
      try runTool(diagnostics) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
          throw ToolError(.noInput, tr("no such file or folder: \(path)"))
        }
        let hasNDJSON = FileManager.default.fileExists(atPath: path + "/log.ndjson")
        let chosen = format ?? (isFolder.boolValue ? (hasNDJSON ? .ndjson : .markdown) : .ndjson)
        let folder = isFolder.boolValue ? path : PathParts.folder(of: path)
        var importer = NoteImport(
          into: try log.open(creating: true), audioFolder: PathParts.joining(folder, "audio"))
        var bad = 0
        switch chosen {
        case .ndjson:
          let input = RecordInput(
            paths: [isFolder.boolValue ? path + "/log.ndjson" : path], strict: strict, diagnostics: diagnostics,
            sink: nil)
          try input.forEachRecord { line in
            if try line.head().kind == LogLabel.kind { return try importer.label(line.decode(LogLabel.self)) }
            do { try importer.entry(line.decode(LogEntry.self)) } catch let error as NoteLog.LogError {
              try input.reject(line, error.description)
            }
          }
          bad = input.rejected
        case .markdown:
          guard isFolder.boolValue else { throw ToolError(.usage, tr("--format markdown reads a folder: \(path)")) }
          try importer.markdown(folder: path) { file, problem in
            bad += 1
            if strict { throw ToolError(.dataError, "\(file): \(problem)") }
            // TRANSLATORS: {0} is a file, {1} what is wrong with it (a message of its own); the file is left out.
            diagnostics.error(tr("\(file): \(problem) (skipped)"))
          }
        case .ailo:
          let bytes = try InputFile.contents(of: path)
          let json: JSONValue
          do { json = try bytes.withUnsafeBytes { try WireCoding.parse($0) } } catch {
            let reason = String(describing: error)
            throw ToolError(.dataError, tr("\(path): not JSON: \(reason)"))
          }
          try importer.app(json, file: path, defaultCategory: try log.defaultCategory()) { entry, given in
            diagnostics.warning(tr("\(entry.title): recording \(given) not found, imported without it"))
          }
        }
        try Self.summarize(importer, bad: bad, diagnostics)
      }
    }

    static func summarize(_ importer: NoteImport, bad: Int, _ diagnostics: Diagnostics) throws {
      let (added, present) = (importer.added, importer.present)
      diagnostics.info(
        present > 0
          ? tr(
            one: "imported \(added) entry, \(present) already there",
            other: "imported \(added) entries, \(present) already there", count: added)
          : tr(one: "imported \(added) entry", other: "imported \(added) entries", count: added))
      if bad > 0 {
        throw ToolError(
          .dataError, tr(one: "skipped \(bad) bad entry", other: "skipped \(bad) bad entries", count: bad))
      }
    }
  }
}
