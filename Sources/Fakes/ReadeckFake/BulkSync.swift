import FakeServer
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON body of `POST /api/bookmarks/sync`.
struct BulkSyncOptions: Decodable {
  static let sortValues: Set<String> = ["updated", "-updated", "created", "-created"]

  var ids: [String] = []
  var withJSON = false
  var withHTML = false
  var withMarkdown = false
  var withResources = false
  /// Absent means the form default, `.`; an empty string keeps absolute URLs.
  var resourcePrefix = "."
  var sort: [String] = []

  private enum CodingKeys: String, CodingKey {
    case ids = "id"
    case withJSON = "with_json"
    case withHTML = "with_html"
    case withMarkdown = "with_markdown"
    case withResources = "with_resources"
    case resourcePrefix = "resource_prefix"
    case sort
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    ids = try container.decodeIfPresent([String].self, forKey: .ids) ?? []
    withJSON = try container.decodeIfPresent(Bool.self, forKey: .withJSON) ?? false
    withHTML = try container.decodeIfPresent(Bool.self, forKey: .withHTML) ?? false
    withMarkdown = try container.decodeIfPresent(Bool.self, forKey: .withMarkdown) ?? false
    withResources = try container.decodeIfPresent(Bool.self, forKey: .withResources) ?? false
    resourcePrefix = try container.decodeIfPresent(String.self, forKey: .resourcePrefix) ?? "."
    sort = try container.decodeIfPresent([String].self, forKey: .sort) ?? []
  }
}

/// `POST /api/bookmarks/sync`: the requested bookmarks as one streamed multipart body.
enum BulkSync {
  private static let formFields = [
    "id", "resource_prefix", "sort", "with_html", "with_json", "with_markdown", "with_resources",
  ]

  static func reply(body: [UInt8], library: Library) -> Reply {
    let options: BulkSyncOptions
    do {
      options = try JSONDecoder().decode(BulkSyncOptions.self, from: Data(body))
    } catch {
      return ErrorReply.form(
        errors: ["invalid JSON payload"], fields: formFields.map { ($0, nil, []) })
    }
    let badSort = options.sort.filter { !BulkSyncOptions.sortValues.contains($0) }
    guard badSort.isEmpty else {
      return ErrorReply.form(
        errors: nil,
        fields: formFields.map {
          $0 == "sort" ? ($0, badSort.joined(separator: ","), ["invalid sort value"]) : ($0, nil, [])
        })
    }

    let stream = BulkSyncStream(items: select(options, from: library), options: options, root: library.root)
    return Reply(status: 200, headers: [("Content-Type", stream.contentType)], body: .stream(stream))
  }

  /// The requested bookmarks that exist (all without `id`), by `updated` ascending unless `sort` says otherwise.
  static func select(_ options: BulkSyncOptions, from library: Library) -> [PreparedBookmark] {
    let positions: [Int]
    if options.ids.isEmpty {
      positions = Array(library.items.indices)
    } else {
      var seen = Set<String>()
      positions = options.ids.compactMap { seen.insert($0).inserted ? library.position(of: $0) : nil }
    }
    // Sort small keys, not whole bookmarks; the request's order breaks ties.
    let items = library.items
    let keys = (options.sort.isEmpty ? ["updated"] : options.sort).map { key in
      (descending: key.hasPrefix("-"), created: key.hasSuffix("created"))
    }
    let dates = positions.map { (created: items[$0].bookmark.created, updated: items[$0].bookmark.updated) }
    let order = dates.indices.sorted { lhs, rhs in
      for key in keys {
        let a = key.created ? dates[lhs].created : dates[lhs].updated
        let b = key.created ? dates[rhs].created : dates[rhs].updated
        if a != b { return key.descending ? a > b : a < b }
      }
      return lhs < rhs
    }
    return order.map { items[positions[$0]] }
  }

  /// The article with each `{root}/bm/xx/id/_resources/{name}` URL replaced by
  /// `path.Join(prefix, name)`, `%` in the prefix standing for the bookmark id. An empty prefix
  /// leaves the absolute URLs, so the HTML equals the `/article` body.
  static func rewrite(_ article: [UInt8], id: String, root: String, prefix: String) -> [UInt8] {
    guard !prefix.isEmpty else { return article }
    let directory = GoPath.clean(prefix).replacing("%", with: id)
    let base = Array("\(ResourcePaths.bookmarkBase(root: root, id: id))/_resources/".utf8)
    return article.withUnsafeBufferPointer { html in
      var out: [UInt8] = []
      out.reserveCapacity(html.count)
      var copiedUpTo = 0
      while let match = ByteSearch.firstIndex(of: base, in: html, from: copiedUpTo) {
        var end = match + base.count
        while end < html.count, isNameByte(html[end]) { end += 1 }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: html[copiedUpTo..<match]))
        let name = String(decoding: UnsafeBufferPointer(rebasing: html[(match + base.count)..<end]), as: UTF8.self)
        out += Array(GoPath.join(directory, name).utf8)
        copiedUpTo = end
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: html[copiedUpTo...]))
      return out
    }
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }
}

/// The bulk sync body, produced one part at a time so a large library streams in bounded memory
/// and each part goes out as its own chunk.
struct BulkSyncStream {
  private let items: [PreparedBookmark]
  private let options: BulkSyncOptions
  private let root: String
  private var writer = MultipartWriter()
  private var nextItem = 0
  /// The current bookmark's parts not yet handed out, last one first.
  private var pending: [[UInt8]] = []
  private var closed = false

  init(items: [PreparedBookmark], options: BulkSyncOptions, root: String) {
    self.items = items
    self.options = options
    self.root = root
  }

  var contentType: String { writer.contentType }

  /// The next chunk: a whole part, then the closing delimiter, then nil.
  mutating func nextChunk() -> [UInt8]? {
    while pending.isEmpty {
      if nextItem < items.count {
        pending = parts(for: items[nextItem]).reversed()
        nextItem += 1
      } else if !closed {
        closed = true
        return writer.close()
      } else {
        return nil
      }
    }
    return pending.removeLast()
  }

  private mutating func parts(for item: PreparedBookmark) -> [[UInt8]] {
    let bookmark = item.bookmark
    let id = bookmark.id
    let api = "\(root)/api/bookmarks/\(id)"
    let dates = [("Date", HTTPDate.seconds(bookmark.created)), ("Last-Modified", HTTPDate.imf(bookmark.updated))]
    func common(_ type: String, _ contentType: String, _ filename: String, path: String? = nil) -> [(String, String)] {
      [
        ("Bookmark-Id", id), ("Type", type), ("Content-Type", contentType), ("Filename", filename),
        ("Content-Disposition", "attachment; filename=\"\(path ?? filename)\""),
      ] + dates
    }

    var parts: [[UInt8]] = []
    if options.withJSON {
      var json = JSONWriter(capacity: item.summaryJSON.count + 64)
      BookmarkJSON.write(bookmark, root: root, detail: true, to: &json)
      json.newline()
      parts.append(
        writer.part(
          headers: common("json", "application/json; charset=utf-8", "info.json") + [("Location", api)],
          body: json.bytes))
    }
    let hasArticle = bookmark.loaded && bookmark.hasArticle
    let html =
      hasArticle && (options.withHTML || options.withMarkdown)
      ? BulkSync.rewrite(item.article, id: id, root: root, prefix: options.resourcePrefix) : []
    if options.withHTML, hasArticle {
      parts.append(
        writer.part(
          headers: common("html", "text/html; charset=utf-8", "index.html") + [("Location", "\(api)/article")],
          body: html))
    }
    if options.withMarkdown, hasArticle {
      parts.append(
        writer.part(
          headers: common("markdown", "text/markdown; charset=utf-8", "index.md") + [("Location", "\(api)/article.md")],
          body: Markdown.from(html: html, title: bookmark.title)))
    }
    if options.withResources, bookmark.loaded {
      // Go's path.Clean("") is ".", so an empty prefix still names files by their bare name here.
      let directory = GoPath.clean(options.resourcePrefix).replacing("%", with: id)
      for image in bookmark.images {
        let path = GoPath.join(directory, image.name)
        let headers =
          common("resource", image.contentType, image.name, path: path) + [
            ("Path", path), ("Group", "embedded"), ("Content-Length", String(image.bytes.count)),
            ("Location", ResourcePaths.resourceURL(root: root, id: id, name: image.name)),
          ]
        parts.append(writer.part(headers: headers, body: image.bytes))
      }
    }
    return parts
  }
}
