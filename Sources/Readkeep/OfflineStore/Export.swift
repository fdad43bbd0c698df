import ContentHash
public import Foundation
import GRDB
public import PrivateFiles
import SQLiteStore
public import Wire
import ZIPFoundation

extension OfflineStore {
  /// Writes the whole store to a ZIP file at `path` (see ``CacheArchive``), from one consistent
  /// snapshot while other tools go on writing. The file appears only when complete: it is written
  /// beside `path` (beside the target of a link) and renamed into place, mode 0600 like the
  /// store; for `-` it goes to `standardOutput` when complete. A folder, a device or a pipe is
  /// refused before anything is read.
  /// `index`, when given, makes `index.html` from the articles written (newest cached first).
  public func export(
    to path: String, generator: String, now: Date = Date(), index: (([ExportedArticle]) -> String)? = nil,
    standardOutput: @escaping PartialFile.StandardOutput = PartialFile.writeToDescriptor1
  ) throws -> CacheArchive.ExportSummary {
    // An empty ZIP (just its end record) created private from the start, which ZIPFoundation
    // then fills; its own `.create` mode would make the file readable by everyone first.
    let file: PartialFile
    do {
      file = try PartialFile(for: path, initial: PartialFile.emptyZIP, standardOutput: standardOutput)
    } catch let error as FileWriteError {
      throw CacheArchive.ArchiveError.cannotWrite(path: path, reason: error.reason)
    }
    do {
      let zip = try Archive(url: URL(fileURLWithPath: file.partial), accessMode: .update)
      let counts = try reading { db in
        try ArchiveWriter(zip: zip, now: now, index: index).write(db, generator: generator)
      }
      let bytes = try file.commit()
      return CacheArchive.ExportSummary(articles: counts.articles, images: counts.images, bytes: bytes)
    } catch {
      file.abandon()
      if let error = error as? CacheArchive.ArchiveError { throw error }
      if error is StoreError { throw error }
      if let error = error as? FileWriteError {
        throw CacheArchive.ArchiveError.cannotWrite(path: path, reason: error.reason)
      }
      throw CacheArchive.ArchiveError.cannotWrite(path: path, reason: "\(error)")
    }
  }
}

/// An article as an export wrote it, for the index page.
public struct ExportedArticle: Sendable {
  public var id: String
  public var bookmark: JSONObject
  public var cachedAt: Date
  public var bytes: Int
  /// Inside the export: `articles/ID.html`.
  public var path: String
}

/// Writes the entries of an export from inside one read transaction.
private struct ArchiveWriter {
  let zip: Archive
  let now: Date
  let index: (([ExportedArticle]) -> String)?

  func write(_ db: Database, generator: String) throws -> (articles: Int, images: Int) {
    let articleCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") ?? 0
    let imageCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blob") ?? 0
    let lastSync = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'last_sync'").flatMap(
      RFC3339.date(from:))
    let queue = try OfflineStore.queuedChanges(db)
    let links = try OfflineStore.queuedLinks(db, where: "1", [])
    let highlights = try OfflineStore.queuedHighlights(db, where: "1", [])
    try add(
      "manifest.json",
      json(
        ArchiveManifest(
          createdAt: now, generator: generator, articles: articleCount, images: imageCount, lastSync: lastSync,
          queued: links.count + queue.count + highlights.count)),
      date: now)
    if !queue.isEmpty || !links.isEmpty || !highlights.isEmpty {
      var lines = Data()
      for link in links { lines.append(contentsOf: try WireCoding.line(link)) }
      for highlight in highlights { lines.append(contentsOf: try WireCoding.line(highlight)) }
      for queued in queue { lines.append(contentsOf: try WireCoding.line(queued.change)) }
      try add(CacheArchive.queueEntry, lines, date: now)
    }

    let articles = try Row.fetchCursor(
      db,
      sql:
        "SELECT id, bookmark, CAST(html AS BLOB) AS html, cached_at, accessed_at, image_urls, bytes FROM article ORDER BY cached_at, rowid"
    )
    var written: [ExportedArticle] = []
    while let row = try articles.next() { written.append(try writeArticle(row, db)) }
    if let index {
      try add("index.html", Data(index(written.reversed()).utf8), date: now)
    }

    let blobs = try Row.fetchCursor(db, sql: "SELECT sha256, mime, data FROM blob ORDER BY sha256")
    while let blob = try blobs.next() {
      // Images are compressed already; deflating them again costs time and saves nothing.
      try add(Self.imagePath(blob["sha256"], mime: blob["mime"]), blob["data"], date: now, compress: false)
    }
    return (articleCount, imageCount)
  }

  private func writeArticle(_ row: Row, _ db: Database) throws -> ExportedArticle {
    let id: String = row["id"]
    let stored = WholeText.text(row["html"])
    let links = try Row.fetchAll(
      db,
      sql: """
        SELECT b.sha256, COALESCE(l.mime, b.mime) AS mime, b.mime AS file_mime, b.data
        FROM article_blob l JOIN blob b ON b.sha256 = l.sha256 WHERE l.article_id = ? ORDER BY b.sha256
        """,
      arguments: [id])
    var embedded: [String: (mime: String, bytes: Data)] = [:]
    var images: [ArchivedImage] = []
    for link in links {
      embedded[link["sha256"]] = (link["mime"], link["data"])
      images.append(
        ArchivedImage(
          sha256: link["sha256"], mime: link["mime"], path: Self.imagePath(link["sha256"], mime: link["file_mime"])))
    }
    let paths = Dictionary(uniqueKeysWithValues: images.map { ($0.sha256, $0.path) })
    let original = EmbeddedImages.restore(stored, images: embedded)
    let browsable = EmbeddedImages.substitute(in: stored, marker: EmbeddedImages.prefix) { sha in
      paths[sha].map { ("", "../" + $0) }
    }
    let name = "articles/" + CacheArchive.fileName(for: id)
    let cachedAt = Date(timeIntervalSince1970: row["cached_at"])
    let article = ArchivedArticle(
      id: id, bookmark: try JSONValue.parsing(row["bookmark"]).objectValue ?? [:], cachedAt: cachedAt,
      accessedAt: (row["accessed_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
      imageURLs: try JSONValue.parsing(row["image_urls"]).arrayValue?.compactMap(\.stringValue) ?? [], images: images,
      html: name + ".html", htmlSHA256: HexDigest.sha256(Data(original.utf8)), bytes: row["bytes"])
    try add(name + ".json", json(article), date: cachedAt)
    try add(name + ".html", Data(browsable.utf8), date: cachedAt)
    return ExportedArticle(
      id: id, bookmark: article.bookmark, cachedAt: cachedAt, bytes: row["bytes"], path: name + ".html")
  }

  static func imagePath(_ sha: String, mime: String) -> String {
    "images/\(sha).\(CacheArchive.fileExtension(for: mime))"
  }

  private func json(_ object: some WireObject) throws -> Data { Data(try WireCoding.line(object)) }

  private func add(_ path: String, _ data: Data, date: Date, compress: Bool = true) throws {
    try zip.addEntry(
      with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
      compressionMethod: compress ? .deflate : .none
    ) { position, size in
      data.subdata(in: Int(position)..<Int(position) + size)
    }
  }
}

extension JSONValue {
  /// Parses JSON text the store wrote.
  static func parsing(_ text: String) throws -> JSONValue {
    try Array(text.utf8).withUnsafeBytes { try WireCoding.parse($0) }
  }
}
