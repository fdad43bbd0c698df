/// Which handler a method and path reach, decided before auth so faults can be matched first.
enum Endpoint: Equatable {
  case info
  case list
  case bookmark(id: String)
  /// `POST /api/bookmarks`
  case create
  /// `PATCH /api/bookmarks/{id}`
  case update(id: String)
  case article(id: String)
  case syncChanges
  case bulkSync
  /// `GET /api/bookmarks/annotations`
  case highlights
  /// `GET /api/bookmarks/{id}/annotations`
  case bookmarkHighlights(id: String)
  /// `GET /api/bookmarks/collections`
  case collections
  /// `GET /api/bookmarks/collections/{id}`
  case collection(id: String)
  /// `POST /api/bookmarks/{id}/annotations`
  case createHighlight(id: String)
  /// `PATCH /api/bookmarks/{id}/annotations/{aid}`
  case editHighlight(id: String, highlightID: String)
  /// `DELETE /api/bookmarks/{id}/annotations/{aid}`
  case deleteHighlight(id: String, highlightID: String)
  /// `/bm/{xx}/{id}/_resources/{name}`
  case resource(id: String, name: String)
  /// `/bm/{xx}/{id}/img/{name}`: the icon, image and thumbnail aliases.
  case imageAlias(id: String, name: String)
  case methodNotAllowed
  case notFound

  /// `path` is the request path with the server prefix removed.
  init(method: String, path: Substring) {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count >= 2, segments[0].isEmpty else {
      self = .notFound
      return
    }
    let get = method == "GET"
    switch (segments.count, segments[1]) {
    case (3, "api") where segments[2] == "info":
      self = get ? .info : .methodNotAllowed
    case (3, "api") where segments[2] == "bookmarks":
      self = get ? .list : method == "POST" ? .create : .methodNotAllowed
    case (4, "api") where segments[2] == "bookmarks" && segments[3] == "sync":
      self = get ? .syncChanges : method == "POST" ? .bulkSync : .methodNotAllowed
    case (4, "api") where segments[2] == "bookmarks" && segments[3] == "annotations":
      self = get ? .highlights : .methodNotAllowed
    case (4, "api") where segments[2] == "bookmarks" && segments[3] == "collections":
      self = get ? .collections : .methodNotAllowed
    case (5, "api") where segments[2] == "bookmarks" && segments[3] == "collections" && Self.isID(segments[4]):
      self = get ? .collection(id: String(segments[4])) : .methodNotAllowed
    case (5, "api") where segments[2] == "bookmarks" && Self.isID(segments[3]) && segments[4] == "annotations":
      let id = String(segments[3])
      self = get ? .bookmarkHighlights(id: id) : method == "POST" ? .createHighlight(id: id) : .methodNotAllowed
    case (6, "api")
    where segments[2] == "bookmarks" && Self.isID(segments[3]) && segments[4] == "annotations"
      && !segments[5].isEmpty:
      let (id, highlightID) = (String(segments[3]), String(segments[5]))
      switch method {
      case "PATCH": self = .editHighlight(id: id, highlightID: highlightID)
      case "DELETE": self = .deleteHighlight(id: id, highlightID: highlightID)
      default: self = .methodNotAllowed
      }
    case (4, "api") where segments[2] == "bookmarks" && Self.isID(segments[3]):
      let id = String(segments[3])
      self = get ? .bookmark(id: id) : method == "PATCH" ? .update(id: id) : .methodNotAllowed
    case (5, "api") where segments[2] == "bookmarks" && Self.isID(segments[3]) && segments[4] == "article":
      self = get ? .article(id: String(segments[3])) : .methodNotAllowed
    case (6, "bm") where Self.isID(segments[3]) && segments[2] == segments[3].prefix(2) && !segments[5].isEmpty:
      let id = String(segments[3])
      let name = String(segments[5])
      switch segments[4] {
      case "_resources": self = get ? .resource(id: id, name: name) : .methodNotAllowed
      case "img": self = get ? .imageAlias(id: id, name: name) : .methodNotAllowed
      default: self = .notFound
      }
    default:
      self = .notFound
    }
  }

  var route: FakeRoute? {
    switch self {
    case .info: .info
    case .list: .list
    case .bookmark: .bookmark
    case .create: .create
    case .update: .update
    case .article: .article
    case .syncChanges: .syncChanges
    case .bulkSync: .bulkSync
    case .highlights, .bookmarkHighlights: .highlights
    case .collections, .collection: .collections
    case .createHighlight, .editHighlight, .deleteHighlight: .highlightChange
    case .resource, .imageAlias: .image
    case .methodNotAllowed, .notFound: nil
    }
  }

  var bookmarkID: String? {
    switch self {
    case .bookmark(let id), .update(let id), .article(let id), .resource(let id, _), .imageAlias(let id, _),
      .bookmarkHighlights(let id), .createHighlight(let id), .editHighlight(let id, _), .deleteHighlight(let id, _):
      id
    default: nil
    }
  }

  /// The router's pattern for bookmark ids: `[a-zA-Z0-9]{18,22}`.
  static func isID(_ text: Substring) -> Bool {
    (18...22).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      }
  }
}

/// The parts of a request the routes read.
struct IncomingRequest {
  var method: String
  /// As sent, prefix included.
  var path: String
  /// With the prefix removed, or nil when the path is outside the prefix.
  var routedPath: Substring?
  var query: [(String, String)]
  var headers: [(String, String)]
  var body: [UInt8]

  init(method: String, uri: String, headers: [(String, String)], body: [UInt8], prefix: String) {
    self.method = method
    var target = Substring(uri)
    // An absolute-form target (`GET http://host/path`) routes by its path.
    if target.hasPrefix("http://") || target.hasPrefix("https://"), let scheme = target.firstRange(of: "://") {
      let afterScheme = target[scheme.upperBound...]
      target = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
    }
    if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
    let question = target.firstIndex(of: "?")
    let path = question.map { target[..<$0] } ?? target
    self.path = String(path)
    query = question.map { QueryString.parse(target[target.index(after: $0)...]) } ?? []
    self.headers = headers
    self.body = body
    if prefix.isEmpty {
      routedPath = path
    } else if path.hasPrefix(prefix),
      path.dropFirst(prefix.count).isEmpty || path.dropFirst(prefix.count).hasPrefix("/")
    {
      routedPath = path.dropFirst(prefix.count)
    } else {
      routedPath = nil
    }
  }

  var endpoint: Endpoint {
    routedPath.map { Endpoint(method: method, path: $0) } ?? .notFound
  }

  /// Under `/api`, where every answer varies by `Accept` and most need a token.
  var isAPI: Bool {
    guard let routedPath else { return false }
    return routedPath == "/api" || routedPath.hasPrefix("/api/")
  }

  func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.0.lowercased() == wanted }?.1
  }

  var errorFormat: ErrorFormat { ErrorFormat(accept: header("Accept")) }

  func queryValues(_ name: String) -> [String] { query.filter { $0.0 == name }.map(\.1) }
}
