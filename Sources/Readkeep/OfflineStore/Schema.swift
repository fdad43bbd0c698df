import GRDB

/// The store's schema, one migration per version. Later issues add migrations; existing ones never
/// change, so a database from any earlier version migrates forward.
enum Schema {
  /// Every version in order; GRDB records which ran, so each runs once per database.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1", migrate: v1)
    migrator.registerMigration("v2", migrate: v2)
    migrator.registerMigration("v3", migrate: v3)
    migrator.registerMigration("v4", migrate: v4)
    migrator.registerMigration("v5", migrate: v5)
    migrator.registerMigration("v6", migrate: v6)
    migrator.registerMigration("v7", migrate: v7)
    migrator.registerMigration("v8", migrate: v8)
    migrator.registerMigration("v9", migrate: v9)
    migrator.registerMigration("v10", migrate: v10)
    return migrator
  }

  private static func v1(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE article (
          id TEXT PRIMARY KEY NOT NULL,
          bookmark TEXT NOT NULL,      -- the server's bookmark object, as received
          html TEXT NOT NULL,          -- embedded images replaced by rk-blob:<sha256>
          title TEXT NOT NULL,
          site TEXT,
          url TEXT,
          labels TEXT NOT NULL,        -- JSON array
          image_urls TEXT NOT NULL,    -- JSON array
          cached_at REAL NOT NULL,     -- seconds since 1970
          accessed_at REAL,
          bytes INTEGER NOT NULL,      -- HTML plus its images
          image_count INTEGER NOT NULL
        );
        CREATE INDEX article_cached_at ON article(cached_at);
        CREATE TABLE blob (
          sha256 TEXT PRIMARY KEY NOT NULL,
          mime TEXT NOT NULL,
          data BLOB NOT NULL,
          refs INTEGER NOT NULL CHECK (refs > 0)  -- articles using it; deleted at 0
        );
        CREATE TABLE article_blob (
          article_id TEXT NOT NULL REFERENCES article(id) ON DELETE CASCADE,
          sha256 TEXT NOT NULL REFERENCES blob(sha256),
          PRIMARY KEY (article_id, sha256)
        );
        CREATE VIRTUAL TABLE article_fts USING fts5(
          title, site, url, labels, body, tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        """)
  }

  private static func v2(_ db: Database) throws {
    // The small columns first: listing and search read a row's columns in order, and an
    // html of 100 kB in front of them made every list walk its overflow pages (0.52 s for
    // 10,000 articles, 0.09 s with html last). The rowids stay, so the index still matches.
    try db.execute(
      sql: """
        CREATE TABLE article_v2 (
          id TEXT PRIMARY KEY NOT NULL,
          title TEXT NOT NULL,
          site TEXT,
          url TEXT,
          labels TEXT NOT NULL,        -- JSON array
          cached_at REAL NOT NULL,     -- seconds since 1970
          accessed_at REAL,
          bytes INTEGER NOT NULL,      -- HTML plus its images
          image_count INTEGER NOT NULL,
          image_urls TEXT NOT NULL,    -- JSON array
          bookmark TEXT NOT NULL,      -- the server's bookmark object, as received
          html TEXT NOT NULL           -- embedded images replaced by rk-blob:<sha256>
        );
        INSERT INTO article_v2 (rowid, id, title, site, url, labels, cached_at, accessed_at, bytes, image_count, image_urls, bookmark, html)
          SELECT rowid, id, title, site, url, labels, cached_at, accessed_at, bytes, image_count, image_urls, bookmark, html FROM article;
        DROP TABLE article;
        ALTER TABLE article_v2 RENAME TO article;
        CREATE INDEX article_cached_at ON article(cached_at);
        CREATE INDEX article_read_at ON article(COALESCE(accessed_at, cached_at));
        CREATE INDEX article_bytes ON article(bytes);
        -- Each article's own spelling of an image's type (image/jpg, image/JPEG), so that the
        -- same bytes under two spellings both come back byte for byte; NULL means the blob's.
        ALTER TABLE article_blob ADD COLUMN mime TEXT;
        -- One transaction per article leaves many small index segments; merging them sooner
        -- cost less than the default in the ingest benchmark.
        INSERT INTO article_fts (article_fts, rank) VALUES ('automerge', 8);
        """)
  }

  private static func v3(_ db: Database) throws {
    // The offline write queue: one row per field of a bookmark changed offline and not yet
    // confirmed by the server. Not tied to the article: pruning an article must not lose a
    // change still to be sent. `revision` grows with every change to the row, so that a push
    // removes only what it sent, never a change made while it ran.
    try db.execute(
      sql: """
        CREATE TABLE pending_change (
          bookmark_id TEXT NOT NULL,
          field TEXT NOT NULL,          -- is_archived, is_marked, read_progress, labels
          value TEXT,                   -- JSON, every field but labels
          add_labels TEXT,              -- JSON array, labels only
          remove_labels TEXT,           -- JSON array, labels only
          base TEXT NOT NULL,           -- JSON: the field's value before the first offline change
          base_updated TEXT,            -- the bookmark's updated then, as the server wrote it
          made_at REAL NOT NULL,        -- seconds since 1970, the last change
          revision INTEGER NOT NULL,
          PRIMARY KEY (bookmark_id, field)
        );
        """)
  }

  private static func v4(_ db: Database) throws {
    // Articles are stored in groups now (Ingest): merging the index's segments less eagerly
    // took ~10 % off storing 1,000 articles of 100 kB, and searches of the ingest benchmark's
    // store took as long as before (the snippets dominate them, not the segments).
    try db.execute(sql: "INSERT INTO article_fts (article_fts, rank) VALUES ('automerge', 16)")
  }

  private static func v5(_ db: Database) throws {
    // Links saved offline (rk-cache add), from queued to the article stored. `n` never
    // repeats (AUTOINCREMENT), so a local id in an old record names one link only. `sent_at`
    // is written before the POST goes out: from then on the server may hold the bookmark, and
    // a push looks for it before sending again. The row stays after the server's answer, with
    // its id, until a sync stores the article: list and stats still show the link meanwhile.
    try db.execute(
      sql: """
        CREATE TABLE pending_link (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          url TEXT NOT NULL,
          url_key TEXT NOT NULL UNIQUE, -- SavedLink.key: scheme and host lower-cased, no fragment
          title TEXT,
          labels TEXT NOT NULL,         -- JSON array
          queued_at REAL NOT NULL,      -- seconds since 1970
          sent_at REAL,
          bookmark_id TEXT UNIQUE       -- the server's id, once it answered
        );
        """)
  }

  private static func v6(_ db: Database) throws {
    // The highlights on the server (rk-fetch --highlights), of every bookmark, cached or not:
    // an export wants them all. `record` is the highlight record as received; search finds
    // a cached article by its highlights' text and notes too.
    try db.execute(
      sql: """
        CREATE TABLE highlight (
          id TEXT PRIMARY KEY NOT NULL,
          bookmark_id TEXT NOT NULL,
          created REAL NOT NULL,        -- seconds since 1970
          record TEXT NOT NULL          -- JSON: the highlight record
        );
        CREATE INDEX highlight_bookmark ON highlight(bookmark_id, created);
        -- Their text and notes for search, by the highlight's rowid.
        CREATE VIRTUAL TABLE highlight_fts USING fts5(
          text, note, tokenize = 'unicode61 remove_diacritics 2'
        );
        """)
  }

  private static func v7(_ db: Database) throws {
    // Highlights made, edited or deleted offline (rk-cache highlight), oldest first. A create's
    // local id local-hl-N never repeats (AUTOINCREMENT); its range in the body's text is kept
    // for the overlap checks of later highlights; `sent_at` is written before the POST, as for
    // links. One edit or delete per server highlight (the last wins).
    try db.execute(
      sql: """
        CREATE TABLE pending_highlight (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          bookmark_id TEXT NOT NULL,
          action TEXT NOT NULL,         -- create | edit | delete
          highlight_id TEXT UNIQUE,     -- edit and delete: the server's id
          text TEXT,
          color TEXT,
          note TEXT,
          start_selector TEXT,
          start_offset INTEGER,
          end_selector TEXT,
          end_offset INTEGER,
          range_start INTEGER,
          range_end INTEGER,
          queued_at REAL NOT NULL,      -- seconds since 1970
          sent_at REAL
        );
        """)
  }

  private static func v8(_ db: Database) throws {
    // SavedLink.key became the server's spelling (café and caf%C3%A9 one link): the queued
    // links take it. Two links that are now one keep their old keys rather than be merged: one
    // of them may have been sent, and the push's look for it finds either.
    let rows = try Row.fetchAll(db, sql: "SELECT n, url FROM pending_link ORDER BY n")
    for row in rows {
      try db.execute(
        sql: "UPDATE OR IGNORE pending_link SET url_key = ? WHERE n = ?",
        arguments: [SavedLink.key(row["url"]), row["n"] as Int64])
    }
  }

  private static func v9(_ db: Database) throws {
    // The reading record (ReadingRecord): the last progress seen of each bookmark, from either
    // side, with what its statistics group by; and one row per rise of progress. Neither is
    // tied to the article: pruning an article keeps what was read of it.
    try db.execute(
      sql: """
        CREATE TABLE reading_article (
          id TEXT PRIMARY KEY NOT NULL,
          title TEXT NOT NULL,
          site TEXT,                    -- Readeck's site: the domain
          authors TEXT NOT NULL,        -- JSON array
          labels TEXT NOT NULL,         -- JSON array
          minutes REAL NOT NULL,        -- to read all of it
          progress INTEGER NOT NULL     -- the last seen, 0-100
        );
        CREATE TABLE reading_step (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          bookmark_id TEXT NOT NULL,
          at REAL NOT NULL,             -- seconds since 1970
          side TEXT NOT NULL CHECK (side IN ('offline', 'online')),
          from_progress INTEGER NOT NULL,
          to_progress INTEGER NOT NULL,
          minutes REAL NOT NULL
        );
        CREATE INDEX reading_step_at ON reading_step(at);
        """)
  }

  private static func v10(_ db: Database) throws {
    // Highlights drawn by the store itself (ArticleHighlights): where one made here or pushed
    // lies in the body's text until the article is fetched again with the server's wrapper for
    // it (creates queued before this version take theirs from the queue); when each record was
    // last written and when each article's HTML was, so that a record newer than the HTML
    // restyles its wrapper (old records count as older than every article); the server
    // highlights deleted from here, hidden until the article is fetched again; and the record a
    // queued delete took away, given back when the delete is dropped.
    try db.execute(
      sql: """
        ALTER TABLE highlight ADD COLUMN range_start INTEGER;
        ALTER TABLE highlight ADD COLUMN range_end INTEGER;
        ALTER TABLE highlight ADD COLUMN seen_at REAL NOT NULL DEFAULT 0;  -- seconds since 1970
        ALTER TABLE article ADD COLUMN fetched_at REAL;                     -- seconds since 1970
        UPDATE article SET fetched_at = cached_at;
        CREATE TABLE highlight_gone (
          id TEXT PRIMARY KEY NOT NULL,
          bookmark_id TEXT NOT NULL
        );
        ALTER TABLE pending_highlight ADD COLUMN record TEXT;               -- JSON, a delete's
        UPDATE highlight SET
          range_start = (SELECT range_start FROM pending_highlight p WHERE 'local-hl-' || p.n = highlight.id),
          range_end = (SELECT range_end FROM pending_highlight p WHERE 'local-hl-' || p.n = highlight.id)
        WHERE id LIKE 'local-hl-%';
        """)
  }
}
