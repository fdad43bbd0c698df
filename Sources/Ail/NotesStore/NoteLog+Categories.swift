import GRDB
import Localization

/// Categories: made on first use, or ahead with a colour; renamed and removed with their entries.
extension NoteLog {
  /// Makes the category (or sets its colour when it exists); returns the stored spelling.
  @discardableResult
  public func addCategory(_ name: String, color: String? = nil) throws -> String {
    try writing { db in
      let stored = try Self.category(db, name)
      if let color { try db.execute(sql: "UPDATE category SET color = ? WHERE name = ?", arguments: [color, stored]) }
      return stored
    }
  }

  public func setColor(_ name: String, _ color: String?) throws {
    try writing { db in
      try db.execute(sql: "UPDATE category SET color = ? WHERE name = ?", arguments: [color, name])
      guard db.changesCount > 0 else { throw LogError.noSuchCategory(name) }
    }
  }

  /// Renames a category in every entry; into an existing one, the two become one (its colour stays).
  /// Returns how many entries moved.
  public func renameCategory(_ old: String, to new: String) throws -> Int {
    try writing { db in
      guard let oldName = try String.fetchOne(db, sql: "SELECT name FROM category WHERE name = ?", arguments: [old])
      else { throw LogError.noSuchCategory(old) }
      let color = try String.fetchOne(db, sql: "SELECT color FROM category WHERE name = ?", arguments: [oldName])
      try db.execute(sql: "DELETE FROM category WHERE name = ?", arguments: [oldName])
      let newName = try Self.category(db, new)
      try db.execute(
        sql: "UPDATE category SET color = COALESCE(color, ?) WHERE name = ?", arguments: [color, newName])
      try db.execute(
        sql: "UPDATE entry SET category = ? WHERE category = ? COLLATE NOCASE", arguments: [newName, oldName])
      return db.changesCount
    }
  }

  /// Removes a category; its entries move to `fallback` (the default category). Returns how many moved.
  public func removeCategory(_ name: String, movingEntriesTo fallback: String) throws -> Int {
    try writing { db in
      guard let stored = try String.fetchOne(db, sql: "SELECT name FROM category WHERE name = ?", arguments: [name])
      else { throw LogError.noSuchCategory(name) }
      let inUse =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM entry WHERE category = ? COLLATE NOCASE", arguments: [stored]) ?? 0
      if inUse > 0, stored.lowercased() == fallback.lowercased() {
        throw LogError.invalid(
          tr(
            one: "\(stored) is the default category and holds \(inUse) entry",
            other: "\(stored) is the default category and holds \(inUse) entries", count: inUse))
      }
      try db.execute(sql: "DELETE FROM category WHERE name = ?", arguments: [stored])
      guard inUse > 0 else { return 0 }
      let target = try Self.category(db, fallback)
      try db.execute(
        sql: "UPDATE entry SET category = ? WHERE category = ? COLLATE NOCASE", arguments: [target, stored])
      return inUse
    }
  }
}
