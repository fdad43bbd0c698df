import Foundation
import OfflineStore
import Readeck
import Wire

/// Saving the queued links on the server exactly once (CreateOnce): a link sent before is looked
/// for among what the server created since, and a bookmark of the same link taken for it.
struct LinkCreation: Sendable {
  let client: ReadeckClient
  let store: OfflineStore
  let now: @Sendable () -> Date

  /// How far before the recorded send a bookmark may have been created and still count: the
  /// server's clock is not ours, and any bookmark of the same link serves.
  static let clockSlack: TimeInterval = 3600
  /// Pages of 100 looked through for a link sent before; a push is not a full listing.
  static let pagesLooked = 10

  struct Tally {
    var created = 0
    var failed = 0
  }

  /// Sends the links still to send, oldest first. Throws what ends the whole push (the server
  /// unreachable, the token refused); a link the server refuses fails alone and stays queued.
  func run(
    _ links: [QueuedLink], observer: (any PushObserver)?, emit: (any WireRecord) throws -> Void
  ) async throws -> Tally {
    var tally = Tally()
    for link in links {
      do {
        let (id, adopted) = try await CreateOnce.create(
          sentAt: link.sentAt, now: now(), find: { try await find(link, createdSince: $0) },
          markSent: { try store.linkSent(localID: link.localID, at: $0) },
          post: { try await client.create(url: link.url, title: link.title, labels: link.labels) })
        try settle(link, id: id, adopted: adopted, emit: emit)
        tally.created += 1
      } catch let error as ReadeckError {
        if case .tokenRejected = error { throw error }
        if case .unreachable = error { throw error }
        try emit(ChangePush.failure(id: link.localID, sent: Self.body(of: link), error))
        observer?.failed(id: link.localID, error: error)
        tally.failed += 1
      }
      observer?.advanced()
    }
    return tally
  }

  private func settle(_ link: QueuedLink, id: String, adopted: Bool, emit: (any WireRecord) throws -> Void) throws {
    try store.linkCreated(localID: link.localID, bookmarkID: id)
    try emit(Created(id: id, localID: link.localID, url: link.url, adopted: adopted))
  }

  /// A bookmark of the same link the server created since `date` (less the slack), if any.
  private func find(_ link: QueuedLink, createdSince date: Date) async throws -> String? {
    let key = SavedLink.key(link.url)
    let since = RFC3339.string(from: date.addingTimeInterval(-Self.clockSlack))
    var page = try await client.bookmarks(BookmarkQuery(state: .all, createdSince: since), offset: 0, limit: 100)
    for _ in 0..<Self.pagesLooked {
      let match = page.bookmarks.first { bookmark in
        bookmark["url"]?.stringValue.map(SavedLink.key) == key && bookmark["is_deleted"]?.boolValue != true
      }
      if let id = match?["id"]?.stringValue { return id }
      guard let next = page.next else { return nil }
      page = try await client.bookmarks(BookmarkQuery(), offset: 0, limit: 100, url: next)
    }
    return nil
  }

  /// What `POST /api/bookmarks` carries for the link.
  static func body(of link: QueuedLink) -> JSONObject {
    ReadeckClient.createFields(url: link.url, title: link.title, labels: link.labels)
  }
}
