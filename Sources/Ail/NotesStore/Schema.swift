import GRDB

/// The notes store's schema, one migration per version; existing migrations never change.
enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE entry (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL CHECK (length(title) > 0),
            category TEXT,
            tags TEXT NOT NULL,          -- JSON array, first spellings, no case-insensitive repeats
            reminder REAL,               -- seconds since 1970
            audio TEXT,                  -- file name in the audio folder: SHA-256 and extension
            source TEXT,                 -- JSON object: message_id, from, date, file
            origin TEXT,                 -- what --records filed it from (mail:ID, audio:SHA, file:NAME)
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            content TEXT NOT NULL        -- last: listings read the small columns without it
          );
          CREATE INDEX entry_created_at ON entry(created_at);
          CREATE INDEX entry_reminder ON entry(reminder) WHERE reminder IS NOT NULL;
          CREATE INDEX entry_origin ON entry(origin) WHERE origin IS NOT NULL;
          CREATE INDEX entry_audio ON entry(audio) WHERE audio IS NOT NULL;
          CREATE INDEX entry_category ON entry(category COLLATE NOCASE);
          CREATE TABLE version (
            entry_id TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,     -- 1 is the oldest
            content TEXT NOT NULL,
            saved_at REAL NOT NULL,      -- when this content was replaced
            PRIMARY KEY (entry_id, number)
          );
          CREATE TABLE category (name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE, color TEXT);
          CREATE VIRTUAL TABLE entry_fts USING fts5(
            title, content, tags, tokenize = 'unicode61 remove_diacritics 2'
          );
          INSERT INTO entry_fts (entry_fts, rank) VALUES ('automerge', 8);
          """)
    }
    return migrator
  }
}
