import ArgumentParser
import Foundation
import Localization
import NotesStore
import PrivateFiles
import SQLiteStore
import ToolKit
import Wire

enum TransferFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, markdown, ailo }

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
        let store = try log.openForReading()
        let entries = try store.exportEntries()
        let colors = try store.categoryColors()
        guard let to else {
          let sink = OutputSink.standardOutput
          try Self.ndjson(entries, colors: colors, sink)
          try sink.flush()
          let recordings = entries.filter { $0.audio != nil }.count
          if recordings > 0 {
            log.diagnostics.warning(
              tr(
                one: "\(recordings) recording left out: export --to DIR keeps it",
                other: "\(recordings) recordings left out: export --to DIR keeps them", count: recordings))
          }
          return
        }
        try Self.makeFolder(to + "/audio")
        // Every file appears whole or not at all, so that an export stopped midway (a full disk,
        // a kill) leaves the previous backup in the folder as it was, never a truncated one.
        for entry in entries {
          guard let audio = entry.audio else { continue }
          let target = to + "/audio/" + audio
          // Named by its SHA-256 and only ever written whole: one already there is this recording.
          if !FileManager.default.fileExists(atPath: target) {
            guard let data = FileManager.default.contents(atPath: store.recordings.path(of: audio)) else {
              throw ToolError(.ioError, tr("cannot copy the recording \(audio) to \(target)"))
            }
            try Self.writeWhole(data, to: target)
          }
        }
        switch format {
        case .ndjson, .ailo:
          try Self.reportingWriteErrors {
            let file = try PartialFile(for: to + "/log.ndjson")
            do {
              let fd = open(file.partial, O_WRONLY | O_APPEND | O_CLOEXEC)
              guard fd >= 0 else { throw ToolError(.ioError, tr("cannot write \(file.path)")) }
              defer { close(fd) }
              let sink = OutputSink(fd: fd)
              try Self.ndjson(entries, colors: colors, sink)
              try sink.flush()
            } catch {
              file.abandon()
              throw error
            }
            try file.commit()
          }
        case .markdown:
          for entry in entries {
            try Self.writeWhole(Data(FrontMatter.document(entry).utf8), to: to + "/\(entry.id).md")
          }
        }
        log.diagnostics.info(
          tr(
            one: "exported \(entries.count) entry to \(to)", other: "exported \(entries.count) entries to \(to)",
            count: entries.count))
      }
    }

    static func ndjson(_ entries: [LogEntry], colors: [String: String], _ sink: OutputSink) throws {
      for (name, color) in colors.sorted(by: { $0.key < $1.key }) {
        try sink.emit(LogLabel(type: "category", name: name, color: color, entries: 0))
      }
      for entry in entries { try sink.emit(entry) }
    }

    private static func writeWhole(_ data: Data, to path: String) throws {
      try reportingWriteErrors { try PrivateFile.write(data, to: path) }
    }

    /// A file that could not be written is the tool's I/O error (74).
    private static func reportingWriteErrors(_ body: () throws -> Void) throws {
      do { try body() } catch let error as FileWriteError { throw ToolError(.ioError, error.description) }
    }

    static func makeFolder(_ path: String) throws {
      do {
        try PrivateFolder.make(path)
      } catch { throw ToolError(.ioError, tr("cannot make the folder \(path)")) }
    }
  }

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
        let store = try log.open(creating: true)
        var importer = Importer(
          store: store, audioFolder: PathParts.joining(folder, "audio"), diagnostics: diagnostics)
        switch chosen {
        case .ndjson:
          try importer.ndjson(isFolder.boolValue ? path + "/log.ndjson" : path, strict: strict)
        case .markdown:
          guard isFolder.boolValue else { throw ToolError(.usage, tr("--format markdown reads a folder: \(path)")) }
          try importer.markdown(folder: path, strict: strict)
        case .ailo:
          try importer.app(path, defaultCategory: try log.defaultCategory(), strict: strict)
        }
        try importer.finish()
      }
    }
  }
}

/// Entries put back one transaction each, with a tally for the summary.
struct Importer {
  let store: NoteLog
  let audioFolder: String
  let diagnostics: Diagnostics
  var added = 0
  var present = 0
  var bad = 0

  mutating func ndjson(_ file: String, strict: Bool) throws {
    let input = RecordInput(paths: [file], strict: strict, diagnostics: diagnostics, sink: nil)
    try input.forEachRecord { line in
      let head = try line.head()
      if head.kind == LogLabel.kind {
        let label = try line.decode(LogLabel.self)
        if label.type == "category" { try store.addCategory(label.name, color: label.color) }
        return
      }
      let entry = try line.decode(LogEntry.self)
      do { try restore(entry, audioPath: entry.audio.map { audioFolder + "/" + $0 }) } catch let error
        as NoteLog.LogError
      {
        try input.reject(line, error.description)
      }
    }
    bad += input.rejected
  }

  mutating func markdown(folder: String, strict: Bool) throws {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }
      .sorted()
    for name in names {
      let file = folder + "/" + name
      do {
        let (members, content) = try FrontMatter.parse(
          String(decoding: try InputFile.contents(of: file), as: UTF8.self))
        var object = members
        object["kind"] = .string(LogEntry.kind)
        object["content"] = .string(content)
        let entry = try LogEntry(members: object)
        try restore(entry, audioPath: entry.audio.map { audioFolder + "/" + $0 })
      } catch let error as FrontMatter.ParseError {
        try reject(file, error.description, strict: strict)
      } catch let error as DecodingError {
        try reject(file, WireCoding.describe(error), strict: strict)
      } catch let error as NoteLog.LogError {
        try reject(file, error.description, strict: strict)
      }
    }
  }

  mutating func app(_ file: String, defaultCategory: String, strict: Bool) throws {
    let bytes = try InputFile.contents(of: file)
    let json: JSONValue
    do { json = try bytes.withUnsafeBytes { try WireCoding.parse($0) } } catch {
      let reason = String(describing: error)
      throw ToolError(.dataError, tr("\(file): not JSON: \(reason)"))
    }
    let folder = PathParts.folder(of: file)
    for (entry, audio) in try AppExport.entries(json, defaultCategory: defaultCategory) {
      var path = audio
      if let given = audio, !FileManager.default.fileExists(atPath: given) {
        // The app's paths are from another machine: look beside the file.
        let beside = PathParts.joining(folder, PathParts.name(of: given))
        path = FileManager.default.fileExists(atPath: beside) ? beside : nil
        if path == nil { diagnostics.warning(tr("\(entry.title): recording \(given) not found, imported without it")) }
      }
      try restore(entry, audioPath: path, named: false)
    }
  }

  /// `named`: the file carries its stored name (an export), else it is named by its content.
  private mutating func restore(_ entry: LogEntry, audioPath: String?, named: Bool = true) throws {
    var entry = entry
    var content: ContentFiles.Content?
    if let audioPath {
      let read = try store.recordings.read(fileAt: audioPath)
      content =
        named ? store.recordings.content(named: PathParts.name(of: audioPath), data: read.data) : read
      entry.audio = content?.name
    }
    if try store.restore(entry, audio: content) { added += 1 } else { present += 1 }
  }

  /// A bad file of a Markdown export: `file: problem`, with `(skipped)` unless `strict` stops here.
  private mutating func reject(_ file: String, _ problem: String, strict: Bool) throws {
    bad += 1
    if strict { throw ToolError(.dataError, "\(file): \(problem)") }
    // TRANSLATORS: {0} is a file, {1} what is wrong with it (a message of its own); the file is left out.
    diagnostics.error(tr("\(file): \(problem) (skipped)"))
  }

  func finish() throws {
    diagnostics.info(
      present > 0
        ? tr(
          one: "imported \(added) entry, \(present) already there",
          other: "imported \(added) entries, \(present) already there", count: added)
        : tr(one: "imported \(added) entry", other: "imported \(added) entries", count: added))
    if bad > 0 {
      throw ToolError(.dataError, tr(one: "skipped \(bad) bad entry", other: "skipped \(bad) bad entries", count: bad))
    }
  }
}
