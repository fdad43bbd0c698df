/// A request as the fake server received it.
public struct FakeRequest: Sendable {
  public var method: String
  /// The path as sent, prefix included, without the query.
  public var path: String
  /// The query's pairs, percent-decoded, in the order sent.
  public var query: [(String, String)]
  /// The headers as sent.
  public var headers: [(String, String)]
  /// Monotonic seconds (`CLOCK_MONOTONIC`) when the request head arrived; compare with
  /// `FakeReadeck.monotonicNow()` or with another request's.
  public var receivedAt: Double
  /// The bookmark the route names (bookmark, article, image), if any.
  public var bookmarkID: String?
  /// The route matched, or nil for a request that matched none.
  public var route: FakeRoute?

  /// The first value of a header, matched case-insensitively.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.0.lowercased() == wanted }?.1
  }

  /// The values of a query parameter, in order.
  public func queryValues(_ name: String) -> [String] {
    query.filter { $0.0 == name }.map(\.1)
  }
}
