import FakeServer

/// A response before it is written: status, headers in the order they go out, and a body that is
/// either complete or a multipart stream produced part by part.
struct Reply {
  enum Body {
    case bytes([UInt8])
    case stream(BulkSyncStream)
  }

  var status: Int
  var headers: [(String, String)]
  var body: Body
  /// Whether the body is JSON, which decides what `malformedJSON` sends.
  var isJSON = false

  init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([]), isJSON: Bool = false) {
    self.status = status
    self.headers = headers
    self.body = body
    self.isJSON = isJSON
  }

  static func json(_ bytes: [UInt8], status: Int = 200, headers: [(String, String)] = []) -> Reply {
    Reply(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: .bytes(bytes),
      isJSON: true)
  }

  mutating func add(_ name: String, _ value: String) { headers.append((name, value)) }

  func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.0.lowercased() == wanted }?.1
  }

  /// Headers sorted by name as Go writes them, keeping the order of repeated ones (`Link`).
  var sortedHeaders: [(String, String)] {
    headers.enumerated().sorted { lhs, rhs in
      let left = lhs.element.0.lowercased()
      let right = rhs.element.0.lowercased()
      return left == right ? lhs.offset < rhs.offset : left.utf8.lexicographicallyPrecedes(right.utf8)
    }.map(\.element)
  }
}

/// What an error body looks like, chosen from the request's `Accept` as the server's `ErrorPages`
/// middleware does.
enum ErrorFormat {
  case json, text, html

  init(accept: String?) {
    guard let accept = accept?.lowercased(), !accept.trimmingSpaces.isEmpty else {
      self = .html
      return
    }
    if accept.contains("application/json") || accept.contains("+json") {
      self = .json
    } else if accept.contains("text/html") {
      self = .html
    } else {
      self = .text
    }
  }
}

enum ErrorReply {
  /// `{"status":N,"message":"<Go status text>"}`, plain status text, or a small HTML page; the
  /// handler's own `message` instead of the status text when it gives one.
  static func make(_ status: Int, format: ErrorFormat, message: String? = nil) -> Reply {
    let text = message ?? StatusText.of(status)
    switch format {
    case .json:
      var json = JSONWriter()
      json.beginObject()
      json.key("status")
      json.int(status)
      json.key("message")
      json.string(text)
      json.endObject()
      json.newline()
      return .json(json.bytes, status: status)
    case .text:
      return Reply(
        status: status,
        headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")],
        body: .bytes(Array("\(text)\n".utf8)))
    case .html:
      let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(status) \(text) - Readeck</title></head>
        <body><main><h1>\(status)</h1><p>\(text)</p></main></body>
        </html>

        """
      return Reply(
        status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(Array(page.utf8)))
    }
  }

  /// The form-error body (`is_valid`, `errors`, `fields`) of 422 answers (400 for a bookmark
  /// update); never rewritten by `Accept`. `fields` maps each field name to its errors (empty for
  /// a valid field).
  static func form(
    errors: [String]?, fields: [(name: String, value: String?, errors: [String])], status: Int = 422
  ) -> Reply {
    var json = JSONWriter()
    json.beginObject()
    json.key("is_valid")
    json.bool(false)
    json.key("errors")
    if let errors { json.strings(errors) } else { json.null() }
    json.key("fields")
    json.beginObject()
    for field in fields.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
      json.key(field.name)
      json.beginObject()
      json.key("is_null")
      json.bool(field.value == nil)
      json.key("is_bound")
      json.bool(field.value != nil)
      json.key("value")
      if let value = field.value { json.string(value) } else { json.null() }
      json.key("errors")
      if field.errors.isEmpty { json.null() } else { json.strings(field.errors) }
      json.endObject()
    }
    json.endObject()
    json.endObject()
    json.newline()
    return .json(json.bytes, status: status)
  }
}

extension String {
  var trimmingSpaces: Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
