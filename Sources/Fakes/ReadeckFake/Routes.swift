import FakeServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds the answer to one request from a snapshot of the server.
struct Responder {
  let snapshot: Snapshot

  var root: String { snapshot.library.root }

  func reply(to request: IncomingRequest) -> Reply {
    let endpoint = request.endpoint
    let format = request.errorFormat
    if request.isAPI, endpoint != .info, let denied = authFailure(request, format: format) { return denied }
    switch endpoint {
    case .info:
      return info()
    case .list:
      return ListRoute.reply(
        query: request.query, library: snapshot.library, format: format, ifNoneMatch: request.header("If-None-Match"))
    case .bookmark(let id):
      return bookmark(id: id, request: request, format: format)
    case .update, .create, .createHighlight, .editHighlight, .deleteHighlight:
      // Answered by the server core, which changes the library under its lock.
      return ErrorReply.make(405, format: format)
    case .article(let id):
      return article(id: id, format: format)
    case .syncChanges:
      guard snapshot.bulkSyncAvailable else { return ErrorReply.make(404, format: format) }
      return SyncChangesRoute.reply(query: request.query, library: snapshot.library)
    case .bulkSync:
      guard snapshot.bulkSyncAvailable else { return ErrorReply.make(404, format: format) }
      return BulkSync.reply(body: request.body, library: snapshot.library)
    case .collections:
      return CollectionRoutes.list(query: request.query, library: snapshot.library, format: format)
    case .collection(let id):
      return CollectionRoutes.one(id: id, library: snapshot.library, format: format)
    case .highlights:
      return HighlightRoutes.list(query: request.query, library: snapshot.library, format: format)
    case .bookmarkHighlights(let id):
      guard let item = snapshot.library[id] else { return ErrorReply.make(404, format: format) }
      return HighlightRoutes.ofBookmark(item.bookmark)
    case .resource(let id, let name):
      return resource(id: id, format: format) { $0.images.first { $0.name == name } }
    case .imageAlias(let id, let name):
      return resource(id: id, format: format) { bookmark in
        guard let first = bookmark.images.first else { return nil }
        let ext = ResourcePaths.fileExtension(of: first)
        return ["icon", "image", "thumbnail"].contains { "\($0).\(ext)" == name } ? first : nil
      }
    case .methodNotAllowed:
      return ErrorReply.make(405, format: format)
    case .notFound:
      return ErrorReply.make(404, format: format)
    }
  }

  /// 401 unless the request carries the token, as a Bearer token or as a Basic password.
  func authFailure(_ request: IncomingRequest, format: ErrorFormat) -> Reply? {
    let authorization = request.header("Authorization")
    if let authorization, Self.token(in: authorization) == snapshot.token { return nil }
    var reply = ErrorReply.make(401, format: format)
    reply.add("WWW-Authenticate", "Bearer realm=\"Bearer token\"")
    if authorization == nil { reply.add("WWW-Authenticate", "Basic realm=\"Readeck Authentication\"") }
    return reply
  }

  static func token(in authorization: String) -> String? {
    let trimmed = authorization.trimmingSpaces
    guard let space = trimmed.firstIndex(of: " ") else { return nil }
    let credentials = String(String(trimmed[space...]).trimmingSpaces)
    switch trimmed[..<space].lowercased() {
    case "bearer":
      return credentials
    case "basic":
      guard let data = Data(base64Encoded: credentials), let pair = String(data: data, encoding: .utf8),
        let colon = pair.firstIndex(of: ":")
      else { return nil }
      return String(pair[pair.index(after: colon)...])
    default:
      return nil
    }
  }

  private func info() -> Reply {
    var json = JSONWriter()
    json.beginObject()
    json.key("version")
    json.beginObject()
    json.key("canonical")
    json.string(snapshot.version)
    json.key("release")
    json.string(snapshot.version)
    json.key("build")
    json.string("")
    json.endObject()
    json.key("features")
    json.strings(["oauth"])
    json.endObject()
    json.newline()
    return .json(json.bytes)
  }

  /// Headers every `/api/bookmarks/{id}…` answer carries.
  private func bookmarkHeaders(_ bookmark: FakeBookmark) -> [(String, String)] {
    [
      ("Bookmark-Id", bookmark.id),
      ("Link", "<\(root)/bookmarks/\(bookmark.id)>; rel=\"alternate\"; type=\"text/html\""),
    ]
  }

  private func bookmark(id: String, request: IncomingRequest, format: ErrorFormat) -> Reply {
    guard let item = snapshot.library[id] else { return ErrorReply.make(404, format: format) }
    var json = JSONWriter(capacity: item.summaryJSON.count + 64)
    BookmarkJSON.write(item.bookmark, root: root, detail: true, to: &json)
    json.newline()
    var reply = Reply.json(json.bytes, headers: bookmarkHeaders(item.bookmark))
    if item.bookmark.loaded {
      let etag = ETag.of(json.bytes)
      reply.add("Etag", etag)
      reply.add("Last-Modified", HTTPDate.imf(item.bookmark.updated))
      if request.header("If-None-Match") == etag { return reply.notModified() }
    }
    return reply
  }

  private func article(id: String, format: ErrorFormat) -> Reply {
    guard let item = snapshot.library[id] else { return ErrorReply.make(404, format: format) }
    let bookmark = item.bookmark
    // The real handler dereferences the missing archive of a bookmark still loading.
    guard bookmark.loaded else { return ErrorReply.make(500, format: format) }
    var headers = [("Content-Type", "text/html; charset=utf-8")] + bookmarkHeaders(bookmark)
    guard bookmark.hasArticle else { return Reply(status: 200, headers: headers) }
    for image in bookmark.images {
      headers.append(("Link", "<\(ResourcePaths.resourceURL(root: root, id: id, name: image.name))>; rel=\"media\""))
    }
    return Reply(status: 200, headers: headers, body: .bytes(item.article))
  }

  private func resource(id: String, format: ErrorFormat, pick: (FakeBookmark) -> FakeImage?) -> Reply {
    guard let bookmark = snapshot.library[id]?.bookmark, let image = pick(bookmark) else {
      return ErrorReply.make(404, format: format)
    }
    return Reply(
      status: 200,
      headers: [
        ("Content-Type", image.contentType), ("Cache-Control", "public, max-age=31536000"),
        ("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"),
        ("X-Content-Type-Options", "nosniff"),
      ],
      body: .bytes(image.bytes))
  }
}

extension Reply {
  /// The same headers without a body, for a matching `If-None-Match`.
  func notModified() -> Reply {
    Reply(status: 304, headers: headers.filter { $0.0.lowercased() != "content-type" })
  }
}

/// The `Etag` the server sends: a bare FNV-1a 64 hash in hex, without quotes.
enum ETag {
  static func of(_ bytes: [UInt8]) -> String {
    let hash = bytes.withUnsafeBufferPointer { buffer in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in buffer {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01B3
      }
      return hash
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
