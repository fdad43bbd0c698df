public import AsyncHTTPClient
import Foundation
import Localization
import NIOCore
import NIOHTTP1
import NIOPosix
public import Resilience
public import Wire

/// One page of `GET /api/bookmarks`.
public struct BookmarkPage: Sendable {
  /// The bookmark objects exactly as the server sent them, in its order.
  public var bookmarks: [JSONObject]
  public var totalCount: Int?
  public var totalPages: Int?
  /// The `Link rel="next"` target, when the server gave one on the server's own origin.
  public var next: String?
}

/// One entry of `GET /api/bookmarks/sync`.
public struct BookmarkChange: Sendable, Equatable {
  public var id: String
  public var time: String
  /// `update` or `delete`.
  public var type: String
}

/// A Readeck server's API over AsyncHTTPClient, with the shared retry policy and circuit breaker.
/// Every request carries `Authorization: Bearer …` and `Accept: application/json` (error bodies
/// depend on it). The token never appears in errors or messages.
public final class ReadeckClient: Sendable {
  /// The base URL as given (a path prefix allowed), without a trailing slash or credentials.
  public let server: String
  private let token: String
  private let http: HTTPClient
  private let timeout: Double
  private let policy: RetryPolicy
  private let breaker: CircuitBreaker
  private let host: String
  private let onRetry: @Sendable (String) -> Void
  private let userAgent: String

  /// - Parameters:
  ///   - timeout: seconds for each whole request, body included; for the bulk stream, the most
  ///     seconds without a byte.
  ///   - onRetry: told about each retry ("retrying GET … in 2.0 s after HTTP 503").
  ///   - userAgent: the tool's name, for the server's logs.
  public init(
    server: String, token: String, http: HTTPClient, timeout: Double, policy: RetryPolicy,
    breaker: CircuitBreaker, onRetry: @escaping @Sendable (String) -> Void = { _ in }, userAgent: String = "rk-fetch"
  ) throws {
    guard let base = URLText.normalizedBase(server) else {
      throw ReadeckError.invalidServer(URLText.redactingCredentials(server))
    }
    self.server = URLText.redactingCredentials(base)
    self.token = token
    self.http = http
    self.timeout = timeout
    self.policy = policy
    self.breaker = breaker
    self.host = URLText.authority(of: base) ?? base
    self.onRetry = onRetry
    self.userAgent = userAgent
  }

  // MARK: Routes

  /// One page of bookmarks; `url` (a `next` link) wins over `query`, `offset` and `limit`.
  public func bookmarks(_ query: BookmarkQuery, offset: Int, limit: Int, url: String? = nil) async throws
    -> BookmarkPage
  {
    let target =
      url ?? apiURL("/bookmarks", query.items + [("limit", String(limit)), ("offset", String(offset))])
    return try await listPage(target)
  }

  /// One page of every highlight (`GET /api/bookmarks/annotations`), newest first; `url` (a
  /// `next` link) wins over `offset` and `limit`. The page's `bookmarks` are the highlights.
  public func highlights(offset: Int, limit: Int, url: String? = nil) async throws -> BookmarkPage {
    try await listPage(
      url ?? apiURL("/bookmarks/annotations", [("limit", String(limit)), ("offset", String(offset))]))
  }

  /// A paginated list route's page: its objects, its totals and its `next` link when that stays
  /// on the server's origin.
  func listPage(_ target: String) async throws -> BookmarkPage {
    let (head, body) = try await send(.GET, target, accept: .json)
    let notJSON = Wording { tr("the bookmark list is not valid JSON", in: $0) }
    guard case .array(let items) = try parseJSON(body, notJSON) else {
      throw ReadeckError.invalidResponse(Wording { tr("the bookmark list is not a JSON array", in: $0) })
    }
    let objects = try items.map { item -> JSONObject in
      guard let object = item.objectValue else {
        throw ReadeckError.invalidResponse(Wording { tr("a bookmark is not an object", in: $0) })
      }
      return object
    }
    let next = URLText.link(rel: "next", in: head.headers["Link"])
    let sameOrigin = next.flatMap(URLText.origin(of:)) == URLText.origin(of: server)
    return BookmarkPage(
      bookmarks: objects, totalCount: head.headers.first(name: "Total-Count").flatMap { Int($0) },
      totalPages: head.headers.first(name: "Total-Pages").flatMap { Int($0) }, next: sameOrigin ? next : nil)
  }

  /// The article fragment of one bookmark, exactly as the server sends it.
  public func article(id: String) async throws -> String {
    let (_, body) = try await send(.GET, apiURL("/bookmarks/\(URLText.encodeComponent(id))/article"), accept: .html)
    return String(decoding: body.readableBytesView, as: UTF8.self)
  }

  /// `GET /api/bookmarks/sync?since=`: what changed since a time, deletions included.
  public func changes(since: String) async throws -> [BookmarkChange] {
    let (_, body) = try await send(.GET, apiURL("/bookmarks/sync", [("since", since)]), accept: .json)
    let notJSON = Wording { tr("the change list is not valid JSON", in: $0) }
    guard case .array(let items) = try parseJSON(body, notJSON) else {
      throw ReadeckError.invalidResponse(Wording { tr("the change list is not a JSON array", in: $0) })
    }
    return items.compactMap { item in
      guard let id = item["id"]?.stringValue, let type = item["type"]?.stringValue else { return nil }
      return BookmarkChange(id: id, time: item["time"]?.stringValue ?? "", type: type)
    }
  }

  /// `PATCH /api/bookmarks/{id}` with `fields`; the server's answer: the values that changed,
  /// plus `href`, `id` and `updated`. The fields are absolute values, so a retry is harmless.
  public func update(id: String, fields: JSONObject) async throws -> JSONObject {
    let payload = try WireCoding.line(JSONValue.object(fields))
    let (_, body) = try await send(
      .PATCH, apiURL("/bookmarks/\(URLText.encodeComponent(id))"), accept: .json, body: payload)
    let notJSON = Wording { tr("the update answer is not valid JSON", in: $0) }
    guard case .object(let answer) = try parseJSON(body, notJSON) else {
      throw ReadeckError.invalidResponse(Wording { tr("the update answer is not a JSON object", in: $0) })
    }
    return answer
  }

  /// `POST /api/bookmarks`: saves `url` (with a title and labels when given) and returns the new
  /// bookmark's id, which Readeck gives only in the `Bookmark-Id` header of its 202; the server
  /// then loads the page on its own. Sent once, never retried: a create that got no answer may
  /// have reached the server, so the caller looks for it (``bookmarks(_:offset:limit:url:)`` with
  /// `createdSince`) before sending it again.
  public func create(url: String, title: String? = nil, labels: [String] = []) async throws -> String {
    let fields = Self.createFields(url: url, title: title, labels: labels)
    let (response, _) = try await send(
      .POST, bookmarksURL, accept: .json, body: try WireCoding.line(JSONValue.object(fields)), once: true)
    guard let id = response.headers.first(name: "Bookmark-Id"), !id.isEmpty else {
      throw ReadeckError.invalidResponse(
        Wording { tr("the server accepted the link but named no Bookmark-Id", in: $0) })
    }
    return id
  }

  /// The body `create` sends (what a dry run shows): the link, and its title and labels when given.
  public static func createFields(url: String, title: String?, labels: [String]) -> JSONObject {
    var fields: JSONObject = ["url": .string(url)]
    if let title { fields["title"] = .string(title) }
    if !labels.isEmpty { fields["labels"] = .array(labels.map(JSONValue.string)) }
    return fields
  }

  /// `POST /api/bookmarks`, where `create` sends a link.
  public var bookmarksURL: String { apiURL("/bookmarks") }

  /// The URL of a bookmark's API route, as `update` sends it.
  public func bookmarkURL(id: String) -> String { apiURL("/bookmarks/\(URLText.encodeComponent(id))") }

  /// `POST /api/bookmarks/sync` for the HTML of `ids`, streamed: `onArticle` gets each bookmark's
  /// HTML as its part completes (image URLs left absolute, so it equals `GET …/article`). Retries
  /// cover the request until its answer starts; a stream that breaks later ends the call with an
  /// error and the caller fetches what is missing one by one.
  public func bulkArticles(
    ids: [String], sort: [String], onArticle: (_ id: String, _ html: String) async throws -> Void
  ) async throws {
    var request: JSONObject = [
      "id": .array(ids.map(JSONValue.string)), "with_json": false, "with_html": true, "with_markdown": false,
      "with_resources": false, "resource_prefix": "",
    ]
    if !sort.isEmpty { request["sort"] = .array(sort.map(JSONValue.string)) }
    let payload = try WireCoding.line(JSONValue.object(request))
    let (response, body) = try await start(.POST, apiURL("/bookmarks/sync"), accept: .multipart, body: payload)
    let contentType = response.headers.first(name: "Content-Type") ?? ""
    var reader = try MultipartReader(boundary: MultipartReader.boundary(fromContentType: contentType))
    do {
      for try await chunk in body {
        for part in try reader.feed(chunk.readableBytesView) where part[header: "Type"] == "html" {
          guard let id = part[header: "Bookmark-Id"] else { continue }
          do {
            try await onArticle(id, String(decoding: part.body, as: UTF8.self))
          } catch {
            throw ConsumerError(error: error)
          }
        }
      }
      try reader.finish()
    } catch let error as ConsumerError {
      throw error.error  // the caller's own failure (say, a full disk), not the stream's
    } catch let error as MultipartError {
      throw ReadeckError.invalidResponse(Wording(error.text(in:)))
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      let reason = TransportFailure.wording(error, host: host)
      throw ReadeckError.invalidResponse(
        Wording { language in
          let text = reason.text(in: language)
          return tr("the bulk sync stream broke: \(text)", in: language)
        })
    }
  }

  /// Carries an error of `onArticle` past the stream's own error handling.
  private struct ConsumerError: Error {
    var error: any Error
  }

  // MARK: Plumbing

  enum Accept: String {
    case json = "application/json"
    case html = "text/html, application/json;q=0.9"
    case multipart = "multipart/mixed, application/json;q=0.9"
  }

  func apiURL(_ path: String, _ query: [(String, String)] = []) -> String {
    server + "/api" + path + (query.isEmpty ? "" : "?" + URLText.query(query))
  }

  /// The body as JSON, or an invalid response saying `notJSON`.
  func parseJSON(_ body: ByteBuffer, _ notJSON: Wording) throws -> JSONValue {
    do {
      return try Array(body.readableBytesView).withUnsafeBytes { try WireCoding.parse($0) }
    } catch {
      throw ReadeckError.invalidResponse(notJSON)
    }
  }

  /// A request with retries (none when `once`) whose whole body is read (bounded in size and time).
  func send(
    _ method: HTTPMethod, _ url: String, accept: Accept, body payload: [UInt8]? = nil, once: Bool = false
  ) async throws -> (HTTPClientResponse, ByteBuffer) {
    try await retrying(method, url, once: once) {
      let (response, body) = try await self.attempt(
        method, url, accept: accept, body: payload, limit: .whole(self.timeout))
      return (response, try await body.collectWhole(upTo: 256 << 20, host: self.host))
    }
  }

  /// A request with retries whose body is left to the caller to stream; it may run long while it
  /// keeps delivering.
  private func start(_ method: HTTPMethod, _ url: String, accept: Accept, body: [UInt8]) async throws -> (
    HTTPClientResponse, LimitedBody
  ) {
    try await retrying(method, url) {
      try await self.attempt(method, url, accept: accept, body: body, limit: .idle(self.timeout))
    }
  }

  /// Retries `operation` as the policy says. A request that got no answer through its retries
  /// fails alone while the server answers a fresh request: one article the server chokes on is
  /// that article's failure, not the end of the run. Only a server that answers nothing is
  /// unreachable.
  private func retrying<T: Sendable>(
    _ method: HTTPMethod, _ url: String, circuitChecked: Bool = false, once: Bool = false,
    _ operation: () async throws -> T
  ) async throws -> T {
    var policy = self.policy
    if once { policy.maxRetries = 0 }
    do {
      return try await withRetries(
        policy: policy, breaker: breaker, host: host,
        onRetry: { retry, delay, error in
          let seconds = Formatted.tenths(Int((delay * 10).rounded()))
          let (verb, path, reason) = (method.rawValue, self.pathForMessages(url), error.message)
          // TRANSLATORS: {0} is the HTTP method, {1} the path, {2} the seconds to wait (one decimal),
          // {3} why the request failed, {4} the retry's number.
          self.onRetry(tr("retrying \(verb) \(path) in \(seconds) s after \(reason) (retry \(retry))"))
        }
      ) { _ in try await operation() }
    } catch let error as AttemptError {
      switch error.failure {
      case .status(let status, _, _) where status == 401 || status == 403:
        throw ReadeckError.tokenRejected(status: status)
      case .status(let status, _, _):
        if let form = FormErrors(error.body) {
          throw ReadeckError.formRejected(status: status, message: error.message, errors: form)
        }
        throw ReadeckError.http(status: status, message: error.message)
      case .transport:
        guard await serverAnswers() else { throw ReadeckError.unreachable(error.wording) }
        throw ReadeckError.unanswered(error.wording)
      }
    } catch let error as CircuitOpenError {
      // Opened by other requests' failures; if the server answers now, they were theirs alone.
      guard !circuitChecked, await serverAnswers() else { throw ReadeckError.unreachable(error.wording) }
      return try await retrying(method, url, circuitChecked: true, once: once, operation)
    }
  }

  /// Whether the server answers a fresh request within the timeout: `GET /api/info`, public and
  /// small. Any HTTP status counts, since only the answer matters, but it must be whole: headers
  /// followed by silence are no answer. An answer closes the circuit.
  private func serverAnswers() async -> Bool {
    var request = HTTPClientRequest(url: apiURL("/info"))
    request.headers.add(name: "Accept", value: Accept.json.rawValue)
    request.headers.add(name: "User-Agent", value: userAgent)
    do {
      let (_, body) = try await http.execute(request, limit: .whole(timeout))
      _ = try await body.collect(upTo: 1 << 20)
    } catch {
      return false
    }
    breaker.reset(host)
    return true
  }

  /// One try, with the token: a transport failure or an error status becomes an ``AttemptError``
  /// for the policy.
  private func attempt(
    _ method: HTTPMethod, _ url: String, accept: Accept, body: [UInt8]?, limit: TimeLimit
  ) async throws -> (HTTPClientResponse, LimitedBody) {
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "Authorization", value: "Bearer " + token)
    request.headers.add(name: "Accept", value: accept.rawValue)
    request.headers.add(name: "User-Agent", value: userAgent)
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: body))
    }
    return try await http.attempt(request, limit: limit, host: host)
  }

  private func pathForMessages(_ url: String) -> String {
    url.hasPrefix(server) ? String(url.dropFirst(server.count)) : URLText.redactingCredentials(url)
  }

}
