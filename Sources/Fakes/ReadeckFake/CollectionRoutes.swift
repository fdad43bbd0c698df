/// `GET /api/bookmarks/collections` (paginated like the bookmark list) and
/// `GET /api/bookmarks/collections/{id}`: the collection objects as the server's
/// `collectionItem` writes them.
enum CollectionRoutes {
  static func list(query: [(String, String)], library: Library, format: ErrorFormat) -> Reply {
    guard let limit = ListRoute.integer("limit", in: query), let offset = ListRoute.integer("offset", in: query),
      (0...ListRoute.maxLimit).contains(limit), offset >= 0
    else { return ErrorReply.make(404, format: format) }
    let pageSize = limit == 0 ? ListRoute.defaultLimit : limit
    let all = library.collections
    let page = offset < all.count ? all[offset..<min(offset + pageSize, all.count)] : []
    var json = JSONWriter()
    json.beginArray()
    for collection in page { write(collection, root: library.root, to: &json) }
    json.endArray()
    json.newline()
    var reply = Reply.json(json.bytes)
    Pagination.addHeaders(
      to: &reply, base: "\(library.root)/api/bookmarks/collections", query: query, total: all.count,
      limit: pageSize, offset: offset)
    return reply
  }

  static func one(id: String, library: Library, format: ErrorFormat) -> Reply {
    guard let collection = library.collection(id: id) else { return ErrorReply.make(404, format: format) }
    var json = JSONWriter()
    write(collection, root: library.root, to: &json)
    json.newline()
    return Reply.json(json.bytes)
  }

  private static func write(_ c: FakeCollection, root: String, to json: inout JSONWriter) {
    json.beginObject()
    json.key("id")
    json.string(c.id)
    json.key("href")
    json.string("\(root)/api/bookmarks/collections/\(c.id)")
    json.key("created")
    json.string(Timestamp.string(c.created))
    json.key("updated")
    json.string(Timestamp.string(c.updated))
    json.key("name")
    json.string(c.name)
    json.key("is_pinned")
    json.bool(c.isPinned)
    json.key("is_deleted")
    json.bool(c.isDeleted)
    for (name, value) in [
      ("search", c.search), ("title", c.title), ("author", c.author), ("site", c.site),
    ] {
      json.key(name)
      json.string(value)
    }
    json.key("type")
    strings(c.types, to: &json)
    json.key("labels")
    json.string(c.labels)
    json.key("read_status")
    strings(c.readStatus, to: &json)
    for (name, value) in [("is_marked", c.isMarked), ("is_archived", c.isArchived)] {
      json.key(name)
      if let value { json.bool(value) } else { json.null() }
    }
    json.key("range_start")
    json.string(c.rangeStart)
    json.key("range_end")
    json.string(c.rangeEnd)
    json.endObject()
  }

  private static func strings(_ values: [String], to json: inout JSONWriter) {
    json.beginArray()
    for value in values { json.string(value) }
    json.endArray()
  }
}
