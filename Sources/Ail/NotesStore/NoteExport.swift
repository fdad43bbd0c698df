import Foundation
import Localization
import PrivateFiles
import SQLiteStore
public import Wire

/// The whole store as `ail-log export` writes it: NDJSON records (the categories' colours as
/// `log_label`, then every entry with its versions), or a folder — `log.ndjson` or one `ID.md` per
/// entry, the recordings in `audio/` by their stored names — whose every file appears whole or not
/// at all, so that an export stopped midway (a full disk, a kill) leaves the previous one as it was.
public struct NoteExport {
  public enum Layout: Sendable { case ndjson, markdown }

  /// A folder or file of the export that could not be made.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public let entries: [LogEntry]
  public let colors: [String: String]
  private let log: NoteLog

  public init(_ log: NoteLog) throws {
    self.log = log
    entries = try log.exportEntries()
    colors = try log.categoryColors()
  }

  /// Entries with a recording: standard output cannot carry them.
  public var recordings: Int { entries.count { $0.audio != nil } }

  /// The records of the NDJSON export, in order.
  public func forEachRecord(_ body: (any Encodable) throws -> Void) rethrows {
    for (name, color) in colors.sorted(by: { $0.key < $1.key }) {
      try body(LogLabel(type: "category", name: name, color: color, entries: 0))
    }
    for entry in entries { try body(entry) }
  }

  /// Writes the export into `folder`, made if missing: the recordings first, then the entries, so
  /// that an export whose entries are there has its recordings too. Throws ``Failure`` or
  /// `FileWriteError`.
  public func write(to folder: String, layout: Layout) throws {
    let audio = folder + "/audio"
    do { try PrivateFolder.make(audio) } catch { throw Failure(description: tr("cannot make the folder \(audio)")) }
    for name in entries.compactMap(\.audio) {
      let target = audio + "/" + name
      // Named by its SHA-256 and only ever written whole: one already there is this recording.
      guard !FileManager.default.fileExists(atPath: target) else { continue }
      guard let data = FileManager.default.contents(atPath: log.recordings.path(of: name)) else {
        throw Failure(description: tr("cannot copy the recording \(name) to \(target)"))
      }
      try PrivateFile.write(data, to: target)
    }
    switch layout {
    case .ndjson:
      var lines: [UInt8] = []
      try forEachRecord { lines += try WireCoding.line($0) }
      try PrivateFile.write(Data(lines), to: folder + "/log.ndjson")
    case .markdown:
      for entry in entries {
        try PrivateFile.write(Data(FrontMatter.document(entry).utf8), to: folder + "/\(entry.id).md")
      }
    }
  }
}
