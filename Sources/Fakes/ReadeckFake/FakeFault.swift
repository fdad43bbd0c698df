/// The routes faults can be injected on.
public enum FakeRoute: Hashable, Sendable {
  /// `GET /api/bookmarks`
  case list
  /// `GET /api/bookmarks/{id}`
  case bookmark
  /// `POST /api/bookmarks`
  case create
  /// `PATCH /api/bookmarks/{id}`
  case update
  /// `GET /api/bookmarks/{id}/article`
  case article
  /// `POST /api/bookmarks/sync`
  case bulkSync
  /// `GET /api/bookmarks/sync`
  case syncChanges
  /// `GET /bm/{xx}/{id}/_resources/{name}` and `/bm/{xx}/{id}/img/{name}`
  case image
  /// `GET /api/info`
  case info
  /// `GET /api/bookmarks/annotations` and `GET /api/bookmarks/{id}/annotations`
  case highlights
  /// `GET /api/bookmarks/collections` and `GET /api/bookmarks/collections/{id}`
  case collections
  /// `POST /api/bookmarks/{id}/annotations`, `PATCH` and `DELETE …/annotations/{aid}`
  case highlightChange
}

/// A misbehaviour the server shows once, on the next request of a route.
public enum FakeFault: Sendable, Equatable {
  /// Answer this status (≥ 200) with the error body the request's `Accept` calls for, and a
  /// `Retry-After` header when given.
  case status(Int, retryAfter: String? = nil)
  /// Refuse the request's form as Readeck does (400 on `PATCH /bookmarks/{id}`, 422 elsewhere),
  /// with `message` for `field` in the form-error body's `fields`.
  case refuseField(String, message: String)
  /// Wait this long, on top of the latency, then answer normally.
  case delay(milliseconds: Int)
  /// Send the headers (with the full `Content-Length`, or chunked for a stream) and part of the
  /// body, then close the connection.
  case resetMidBody
  /// Bulk sync: end the HTTP body cleanly after the first part, with no closing boundary, then
  /// close. Elsewhere it acts as `resetMidBody`.
  case truncateMultipart
  /// Answer 200 `application/json` whose body is not valid JSON: the first half of the real body
  /// on JSON routes, a fixed broken text on others.
  case malformedJSON
  /// Close the connection without answering.
  case dropConnection
  /// Send the headers (with the full `Content-Length`, or chunked for a stream) and the first
  /// `bytes` of the body — across multipart parts for the bulk stream — then nothing more, with
  /// the connection left open: a server that hangs mid-answer.
  case stallAfter(bytes: Int)
}
