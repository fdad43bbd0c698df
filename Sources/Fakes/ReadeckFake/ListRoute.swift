/// `GET /api/bookmarks`: filters, sort and pagination as `forms_bookmarks.go` and
/// `pagination.go` implement them.
enum ListRoute {
  static let defaultLimit = 50
  static let maxLimit = 100

  static func reply(query: [(String, String)], library: Library, format: ErrorFormat, ifNoneMatch: String?) -> Reply {
    // `GetPageParams` returns nil for a bad limit or offset, and the handler answers 404.
    guard let limit = integer("limit", in: query), let offset = integer("offset", in: query),
      (0...maxLimit).contains(limit), offset >= 0
    else { return ErrorReply.make(404, format: format) }
    let pageSize = limit == 0 ? defaultLimit : limit

    let filter: ListFilter
    switch ListFilter.parse(query) {
    case .success(let parsed): filter = parsed
    case .failure(let invalid): return ErrorReply.form(errors: nil, fields: invalid.fields)
    }

    var matching = filter.apply(to: library)
    // `collection=ID` adds the collection's saved filters to the query's (both must match); an
    // unknown id is a 404, as on the server.
    if let id = query.first(where: { $0.0 == "collection" })?.1, !id.isEmpty {
      guard let collection = library.collection(id: id),
        case .success(let saved) = ListFilter.parse(collection.filterQuery)
      else { return ErrorReply.make(404, format: format) }
      let inCollection = Set(saved.apply(to: library))
      matching = matching.filter(inCollection.contains)
    }
    let page = offset < matching.count ? matching[offset..<min(offset + pageSize, matching.count)] : []

    let items = library.items
    var body: [UInt8] = [UInt8(ascii: "[")]
    body.reserveCapacity(page.reduce(4) { $0 + items[$1].summaryJSON.count + 1 })
    for (number, position) in page.enumerated() {
      if number > 0 { body.append(UInt8(ascii: ",")) }
      body += items[position].summaryJSON
    }
    body += [UInt8(ascii: "]"), UInt8(ascii: "\n")]

    let etag = ETag.of(body)
    var reply = Reply.json(body)
    reply.add("Etag", etag)
    Pagination.addHeaders(
      to: &reply, base: "\(library.root)/api/bookmarks", query: query, total: matching.count, limit: pageSize,
      offset: offset)
    if ifNoneMatch == etag { return reply.notModified() }
    return reply
  }

  /// The first value as an integer, 0 when absent or empty, nil when it is not an integer.
  static func integer(_ name: String, in query: [(String, String)]) -> Int? {
    guard let value = query.first(where: { $0.0 == name })?.1, !value.isEmpty else { return 0 }
    return Int(value)
  }
}

/// The `Link` headers of a paginated answer.
enum Pagination {
  /// `Link`, `Total-Count`, `Total-Pages` and `Current-Page`, as every paginated route sends them.
  static func addHeaders(
    to reply: inout Reply, base: String, query: [(String, String)], total: Int, limit: Int, offset: Int
  ) {
    for link in links(base: base, query: query, total: total, limit: limit, offset: offset) { reply.add("Link", link) }
    reply.add("Total-Count", String(total))
    reply.add("Total-Pages", String((total + limit - 1) / limit))
    reply.add("Current-Page", String(offset / limit + 1))
  }

  /// `previous` and `next` when those pages exist, `first` always, `last` only with more than one
  /// page. Each URL is the request's query with `limit` and `offset` set, re-encoded with sorted keys.
  static func links(base: String, query: [(String, String)], total: Int, limit: Int, offset: Int) -> [String] {
    let pages = (total + limit - 1) / limit
    let lastOffset = (pages - 1) * limit
    let kept = query.filter { $0.0 != "limit" && $0.0 != "offset" }
    func link(_ rel: String, _ offset: Int) -> String {
      let encoded = QueryString.encode(kept + [("limit", String(limit)), ("offset", String(offset))])
      return "<\(base)?\(encoded)>; rel=\"\(rel)\""
    }
    var links: [String] = []
    if offset - limit >= 0 { links.append(link("previous", offset - limit)) }
    if offset + limit <= lastOffset { links.append(link("next", offset + limit)) }
    links.append(link("first", 0))
    if pages > 1 { links.append(link("last", lastOffset)) }
    return links
  }
}
