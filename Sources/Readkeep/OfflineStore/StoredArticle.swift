public import Foundation
import GRDB
import SQLiteStore
public import Wire

/// An article as the store keeps it, for the formats made for reading (page, text, book): the
/// HTML with each stored image still a placeholder, so that every format puts in what suits it (a
/// `data:` URI, a file in the book) and an image used twice is known as one.
public struct StoredArticle: Sendable {
  public struct Image: Sendable {
    /// The type as the article wrote it.
    public var mime: String
    /// The type the store recorded for the bytes.
    public var fileMime: String
    public var bytes: Data
  }

  public var id: String
  /// The server's bookmark object, as received.
  public var bookmark: JSONObject
  /// With `rk-blob:SHA256` where a stored image was embedded.
  public var html: String
  /// By SHA-256.
  public var images: [String: Image]
  public var cachedAt: Date
  /// HTML plus its images.
  public var bytes: Int
  /// What the store knows of its highlights beyond what ``html`` wraps.
  public var highlights: ArticleHighlights

  /// The marker that stands for a stored image in ``html``, followed by its 64-digit hash.
  public static let imageMarker = EmbeddedImages.prefix

  /// The HTML with each placeholder replaced by what `url` gives for its hash and image
  /// (placeholders it gives nil for stay).
  public func html(imageURL url: (String, Image) -> String?) -> String {
    EmbeddedImages.substitute(in: html, marker: Self.imageMarker) { sha in
      images[sha].flatMap { image in url(sha, image).map { ("", $0) } }
    }
  }

  /// The HTML with every image as a `data:` URI, as `html` writes it.
  public var htmlWithDataURIs: String {
    html { _, image in "data:\(image.mime);base64,\(image.bytes.base64EncodedString())" }
  }

  /// A file name for an article id (the id itself when it is safe as one), as exports name files.
  public static func fileName(for id: String) -> String { CacheArchive.fileName(for: id) }

  /// The file extension for an image type (`png`, `jpg`, …; `bin` when unknown).
  public static func fileExtension(for mime: String) -> String { CacheArchive.fileExtension(for: mime) }
}

extension OfflineStore {
  /// One article as stored, without marking it read; nil when it is not cached.
  public func stored(id: String) throws -> StoredArticle? {
    try reading { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: "SELECT bookmark, CAST(html AS BLOB) AS html, cached_at, fetched_at, bytes FROM article WHERE id = ?",
          arguments: [id])
      else { return nil }
      var images: [String: StoredArticle.Image] = [:]
      let links = try Row.fetchAll(
        db,
        sql: """
          SELECT b.sha256, COALESCE(l.mime, b.mime) AS mime, b.mime AS file_mime, b.data
          FROM article_blob l JOIN blob b ON b.sha256 = l.sha256 WHERE l.article_id = ?
          """,
        arguments: [id])
      for link in links {
        images[link["sha256"]] = StoredArticle.Image(
          mime: link["mime"], fileMime: link["file_mime"], bytes: link["data"])
      }
      let bookmark = (try? JSONValue.parsing(row["bookmark"]))?.objectValue ?? [:]
      let html = WholeText.text(row["html"])
      return StoredArticle(
        id: id, bookmark: bookmark, html: html, images: images,
        cachedAt: Date(timeIntervalSince1970: row["cached_at"]), bytes: row["bytes"],
        highlights: try Self.articleHighlights(id: id, html: html, fetchedAt: row["fetched_at"], db))
    }
  }

  /// The ids of the cached articles a selection names, newest cached first: unread ones only
  /// (not archived on the server), with a label, cached since a time; each condition only when given.
  /// None whose deletion is queued.
  public func selection(unread: Bool = false, label: String? = nil, cachedSince: Date? = nil) throws -> [String] {
    var conditions = [Self.notBeingDeleted]
    var arguments: StatementArguments = []
    if unread { conditions.append("COALESCE(json_extract(bookmark, '$.is_archived'), 0) = 0") }
    if let label {
      conditions.append("EXISTS (SELECT 1 FROM json_each(article.labels) WHERE value = ?)")
      _ = arguments.append(contentsOf: [label])
    }
    if let cachedSince {
      conditions.append("cached_at >= ?")
      _ = arguments.append(contentsOf: [cachedSince.timeIntervalSince1970])
    }
    let sql =
      "SELECT id FROM article WHERE " + conditions.joined(separator: " AND ") + " ORDER BY cached_at DESC, rowid"
    return try reading { db in try String.fetchAll(db, sql: sql, arguments: arguments) }
  }
}
