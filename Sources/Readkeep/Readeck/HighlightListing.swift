import Foundation
public import Wire

/// Every highlight on the server, page after page (100 at a time, newest first), as `highlight`
/// records, then a `highlight_summary`. A listing cut short says `complete: false`, so that a
/// store does not take the highlights it did not see for deleted.
public struct HighlightListing: Sendable {
  let client: ReadeckClient
  /// Pages at most: 100,000 highlights; a server whose `next` never ends cannot hold a run.
  static let maximumPages = 1000

  public init(client: ReadeckClient) { self.client = client }

  /// Emits the records; returns the summary and the error that cut the listing short, if any.
  /// Throws only `tokenRejected` and errors from `emit`.
  public func run(emit: (any WireRecord) throws -> Void) async throws -> (HighlightSummary, ReadeckError?) {
    var count = 0
    var failure: ReadeckError?
    let started = Date()
    do {
      var page = try await client.highlights(offset: 0, limit: 100)
      for _ in 0..<Self.maximumPages {
        for item in page.bookmarks {
          guard let record = Self.record(item) else { continue }
          try emit(record)
          count += 1
        }
        guard let next = page.next, !page.bookmarks.isEmpty else { break }
        page = try await client.highlights(offset: 0, limit: 100, url: next)
      }
    } catch let error as ReadeckError {
      if case .tokenRejected = error { throw error }
      failure = error
    }
    let summary = HighlightSummary(server: client.server, count: count, complete: failure == nil, listedAt: started)
    try emit(summary)
    return (summary, failure)
  }

  /// One item of the listing as a record; nil for an item without an id, a bookmark or a time.
  static func record(_ item: JSONObject) -> HighlightRecord? {
    guard let id = item["id"]?.stringValue, let bookmarkID = item["bookmark_id"]?.stringValue,
      let created = item["created"]?.stringValue.flatMap(RFC3339.date(from:))
    else { return nil }
    let note = item["note"]?.stringValue ?? ""
    return HighlightRecord(
      id: id, bookmarkID: bookmarkID, title: item["bookmark_title"]?.stringValue,
      url: item["bookmark_url"]?.stringValue, site: item["bookmark_site_name"]?.stringValue,
      text: item["text"]?.stringValue ?? "", note: note.isEmpty ? nil : note,
      color: item["color"]?.stringValue ?? HighlightColor.defaultName, created: created)
  }
}
