#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A highlight (Readeck: annotation) as the server stores it: its range as selectors and
/// offsets into the article, the text it covers, its colour and note.
public struct FakeHighlight: Sendable, Equatable {
  public var id: String
  public var startSelector: String
  public var startOffset: Int
  public var endSelector: String
  public var endOffset: Int
  public var color: String
  public var note: String
  public var text: String
  public var created: Date

  public init(
    id: String, text: String, color: String = "yellow", note: String = "", created: Date,
    startSelector: String = "", startOffset: Int = 0, endSelector: String = "", endOffset: Int = 0
  ) {
    self.id = id
    self.text = text
    self.color = color
    self.note = note
    self.created = created
    self.startSelector = startSelector
    self.startOffset = startOffset
    self.endSelector = endSelector
    self.endOffset = endOffset
  }
}

/// `GET /api/bookmarks/annotations` (every highlight, newest first, paginated like the bookmark
/// list, each with its bookmark's id, link, URL, title and site name) and
/// `GET /api/bookmarks/{id}/annotations` (one bookmark's, in document order, with selectors).
enum HighlightRoutes {
  static func list(query: [(String, String)], library: Library, format: ErrorFormat) -> Reply {
    guard let limit = ListRoute.integer("limit", in: query), let offset = ListRoute.integer("offset", in: query),
      (0...ListRoute.maxLimit).contains(limit), offset >= 0
    else { return ErrorReply.make(404, format: format) }
    let pageSize = limit == 0 ? ListRoute.defaultLimit : limit
    var all: [(bookmark: FakeBookmark, highlight: FakeHighlight)] = []
    for item in library.items where !item.bookmark.isDeleted {
      for highlight in item.bookmark.highlights { all.append((item.bookmark, highlight)) }
    }
    all.sort { lhs, rhs in
      let (left, right) = (lhs.highlight, rhs.highlight)
      return left.created != right.created ? left.created > right.created : left.id < right.id
    }
    let page = offset < all.count ? all[offset..<min(offset + pageSize, all.count)] : []
    var json = JSONWriter()
    json.beginArray()
    for (bookmark, highlight) in page {
      json.beginObject()
      json.key("id")
      json.string(highlight.id)
      json.key("href")
      json.string("\(library.root)/api/bookmarks/\(bookmark.id)/annotations/\(highlight.id)")
      json.key("text")
      json.string(highlight.text)
      json.key("created")
      json.string(Timestamp.string(highlight.created))
      json.key("color")
      json.string(highlight.color)
      json.key("note")
      json.string(highlight.note)
      json.key("bookmark_id")
      json.string(bookmark.id)
      json.key("bookmark_href")
      json.string("\(library.root)/api/bookmarks/\(bookmark.id)")
      json.key("bookmark_url")
      json.string(bookmark.url)
      json.key("bookmark_title")
      json.string(bookmark.title)
      json.key("bookmark_site_name")
      json.string(bookmark.siteName)
      json.endObject()
    }
    json.endArray()
    json.newline()
    var reply = Reply.json(json.bytes)
    Pagination.addHeaders(
      to: &reply, base: "\(library.root)/api/bookmarks/annotations", query: query, total: all.count, limit: pageSize,
      offset: offset)
    return reply
  }

  static func ofBookmark(_ bookmark: FakeBookmark) -> Reply {
    var json = JSONWriter()
    json.beginArray()
    for highlight in bookmark.highlights { json.raw(object(highlight, newline: false)) }
    json.endArray()
    json.newline()
    return Reply.json(json.bytes)
  }

  /// One highlight as the bookmark's list, a create and an edit write it.
  static func object(_ highlight: FakeHighlight, newline: Bool = true) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("id")
    json.string(highlight.id)
    json.key("start_selector")
    json.string(highlight.startSelector)
    json.key("start_offset")
    json.int(highlight.startOffset)
    json.key("end_selector")
    json.string(highlight.endSelector)
    json.key("end_offset")
    json.int(highlight.endOffset)
    json.key("color")
    json.string(highlight.color)
    json.key("created")
    json.string(Timestamp.string(highlight.created))
    json.key("text")
    json.string(highlight.text)
    json.key("note")
    json.string(highlight.note)
    json.endObject()
    if newline { json.newline() }
    return json.bytes
  }
}
