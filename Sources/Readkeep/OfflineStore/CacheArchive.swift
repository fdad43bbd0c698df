import ContentHash
import Foundation
import GRDB
import Localization
import Wire
import ZIPFoundation

/// The whole store as a ZIP file that opens in a browser once unpacked:
///
/// ```
/// manifest.json          {"format": "readkeep-cache", "version": 1, "articles": 23, "images": 41, …}
/// articles/<id>.json     the bookmark as received, cached/read dates, image URLs, the images it
///                        embeds (hash, type as written) and the SHA-256 of its HTML
/// articles/<id>.html     the HTML, embedded images pointing to ../images/<sha256>.<ext>
/// images/<sha256>.<ext>  each image once, however many articles embed it
/// queue.ndjson           what rk-push has still to send, one record a line with its "kind":
///                        "queued_link" (a link saved offline, until its article is stored;
///                        restored under a new local id), "queued_highlight" (a highlight made,
///                        edited or deleted offline; a new one under a new local id) and
///                        "change" (a field edited offline), as `rk-cache pending` shows them;
///                        later kinds of queued work are further kinds in the same file. Absent
///                        when the queue is empty.
/// ```
///
/// An archive without `queue.ndjson` (older, or of an empty queue) imports as before; a kind an
/// importer does not know is reported and left out, the rest of the queue comes back.
///
/// Importing puts every image back as the `data:` URI it was, so an article comes back byte for
/// byte; its HTML hash and each image's hash are checked first.
public enum CacheArchive {
  public static let format = "readkeep-cache"
  public static let version = 1
  /// The entry holding the offline write queue.
  static let queueEntry = "queue.ndjson"

  public struct ExportSummary: Sendable, Equatable {
    public var articles: Int
    public var images: Int
    /// Size of the ZIP file.
    public var bytes: Int
  }

  public struct ImportSummary: Sendable, Equatable {
    public var inserted = 0
    public var updated = 0
    /// Articles already cached more recently than the archive's copy, which stayed.
    public var keptNewer = 0
    /// Articles cached at the same moment as the archive's copy (the store it came from): left
    /// as they are.
    public var unchanged = 0
    /// Articles left out because the archive's copy is damaged, and queued records that could
    /// not be read or are of an unknown kind; each was reported.
    public var rejected = 0
    /// Queued changes added to the store's queue or merged into it.
    public var queued = 0
  }

  public enum ArchiveError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case isDirectory(path: String)
    /// The file is not a ZIP, has no manifest, or is of an unknown format or a newer version.
    case unreadable(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
      switch self {
      case .missing(let path): tr("\(path): no such file")
      case .isDirectory(let path): tr("\(path): a folder, not an archive")
      case .unreadable(let path, let reason): "\(path): \(reason)"
      case .cannotWrite(let path, let reason): tr("cannot write \(path): \(reason)")
      }
    }
  }

  /// The file name an id gets inside the archive: the id itself when it is a safe file name,
  /// else its hash (the JSON inside keeps the id either way).
  static func fileName(for id: String) -> String {
    let safe =
      !id.isEmpty && id.count <= 100
      && id.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"),
          UInt8(ascii: "-"), UInt8(ascii: "_"):
          true
        default: false
        }
      }
    return safe ? id : "id-" + HexDigest.sha256(Data(id.utf8))
  }

  /// The file extension for an image type; `bin` for types it does not know.
  static func fileExtension(for mime: String) -> String {
    switch mime.lowercased() {
    case "image/png", "image/apng": "png"
    case "image/jpeg", "image/jpg", "image/pjpeg": "jpg"
    case "image/gif": "gif"
    case "image/webp": "webp"
    case "image/avif": "avif"
    case "image/heic", "image/heif": "heic"
    case "image/bmp", "image/x-ms-bmp": "bmp"
    case "image/x-icon", "image/vnd.microsoft.icon": "ico"
    case "image/tiff": "tif"
    case "image/svg+xml": "svg"
    default: "bin"
    }
  }
}

/// `manifest.json`.
struct ArchiveManifest: WireObject {
  var format: String
  var version: Int
  var createdAt: Date
  var generator: String
  var articles: Int
  var images: Int
  var lastSync: Date?
  /// Records in `queue.ndjson`; 0 in archives older than the queue's entry.
  var queued: Int
  var unknownFields: JSONObject = [:]

  init(createdAt: Date, generator: String, articles: Int, images: Int, lastSync: Date?, queued: Int = 0) {
    (format, version) = (CacheArchive.format, CacheArchive.version)
    (self.createdAt, self.generator, self.articles, self.images, self.lastSync, self.queued) = (
      createdAt, generator, articles, images, lastSync, queued
    )
  }

  init(reading members: inout MemberReader) throws {
    format = try members.string("format")
    version = try members.int("version")
    createdAt = try members.date("created_at")
    generator = try members.optionalString("generator") ?? ""
    articles = try members.optionalInt("articles") ?? 0
    images = try members.optionalInt("images") ?? 0
    lastSync = try members.optionalDate("last_sync")
    queued = try members.optionalInt("queued") ?? 0
    unknownFields = members.remaining()
  }

  func write(to members: inout MemberWriter) {
    members.put("format", format)
    members.put("version", version)
    members.put("created_at", createdAt)
    members.put("generator", generator)
    members.put("articles", articles)
    members.put("images", images)
    members.put("last_sync", lastSync)
    members.put("queued", queued)
  }
}

/// `articles/<id>.json`.
struct ArchivedArticle: WireObject {
  var id: String
  /// The server's bookmark object as received.
  var bookmark: JSONObject
  var cachedAt: Date
  var accessedAt: Date?
  var imageURLs: [String]
  var images: [ArchivedImage]
  /// Where the HTML is inside the archive.
  var html: String
  /// Of the HTML with its images embedded, as `rk-cache html` gives it.
  var htmlSHA256: String
  var bytes: Int
  var unknownFields: JSONObject = [:]

  init(
    id: String, bookmark: JSONObject, cachedAt: Date, accessedAt: Date?, imageURLs: [String], images: [ArchivedImage],
    html: String, htmlSHA256: String, bytes: Int
  ) {
    (self.id, self.bookmark, self.cachedAt, self.accessedAt, self.imageURLs) = (
      id, bookmark, cachedAt, accessedAt, imageURLs
    )
    (self.images, self.html, self.htmlSHA256, self.bytes) = (images, html, htmlSHA256, bytes)
  }

  init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    bookmark = try members.object("bookmark")
    cachedAt = try members.date("cached_at")
    accessedAt = try members.optionalDate("accessed_at")
    imageURLs = try members.optionalStrings("image_urls") ?? []
    images = try members.optionalObjects("images") ?? []
    html = try members.string("html")
    htmlSHA256 = try members.string("html_sha256")
    bytes = try members.optionalInt("bytes") ?? 0
    unknownFields = members.remaining()
  }

  func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("bookmark", bookmark)
    members.put("cached_at", cachedAt)
    members.put("accessed_at", accessedAt)
    members.put("image_urls", imageURLs)
    members.put("images", images)
    members.put("html", html)
    members.put("html_sha256", htmlSHA256)
    members.put("bytes", bytes)
  }
}

/// One image an archived article embeds.
struct ArchivedImage: WireObject {
  var sha256: String
  /// The type as the article writes it in its `data:` URI.
  var mime: String
  /// The image file inside the archive.
  var path: String
  var unknownFields: JSONObject = [:]

  init(sha256: String, mime: String, path: String) {
    (self.sha256, self.mime, self.path) = (sha256, mime, path)
  }

  init(reading members: inout MemberReader) throws {
    sha256 = try members.string("sha256")
    mime = try members.string("mime")
    path = try members.string("path")
    unknownFields = members.remaining()
  }

  func write(to members: inout MemberWriter) {
    members.put("sha256", sha256)
    members.put("mime", mime)
    members.put("path", path)
  }
}
