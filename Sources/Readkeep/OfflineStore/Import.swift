import ContentHash
import Foundation
import GRDB
import Localization
import Wire
import ZIPFoundation

extension OfflineStore {
  /// Merges an archive written by ``export(to:generator:now:index:standardOutput:)`` into the
  /// store by id: an article not cached is added, an older cached copy is replaced, a newer one
  /// stays; the queued changes are merged into the store's queue (see ``restore(queued:)``). Each article is
  /// checked (its images against their hashes, the HTML they make against its hash) and written
  /// in one transaction; a damaged one is passed to `reject` with the reason and left out.
  public func importArchive(
    from path: String, reject: (_ entry: String, _ reason: String) -> Void
  ) throws -> CacheArchive.ImportSummary {
    let reader = try ArchiveReader(path: path)
    let manifest = try reader.manifest()
    var summary = CacheArchive.ImportSummary()
    for entry in reader.articleEntries {
      let article: ArchivedArticle
      let html: String
      do {
        article = try reader.decode(ArchivedArticle.self, entry)
        html = try reader.originalHTML(of: article)
      } catch let problem as ArchiveReader.Problem {
        reject(entry, problem.reason)
        summary.rejected += 1
        continue
      }
      // The archive keeps times to the microsecond at best: a copy of the same moment is the
      // same article, not an older or newer one.
      let cached = try reading { db in
        try Double.fetchOne(db, sql: "SELECT cached_at FROM article WHERE id = ?", arguments: [article.id])
      }
      if let cached, abs(cached - article.cachedAt.timeIntervalSince1970) < 0.001 {
        summary.unchanged += 1
        continue
      }
      let change = try put(
        id: article.id, bookmark: article.bookmark, html: html, imageURLs: article.imageURLs,
        dates: .archived(cached: article.cachedAt, accessed: article.accessedAt))
      switch change {
      case .inserted: summary.inserted += 1
      case .updated: summary.updated += 1
      case nil: summary.keptNewer += 1
      }
    }
    if let archived = manifest.lastSync, try lastSync().map({ $0 < archived }) ?? true {
      try recordSync(at: archived)
    }
    let queue = try reader.queue { line, reason in
      // TRANSLATORS: where in an archive a queued change could not be read: queue.ndjson and a line number.
      reject(tr("\(CacheArchive.queueEntry) line \(line)"), reason)
      summary.rejected += 1
    }
    summary.queued =
      try restore(links: queue.links) + restore(highlights: queue.highlights) + restore(queued: queue.changes)
    return summary
  }
}

/// Reads the entries of an archive, checking what it reads.
private struct ArchiveReader {
  /// Why one entry cannot be imported.
  struct Problem: Error { let reason: String }

  let path: String
  let zip: Archive
  /// Entries by path, read once: looking an entry up by path walks the whole directory.
  let entries: [String: Entry]
  /// The article records, in archive order.
  let articleEntries: [String]

  init(path: String) throws {
    self.path = path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CacheArchive.ArchiveError.missing(path: path)
    }
    guard !isDirectory.boolValue else { throw CacheArchive.ArchiveError.isDirectory(path: path) }
    do {
      zip = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    } catch {
      throw CacheArchive.ArchiveError.unreadable(path: path, reason: tr("not a ZIP archive"))
    }
    var entries: [String: Entry] = [:]
    var articles: [String] = []
    for entry in zip {
      entries[entry.path] = entry
      if entry.path.hasPrefix("articles/"), entry.path.hasSuffix(".json") { articles.append(entry.path) }
    }
    self.entries = entries
    articleEntries = articles
  }

  func manifest() throws -> ArchiveManifest {
    let manifest: ArchiveManifest
    do {
      manifest = try decode(ArchiveManifest.self, "manifest.json")
    } catch let problem as Problem {
      throw CacheArchive.ArchiveError.unreadable(path: path, reason: tr("not an rk-cache export: \(problem.reason)"))
    }
    guard manifest.format == CacheArchive.format else {
      throw CacheArchive.ArchiveError.unreadable(
        path: path, reason: tr("not an rk-cache export (format \"\(manifest.format)\")"))
    }
    guard manifest.version <= CacheArchive.version else {
      throw CacheArchive.ArchiveError.unreadable(
        path: path,
        reason: tr(
          "written in format version \(manifest.version) by \(manifest.generator); this rk-cache reads up to version \(CacheArchive.version)"
        ))
    }
    return manifest
  }

  func data(_ name: String) throws -> Data {
    guard let entry = entries[name] else { throw Problem(reason: tr("\(name) is missing")) }
    var data = Data()
    data.reserveCapacity(Int(clamping: entry.uncompressedSize))
    do {
      _ = try zip.extract(entry) { data.append($0) }
    } catch {
      let reason = String(describing: error)
      throw Problem(reason: tr("\(name) is damaged (\(reason))"))
    }
    return data
  }

  /// The queued links, highlights and changes of `queue.ndjson` (none in an archive without
  /// it); a line that is none of them goes to `reject` with its number and is left out.
  func queue(reject: (_ line: Int, _ reason: String) -> Void) throws -> (
    links: [QueuedLink], highlights: [QueuedHighlight], changes: [FieldChange]
  ) {
    guard entries[CacheArchive.queueEntry] != nil else { return ([], [], []) }
    let bytes: Data
    do { bytes = try data(CacheArchive.queueEntry) } catch let problem as Problem {
      reject(0, problem.reason)
      return ([], [], [])
    }
    var links: [QueuedLink] = []
    var highlights: [QueuedHighlight] = []
    var changes: [FieldChange] = []
    for (offset, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
    where !line.isEmpty {
      do {
        let kind = try Data(line).withUnsafeBytes { try WireCoding.parse($0) }.objectValue?["kind"]?.stringValue
        if kind == QueuedLink.kind {
          links.append(try WireCoding.decode(QueuedLink.self, from: Data(line)))
          continue
        }
        if kind == QueuedHighlight.kind {
          highlights.append(try WireCoding.decode(QueuedHighlight.self, from: Data(line)))
          continue
        }
        guard kind == FieldChange.kind else {
          reject(
            offset + 1,
            kind.map { tr("a queued \"\($0)\" this rk-cache does not know; left out") }
              ?? tr("a queued record without a kind this rk-cache does not know; left out"))
          continue
        }
        changes.append(try WireCoding.decode(FieldChange.self, from: Data(line)))
      } catch {
        reject(offset + 1, WireCoding.describe(error))
      }
    }
    return (links, highlights, changes)
  }

  func decode<T: WireObject>(_ type: T.Type, _ name: String) throws -> T {
    let bytes = try data(name)
    do {
      return try WireCoding.decode(type, from: bytes)
    } catch {
      throw Problem(reason: "\(name): \(WireCoding.describe(error))")
    }
  }

  /// The article's HTML with its images embedded again, after checking every hash.
  func originalHTML(of article: ArchivedArticle) throws -> String {
    guard let browsable = String(data: try data(article.html), encoding: .utf8) else {
      throw Problem(reason: tr("\(article.html) is not UTF-8"))
    }
    var images: [String: (suffix: String, text: String)] = [:]
    for image in article.images {
      let bytes = try data(image.path)
      guard HexDigest.sha256(bytes) == image.sha256 else {
        throw Problem(reason: tr("\(image.path) does not match its hash"))
      }
      // The export points to images/<sha256>.<ext>; what follows the hash is the extension.
      let file = "images/" + image.sha256
      guard image.path.hasPrefix(file) else { throw Problem(reason: tr("\(image.path) is not named by its hash")) }
      images[image.sha256] = (
        String(image.path.dropFirst(file.count)), "data:\(image.mime);base64,\(bytes.base64EncodedString())"
      )
    }
    let html = EmbeddedImages.substitute(in: browsable, marker: "../images/") { images[$0] }
    guard HexDigest.sha256(Data(html.utf8)) == article.htmlSHA256 else {
      throw Problem(reason: tr("\(article.html) does not match its hash"))
    }
    return html
  }
}
