import Foundation
import Localization
import PrivateFiles
import SQLiteStore
public import Wire

/// Entries put back from an export (NDJSON records or a folder of Markdown files) or from the notes
/// app's JSON, one transaction each, counted. Entries keep their ids, dates and versions; one whose
/// id is already in the store stays as it is.
public struct NoteImport {
  public let log: NoteLog
  /// Where an export's recordings are: `audio/` beside its entries.
  public let audioFolder: String
  public private(set) var added = 0
  public private(set) var present = 0

  public init(into log: NoteLog, audioFolder: String) {
    self.log = log
    self.audioFolder = audioFolder
  }

  /// A `log_label` record of an NDJSON export: a category keeps its colour.
  public func label(_ label: LogLabel) throws {
    if label.type == "category" { try log.addCategory(label.name, color: label.color) }
  }

  /// A `log_entry` record of an NDJSON export, with its recording from the audio folder.
  public mutating func entry(_ entry: LogEntry) throws {
    try restore(entry, audioPath: entry.audio.map { audioFolder + "/" + $0 })
  }

  /// The `.md` files of an export folder, in name order. A file that is not an entry goes to
  /// `reject` with the reason, in the user's language, and the others are read.
  public mutating func markdown(folder: String, reject: (_ file: String, _ problem: String) throws -> Void) throws {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }
      .sorted()
    for name in names {
      let file = folder + "/" + name
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ContentFiles.UnreadableFile(path: file)
      }
      do {
        let (members, content) = try FrontMatter.parse(String(decoding: data, as: UTF8.self))
        var object = members
        object["kind"] = .string(LogEntry.kind)
        object["content"] = .string(content)
        try self.entry(try LogEntry(members: object))
      } catch let error as FrontMatter.ParseError {
        try reject(file, error.description)
      } catch let error as DecodingError {
        try reject(file, WireCoding.describe(error))
      } catch let error as NoteLog.LogError {
        try reject(file, error.description)
      }
    }
  }

  /// The entries of the app's JSON `file`, parsed as `json`; the app's recording paths are from
  /// another machine, so one not found is looked for beside the file, and an entry whose recording
  /// is not there either is imported without it and passed to `missing`.
  public mutating func app(
    _ json: JSONValue, file: String, defaultCategory: String, missing: (_ entry: LogEntry, _ path: String) -> Void
  ) throws {
    let folder = PathParts.folder(of: file)
    for (entry, audio) in try AppExport.entries(json, defaultCategory: defaultCategory) {
      var path = audio
      if let given = audio, !FileManager.default.fileExists(atPath: given) {
        let beside = PathParts.joining(folder, PathParts.name(of: given))
        path = FileManager.default.fileExists(atPath: beside) ? beside : nil
        if path == nil { missing(entry, given) }
      }
      try restore(entry, audioPath: path, named: false)
    }
  }

  /// `named`: the file carries its stored name (an export), else it is named by its content.
  private mutating func restore(_ entry: LogEntry, audioPath: String?, named: Bool = true) throws {
    var entry = entry
    var content: ContentFiles.Content?
    if let audioPath {
      let read = try log.recordings.read(fileAt: audioPath)
      content = named ? log.recordings.content(named: PathParts.name(of: audioPath), data: read.data) : read
      entry.audio = content?.name
    }
    if try log.restore(entry, audio: content) { added += 1 } else { present += 1 }
  }
}
