import FakeServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `GET /api/bookmarks/sync?since=`: what changed, newest first.
enum SyncChangesRoute {
  static func reply(query: [(String, String)], library: Library) -> Reply {
    let sinceText = query.first { $0.0 == "since" }?.1 ?? ""
    var since: Date?
    if !sinceText.isEmpty {
      guard let parsed = Timestamp.parse(sinceText) else {
        return ErrorReply.form(errors: nil, fields: [("since", sinceText, ["invalid datetime"])])
      }
      since = parsed
    }

    var changes: [(id: String, time: Date, type: String)] = []
    for item in library.items where since.map({ item.bookmark.updated >= $0 }) ?? true {
      changes.append((item.id, item.bookmark.updated, "update"))
    }
    // Without `since` the server lists only updates: one per bookmark it still has.
    if let since {
      for deletion in library.deletions where deletion.time >= since {
        changes.append((deletion.id, deletion.time, "delete"))
      }
    }
    changes.sort { lhs, rhs in
      lhs.time != rhs.time ? lhs.time > rhs.time : lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
    }

    var json = JSONWriter(capacity: 80 * changes.count + 4)
    json.beginArray()
    for change in changes {
      json.beginObject()
      json.key("id")
      json.string(change.id)
      json.key("time")
      json.string(Timestamp.string(change.time))
      json.key("type")
      json.string(change.type)
      json.endObject()
    }
    json.endArray()
    json.newline()
    var reply = Reply.json(json.bytes)
    reply.add("Etag", ETag.of(json.bytes))
    if let newest = changes.first?.time { reply.add("Last-Modified", HTTPDate.imf(newest)) }
    return reply
  }
}
