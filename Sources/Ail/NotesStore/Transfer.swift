import Foundation
import GRDB
import Localization
import PrivateFiles
public import SQLiteStore
public import Wire

/// Export and import: every entry with its versions and recording, restored as it was.
extension NoteLog {
  /// Every entry, oldest first, with its earlier contents in `versions` (left out when none).
  public func exportEntries() throws -> [LogEntry] {
    try reading { db in
      try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM entry ORDER BY created_at, id").map { row in
        var entry = Self.entry(row)
        let versions = try Self.versions(db, entry.id)
        entry.versions = versions.isEmpty ? nil : versions
        return entry
      }
    }
  }

  /// Puts an exported entry back as it was (id, dates, versions, recording); false when an
  /// entry with its id is already there, which stays as it is.
  @discardableResult
  public func restore(_ entry: LogEntry, audio: ContentFiles.Content?) throws -> Bool {
    try Self.checkTitle(entry.title)
    try Self.checkText(entry)
    return try writing { db in
      if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entry WHERE id = ?)", arguments: [entry.id]) == true {
        return false
      }
      if let audio { try recordings.keep(audio) }
      var stored = entry
      stored.tags = TagList.normalized(entry.tags)
      stored.category = try entry.category.map { try Self.category(db, $0) }
      stored.versions = nil
      try Self.insert(db, stored)
      for version in entry.versions ?? [] {
        try db.execute(
          sql: "INSERT INTO version (entry_id, number, content, saved_at) VALUES (?, ?, ?, ?)",
          arguments: [entry.id, version.version, version.content, version.savedAt.timeIntervalSince1970])
      }
      return true
    }
  }

  /// The categories with colours, for an export to carry them.
  public func categoryColors() throws -> [String: String] {
    try reading { db in
      var colors: [String: String] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT name, color FROM category WHERE color IS NOT NULL") {
        colors[row["name"]] = row["color"]
      }
      return colors
    }
  }
}

/// The notes app's own export: a JSON array of LogEntry objects.
public enum AppExport {
  public struct Problem: Error, CustomStringConvertible {
    public let index: Int
    /// Why, in the user's language.
    public let message: String
    // TRANSLATORS: {0} is the 1-based position of an entry in the notes app's JSON array, {1} what is
    // wrong with it (a message of its own).
    public var description: String { tr("entry \(index + 1) of the array: \(message)") }
  }

  /// Entries from the app's JSON (`id`, `title`, `content`, `category`, `tags`, `reminderDate`,
  /// `audioURL`, `createdAt`); dates as the app's encoder wrote them, seconds since 2001 or
  /// ISO 8601 text. The recording's path, when one is named, is returned beside each entry.
  public static func entries(_ json: JSONValue, defaultCategory: String?) throws -> [(LogEntry, audio: String?)] {
    guard let array = json.arrayValue else { throw Problem(index: -1, message: tr("not a JSON array of entries")) }
    return try array.enumerated().map { index, element in
      guard let object = element.objectValue else { throw Problem(index: index, message: tr("not an object")) }
      func string(_ key: String) throws -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard let text = value.stringValue else { throw Problem(index: index, message: tr("\(key) is not a string")) }
        return text
      }
      func date(_ key: String) throws -> Date? {
        guard let value = object[key], value != .null else { return nil }
        let date =
          value.numberValue.map(Date.init(timeIntervalSinceReferenceDate:))
          ?? value.stringValue.flatMap(RFC3339.date(from:))
        guard let date else { throw Problem(index: index, message: tr("\(key) is not a date")) }
        guard TypedDate.bounds.contains(date) else {
          throw Problem(index: index, message: tr("\(key) is outside the years 0000 to 9999"))
        }
        return date
      }
      guard let title = try string("title"), title.contains(where: { !$0.isWhitespace }) else {
        throw Problem(index: index, message: tr("no title"))
      }
      guard let created = try date("createdAt") else { throw Problem(index: index, message: tr("no createdAt")) }
      let id = try string("id").flatMap { UUID(uuidString: $0)?.uuidString } ?? UUID().uuidString
      let tags = object["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let audio = try string("audioURL").map { $0.hasPrefix("file://") ? URL(string: $0)?.path ?? $0 : $0 }
      let entry = LogEntry(
        id: id, title: title, content: try string("content") ?? "", category: try string("category") ?? defaultCategory,
        tags: tags, reminder: try date("reminderDate"),
        source: audio.map { LogSource(file: PathParts.name(of: $0)) }, createdAt: created,
        updatedAt: created)
      return (entry, audio)
    }
  }
}
