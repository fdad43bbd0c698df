public import Foundation
import GRDB
import Localization
import PrivateFiles
public import SQLiteStore
public import Wire

/// Adding, changing and removing entries: each one transaction with its index row, its versions
/// and its recording, so a killed process leaves whole entries or none.
extension NoteLog {
  /// A new entry as the user or a record describes it.
  public struct Draft: Sendable {
    public var title: String
    public var content: String
    public var category: String?
    public var tags: [String]
    public var reminder: Date?
    /// The recording to store with it, read beforehand with `recordings.read(fileAt:)`.
    public var audio: ContentFiles.Content?
    public var source: LogSource?

    public init(
      title: String, content: String = "", category: String? = nil, tags: [String] = [], reminder: Date? = nil,
      audio: ContentFiles.Content? = nil, source: LogSource? = nil
    ) {
      self.title = title
      self.content = content
      self.category = category
      self.tags = tags
      self.reminder = reminder
      self.audio = audio
      self.source = source
    }
  }

  /// Adds an entry; with `unlessLogged`, nil when an entry of the same origin (the same mail,
  /// the same recording) is already there.
  public func add(_ draft: Draft, unlessLogged: Bool = false, now: Date = Date()) throws -> LogEntry? {
    try add([draft], unlessLogged: unlessLogged, now: now)[0]
  }

  /// Adds entries in one transaction (a batch of filed records: one commit instead of one per
  /// entry), each as ``add(_:unlessLogged:now:)`` would; an entry of the batch counts as logged
  /// for the ones after it.
  public func add(_ drafts: [Draft], unlessLogged: Bool = false, now: Date = Date()) throws -> [LogEntry?] {
    for draft in drafts { try Self.checkTitle(draft.title) }
    return try writing { db in
      try drafts.map { draft in
        if unlessLogged, let origin = Self.origin(draft.source, audio: draft.audio?.name),
          try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entry WHERE origin = ?)", arguments: [origin])
            == true
        {
          return nil
        }
        return try insert(db, draft, now: now)
      }
    }
  }

  /// A new entry of `draft`, its recording kept.
  private func insert(_ db: Database, _ draft: Draft, now: Date) throws -> LogEntry {
    if let audio = draft.audio { try recordings.keep(audio) }
    let entry = LogEntry(
      id: UUID().uuidString, title: draft.title, content: draft.content,
      category: try draft.category.map { try Self.category(db, $0) }, tags: TagList.normalized(draft.tags),
      reminder: draft.reminder, audio: draft.audio?.name, source: draft.source, createdAt: now, updatedAt: now)
    try Self.insert(db, entry)
    return entry
  }

  /// What ``addOrExtend(_:blocks:now:)`` did.
  public enum Extension: Sendable, Equatable {
    case added
    /// The entry of the same origin got this many blocks more.
    case extended(Int)
    /// The entry of the same origin holds every block already.
    case unchanged
  }

  /// Adds `draft` (whose content is `blocks` joined by blank lines), or, when an entry of the same
  /// origin is there, appends to its content the blocks it does not hold yet; the content before
  /// is kept as a version. Filing the same blocks again changes nothing.
  public func addOrExtend(_ draft: Draft, blocks: [String], now: Date = Date()) throws -> Extension {
    try Self.checkTitle(draft.title)
    return try writing { db in
      guard let origin = Self.origin(draft.source, audio: draft.audio?.name),
        let id = try String.fetchOne(db, sql: "SELECT id FROM entry WHERE origin = ?", arguments: [origin])
      else {
        _ = try insert(db, draft, now: now)
        return .added
      }
      var entry = try Self.load(db, id)
      let missing = blocks.filter { !entry.content.contains($0) }
      guard !missing.isEmpty else { return .unchanged }
      try Self.saveVersion(db, id: id, content: entry.content, at: now)
      entry.content += (entry.content.isEmpty ? "" : "\n\n") + missing.joined(separator: "\n\n")
      entry.updatedAt = now
      try Self.update(db, entry)
      return .extended(missing.count)
    }
  }

  /// What `edit` changes; nil leaves a field as it is.
  public struct Changes: Sendable {
    public enum Reminder: Sendable, Equatable {
      case keep
      case set(Date)
      case clear
    }
    public var title: String?
    public var content: String?
    public var category: String?
    /// All tags, replacing the old ones (the editor's front matter).
    public var tags: [String]?
    public var addTags: [String]
    public var removeTags: [String]
    public var reminder: Reminder

    public init(
      title: String? = nil, content: String? = nil, category: String? = nil, tags: [String]? = nil,
      addTags: [String] = [], removeTags: [String] = [], reminder: Reminder = .keep
    ) {
      self.title = title
      self.content = content
      self.category = category
      self.tags = tags
      self.addTags = addTags
      self.removeTags = removeTags
      self.reminder = reminder
    }
  }

  /// Changes an entry; a changed content keeps the previous one as a version.
  public func edit(_ id: String, _ changes: Changes, now: Date = Date()) throws -> LogEntry {
    if let title = changes.title { try Self.checkTitle(title) }
    return try writing { db in
      var entry = try Self.load(db, try resolve(db, id))
      if let title = changes.title { entry.title = title }
      if let category = changes.category { entry.category = try Self.category(db, category) }
      var tags = changes.tags ?? entry.tags
      let removed = Set(changes.removeTags.map { $0.lowercased() })
      tags = tags.filter { !removed.contains($0.lowercased()) } + changes.addTags
      entry.tags = TagList.normalized(tags)
      switch changes.reminder {
      case .keep: break
      case .set(let date): entry.reminder = date
      case .clear: entry.reminder = nil
      }
      if let content = changes.content, content != entry.content {
        try Self.saveVersion(db, id: entry.id, content: entry.content, at: now)
        entry.content = content
      }
      entry.updatedAt = now
      try Self.update(db, entry)
      return entry
    }
  }

  /// Puts back version `number` (the latest when nil); the content it replaces becomes a version
  /// too, so that nothing is ever lost.
  public func revert(_ id: String, to number: Int? = nil, now: Date = Date()) throws -> LogEntry {
    try writing { db in
      var entry = try Self.load(db, try resolve(db, id))
      let wanted =
        try number
        ?? Int.fetchOne(db, sql: "SELECT MAX(number) FROM version WHERE entry_id = ?", arguments: [entry.id])
      guard let wanted,
        let content = try String.fetchOne(
          db, sql: "SELECT content FROM version WHERE entry_id = ? AND number = ?", arguments: [entry.id, wanted])
      else { throw LogError.noSuchVersion(id: entry.id, version: number ?? 1) }
      try Self.saveVersion(db, id: entry.id, content: entry.content, at: now)
      entry.content = content
      entry.updatedAt = now
      try Self.update(db, entry)
      return entry
    }
  }

  /// Removes entries, each in its own transaction, with the recordings no other entry uses.
  public func remove(_ ids: [String]) throws -> [LogEntry] {
    var removed: [LogEntry] = []
    for id in ids {
      removed.append(
        try writing { db in
          let entry = try Self.load(db, try resolve(db, id))
          try delete(db, entry)
          return entry
        })
    }
    return removed
  }

  // MARK: Rows

  static func checkTitle(_ title: String) throws {
    guard title.contains(where: { !$0.isWhitespace }) else {
      throw LogError.invalid(tr("an entry needs a title of at least one character"))
    }
  }

  /// The category's spelling already in the store (categories compare case-insensitively), or
  /// this one, recorded.
  static func category(_ db: Database, _ name: String) throws -> String {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw LogError.invalid(tr("a category needs a name")) }
    if let known = try String.fetchOne(db, sql: "SELECT name FROM category WHERE name = ?", arguments: [trimmed]) {
      return known
    }
    try db.execute(sql: "INSERT INTO category (name) VALUES (?)", arguments: [trimmed])
    return trimmed
  }

  static func load(_ db: Database, _ id: String) throws -> LogEntry {
    guard let row = try Row.fetchOne(db, sql: "SELECT \(columns) FROM entry WHERE id = ?", arguments: [id]) else {
      throw LogError.noSuchEntry(id)
    }
    return entry(row)
  }

  /// What an entry was filed from: the mail (`mail:ID`), the recording's content (`audio:SHA`),
  /// else the recording's name (`file:NAME`); nil for a note typed in.
  static func origin(_ source: LogSource?, audio: String?) -> String? {
    if let id = source?.messageID { return "mail:" + id }
    if let url = source?.url { return "url:" + url }
    if let audio { return "audio:" + audio.prefix(64) }
    return source?.file.map { "file:" + $0 }
  }

  static func insert(_ db: Database, _ entry: LogEntry) throws {
    try checkText(entry)
    try db.execute(
      sql: """
        INSERT INTO entry (id, title, category, tags, reminder, audio, source, origin, created_at, updated_at, content)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        entry.id, entry.title, entry.category, json(.array(entry.tags.map(JSONValue.string))),
        entry.reminder?.timeIntervalSince1970, entry.audio, entry.source.map { json(.object($0.members)) },
        origin(entry.source, audio: entry.audio),
        entry.createdAt.timeIntervalSince1970, entry.updatedAt.timeIntervalSince1970, entry.content,
      ])
    try db.execute(
      sql: "INSERT INTO entry_fts (rowid, title, content, tags) VALUES (?, ?, ?, ?)",
      arguments: [db.lastInsertedRowID, entry.title, entry.content, entry.tags.joined(separator: " ")])
  }

  static func update(_ db: Database, _ entry: LogEntry) throws {
    try checkText(entry)
    try db.execute(
      sql: """
        UPDATE entry SET title = ?, category = ?, tags = ?, reminder = ?, updated_at = ?, content = ? WHERE id = ?
        """,
      arguments: [
        entry.title, entry.category, json(.array(entry.tags.map(JSONValue.string))),
        entry.reminder?.timeIntervalSince1970, entry.updatedAt.timeIntervalSince1970, entry.content, entry.id,
      ])
    let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM entry WHERE id = ?", arguments: [entry.id])!
    try db.execute(
      sql: "UPDATE entry_fts SET title = ?, content = ?, tags = ? WHERE rowid = ?",
      arguments: [entry.title, entry.content, entry.tags.joined(separator: " "), rowid])
  }

  static func saveVersion(_ db: Database, id: String, content: String, at date: Date) throws {
    try db.execute(
      sql: """
        INSERT INTO version (entry_id, number, content, saved_at)
        VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM version WHERE entry_id = ?), ?, ?)
        """,
      arguments: [id, id, content, date.timeIntervalSince1970])
  }

  /// Deletes the entry, its index row and versions, and its recording when no other entry uses
  /// it. The file goes while the write lock is held, so an entry added meanwhile with the same
  /// recording cannot lose it.
  func delete(_ db: Database, _ entry: LogEntry) throws {
    let rowid = try Int64.fetchOne(db, sql: "SELECT rowid FROM entry WHERE id = ?", arguments: [entry.id])!
    try db.execute(sql: "DELETE FROM entry_fts WHERE rowid = ?", arguments: [rowid])
    try db.execute(sql: "DELETE FROM entry WHERE id = ?", arguments: [entry.id])
    if let audio = entry.audio,
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM entry WHERE audio = ?)", arguments: [audio]) == false
    {
      recordings.remove(audio)
    }
  }
}

/// Tags as an entry keeps them.
public enum TagList {
  /// Trimmed, without empty ones, and without repeats compared case-insensitively (the first
  /// spelling stays), in their order.
  public static func normalized(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for tag in tags {
      let trimmed = tag.trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted { result.append(trimmed) }
    }
    return result
  }
}

extension NoteLog {
  /// The title an entry takes from its text when none is given: the first line that is not
  /// blank, without a Markdown heading's `#`, cut to 80 characters; "(untitled)" for blank text.
  public static func title(from text: String) -> String {
    let line = text.split(separator: "\n").first { $0.contains(where: { !$0.isWhitespace }) } ?? ""
    let trimmed = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(
      in: CharacterSet(charactersIn: "#").union(.whitespaces))
    return trimmed.count > 80 ? String(trimmed.prefix(79)) + "…" : (trimmed.isEmpty ? "(untitled)" : trimmed)
  }

  /// The title of a recording's entry: its file name without the extension.
  public static func title(ofRecording name: String) -> String {
    let stem = PathParts.removingExtension(of: PathParts.name(of: name))
    return stem.isEmpty ? PathParts.name(of: name) : stem
  }
}
