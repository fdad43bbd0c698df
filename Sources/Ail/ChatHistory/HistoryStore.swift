public import Foundation
import GRDB
import Localization
import SQLiteStore

/// ail-ai's history: every exchange in SQLite (`$XDG_STATE_HOME/ailo/history.sqlite`, 0600),
/// searchable by its words, kept for ``maxAge`` and within ``maxBytes`` of text, the oldest
/// going first.
public final class HistoryStore: Sendable {
  public let path: String
  private let database: any DatabaseWriter

  /// Exchanges older than this go at the next write.
  public static let maxAge: TimeInterval = 90 * 86_400
  /// The most text (system prompts, inputs, answers) kept, in bytes.
  public static let maxBytes = 64 << 20

  public static func defaultPath(environment: [String: String]) -> String {
    // A relative XDG_STATE_HOME is ignored, as the base directory specification says.
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? "/") + "/.local/state"
    return state + "/ailo/history.sqlite"
  }

  /// Opens the history; a missing file is made only with `creating` (a read of a history never
  /// written finds nothing instead).
  public init(path: String, creating: Bool) throws {
    self.path = path
    database = try StoreDatabase.pool(at: path, creating: creating, migrator: Self.migrator)
  }

  /// Stores `exchange`, a new conversation unless it names one, then prunes; returns its id.
  @discardableResult
  public func record(_ exchange: Exchange, now: Date = Date()) throws -> Int64 {
    try StoreDatabase.reporting(path) {
      try database.write { db in
        try db.execute(
          sql: """
            INSERT INTO exchange (conversation, created_at, size, prompt_source, provider, model, system, input,
              answer, prompt_tokens, completion_tokens)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            exchange.conversation, exchange.createdAt.timeIntervalSince1970,
            exchange.system.utf8.count + exchange.input.utf8.count + exchange.answer.utf8.count, exchange.promptSource,
            exchange.provider, exchange.model, exchange.system, exchange.input, exchange.answer,
            exchange.promptTokens, exchange.completionTokens,
          ])
        let id = db.lastInsertedRowID
        if exchange.conversation == nil {
          try db.execute(sql: "UPDATE exchange SET conversation = id WHERE id = ?", arguments: [id])
        }
        try prune(db, now: now)
        return id
      }
    }
  }

  private func prune(_ db: Database, now: Date) throws {
    try db.execute(
      sql: "DELETE FROM exchange WHERE created_at < ?", arguments: [now.timeIntervalSince1970 - Self.maxAge])
    try db.execute(
      sql: """
        DELETE FROM exchange WHERE id IN (
          SELECT id FROM (SELECT id, SUM(size) OVER (ORDER BY id DESC) AS total FROM exchange)
          WHERE total > ?)
        """, arguments: [Self.maxBytes])
  }

  /// The newest exchange.
  public func last() throws -> Exchange? {
    try reading { try Row.fetchOne($0, sql: "SELECT * FROM exchange ORDER BY id DESC LIMIT 1").map(Self.exchange) }
  }

  public func exchange(id: Int64) throws -> Exchange? {
    try reading { try Row.fetchOne($0, sql: "SELECT * FROM exchange WHERE id = ?", arguments: [id]).map(Self.exchange) }
  }

  /// The exchanges of a conversation, oldest first.
  public func conversation(_ id: Int64) throws -> [Exchange] {
    try reading {
      try Row.fetchAll($0, sql: "SELECT * FROM exchange WHERE conversation = ? ORDER BY id", arguments: [id])
        .map(Self.exchange)
    }
  }

  /// The newest exchanges first; with `query`, those whose prompt, input or answer has its
  /// words (as `ail-log search` reads them).
  public func list(query: String? = nil, limit: Int = 20) throws -> [Exchange] {
    guard let query else {
      return try reading {
        try Row.fetchAll($0, sql: "SELECT * FROM exchange ORDER BY id DESC LIMIT ?", arguments: [limit])
          .map(Self.exchange)
      }
    }
    let match = SearchQuery.fts5(query)
    guard !match.isEmpty else { throw StoreError.badQuery(tr("nothing to search for")) }
    return try StoreDatabase.matching(path) {
      try reading {
        try Row.fetchAll(
          $0,
          sql: """
            SELECT exchange.* FROM exchange_fts JOIN exchange ON exchange.id = exchange_fts.rowid
            WHERE exchange_fts MATCH ? ORDER BY exchange.id DESC LIMIT ?
            """, arguments: [match, limit]
        ).map(Self.exchange)
      }
    }
  }

  private func reading<T>(_ body: (Database) throws -> T) throws -> T {
    try StoreDatabase.reporting(path) { try database.read(body) }
  }

  private static func exchange(_ row: Row) -> Exchange {
    Exchange(
      id: row["id"], conversation: row["conversation"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
      promptSource: row["prompt_source"], provider: row["provider"], model: row["model"], system: row["system"],
      input: row["input"], answer: row["answer"], promptTokens: row["prompt_tokens"],
      completionTokens: row["completion_tokens"])
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE exchange (
            id INTEGER PRIMARY KEY,
            conversation INTEGER,
            created_at REAL NOT NULL,
            -- bytes of system, input and answer: summed at each write without reading the texts
            size INTEGER NOT NULL,
            prompt_source TEXT NOT NULL,
            provider TEXT NOT NULL,
            model TEXT NOT NULL,
            system TEXT NOT NULL,
            input TEXT NOT NULL,
            answer TEXT NOT NULL,
            prompt_tokens INTEGER,
            completion_tokens INTEGER
          );
          CREATE INDEX exchange_conversation ON exchange(conversation);
          CREATE INDEX exchange_created ON exchange(created_at);
          CREATE VIRTUAL TABLE exchange_fts USING fts5(
            system, input, answer, content = 'exchange', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2'
          );
          CREATE TRIGGER exchange_added AFTER INSERT ON exchange BEGIN
            INSERT INTO exchange_fts (rowid, system, input, answer) VALUES (new.id, new.system, new.input, new.answer);
          END;
          CREATE TRIGGER exchange_removed AFTER DELETE ON exchange BEGIN
            INSERT INTO exchange_fts (exchange_fts, rowid, system, input, answer)
              VALUES ('delete', old.id, old.system, old.input, old.answer);
          END;
          """)
    }
    return migrator
  }
}
