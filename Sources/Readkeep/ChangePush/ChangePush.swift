public import Foundation
public import OfflineStore
public import Readeck
public import Wire

/// Everything a push tells the person watching, apart from the records.
public protocol PushObserver: Sendable {
  /// The queue is read: `bookmarks` links, highlights and bookmarks have something to send.
  func selected(bookmarks: Int)
  /// One more link, highlight or bookmark settled: created, pushed, in conflict, gone or failed.
  func advanced()
  /// A link or bookmark whose changes failed and stay queued, after its "push_failed" record
  /// (whose reason is the English of `error`), for a message in the user's language.
  func failed(id: String, error: ReadeckError)
}

/// One push: read the queue, fetch the queued bookmarks as the server has them (100 per
/// request), apply the conflict rule, and send each bookmark's remaining changes in one PATCH,
/// `concurrency` bookmarks at a time. A change leaves the queue only in the transaction that
/// stores what the server confirmed, so a push killed at any point leaves queue and cache
/// consistent, and the next push sends at most what the server already holds (absolute values).
public struct ChangePush: Sendable {
  let client: ReadeckClient
  let store: OfflineStore
  let concurrency: Int
  let now: @Sendable () -> Date

  public init(
    client: ReadeckClient, store: OfflineStore, concurrency: Int = 4, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.client = client
    self.store = store
    self.concurrency = max(1, concurrency)
    self.now = now
  }

  /// The summary (already emitted) and, when the push was aborted, why.
  public struct Outcome: Sendable {
    public var summary: PushSummary
    public var abortedBy: ReadeckError?
  }

  /// Pushes the queue; `emit` gets the records of each bookmark settled and the summary, the
  /// observer what a person watches. Throws `ReadeckError.tokenRejected`, store errors and errors
  /// from `emit`; the server becoming unreachable ends the push with `complete: false`, the
  /// queue keeping what was not confirmed.
  public func run(observer: (any PushObserver)? = nil, emit: (any WireRecord) throws -> Void) async throws -> Outcome {
    let startedAt = now()
    let links = try store.queuedLinks(unsent: true)
    let highlights = try store.queuedHighlights()
    let groups = Self.byBookmark(try store.pendingChanges())
    observer?.selected(bookmarks: links.count + highlights.count + groups.count)
    var tally = Tally()
    tally.queued = links.count + highlights.count + groups.reduce(0) { $0 + $1.changes.count }
    var abortedBy: ReadeckError?
    do {
      // Links first: a change queued for a bookmark can never need one created in the same push,
      // but a sync after the push should find the new bookmarks.
      if !links.isEmpty {
        let made = try await LinkCreation(client: client, store: store, now: now).run(
          links, observer: observer, emit: emit)
        tally.created = made.created
        tally.failed += made.failed
      }
      if !highlights.isEmpty {
        let sent = try await HighlightPush(client: client, store: store, now: now).run(
          highlights, observer: observer, emit: emit)
        tally.pushed += sent.pushed
        tally.gone += sent.gone
        tally.failed += sent.failed
      }
      if !groups.isEmpty {
        let server = try await serverBookmarks(groups.map(\.id))
        try await push(groups, server: server, into: &tally, observer: observer, emit: emit)
      }
    } catch let error as ReadeckError {
      if case .tokenRejected = error { throw error }
      abortedBy = error
    }
    let summary = PushSummary(
      server: client.server, queued: tally.queued, created: tally.created, pushed: tally.pushed,
      conflicts: tally.conflicts, gone: tally.gone, failed: tally.failed, complete: abortedBy == nil,
      startedAt: startedAt, endedAt: now())
    try emit(summary)
    return Outcome(summary: summary, abortedBy: abortedBy)
  }

  /// The requests a push would send, without asking the server anything (no conflict check).
  public static func dryRun(store: OfflineStore, client: ReadeckClient) throws -> [PushRequest] {
    let creates = try store.queuedLinks(unsent: true).map { link in
      PushRequest(id: link.localID, method: "POST", url: client.bookmarksURL, body: LinkCreation.body(of: link))
    }
    return creates + (try store.queuedHighlights()).map { HighlightPush.request($0, client: client) }
      + byBookmark(try store.pendingChanges()).map { group in
        PushRequest(
          id: group.id, method: "PATCH", url: client.bookmarkURL(id: group.id), body: PushPlan.body(of: group.changes))
      }
  }

  /// The "push_failed" record of what `sent` carried; its reason is English under every locale.
  static func failure(id: String, sent: JSONObject, _ error: ReadeckError) -> PushFailed {
    var record = PushFailed(id: id, status: error.status, reason: error.english, sent: sent)
    if case .formRejected(_, _, let form) = error {
      record.errors = form.form.isEmpty ? nil : form.form
      record.fieldErrors = form.fields.isEmpty ? nil : form.fieldsObject
    }
    return record
  }

  struct Tally {
    var queued = 0
    var created = 0
    var pushed = 0
    var conflicts = 0
    var gone = 0
    var failed = 0
  }

  /// The queue grouped by bookmark, the bookmark with the oldest change first.
  static func byBookmark(_ changes: [QueuedChange]) -> [(id: String, changes: [QueuedChange])] {
    var order: [String] = []
    var groups: [String: [QueuedChange]] = [:]
    for queued in changes {
      if groups[queued.change.id] == nil { order.append(queued.change.id) }
      groups[queued.change.id, default: []].append(queued)
    }
    return order.map { ($0, groups[$0]!) }
  }

  /// The queued bookmarks as the server has them, by id; one deleted on the server is missing.
  private func serverBookmarks(_ ids: [String]) async throws -> [String: JSONObject] {
    var found: [String: JSONObject] = [:]
    for start in stride(from: 0, to: ids.count, by: 100) {
      let chunk = Array(ids[start..<min(start + 100, ids.count)])
      let page = try await client.bookmarks(BookmarkQuery(state: .all, ids: chunk), offset: 0, limit: 100)
      for bookmark in page.bookmarks {
        if let id = bookmark["id"]?.stringValue { found[id] = bookmark }
      }
    }
    return found
  }

  /// What one bookmark's push came to.
  enum BookmarkOutcome: Sendable {
    case settled(
      records: [any WireRecord], pushed: Int, conflicts: Int, gone: Int, failed: Int, failure: ReadeckError? = nil)
    /// The server is gone or refuses the token: the whole push stops.
    case aborted(ReadeckError)
  }

  private func push(
    _ groups: [(id: String, changes: [QueuedChange])], server: [String: JSONObject], into tally: inout Tally,
    observer: (any PushObserver)?, emit: (any WireRecord) throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: BookmarkOutcome.self) { group in
      var iterator = groups.makeIterator()
      func launch() {
        guard let next = iterator.next() else { return }
        let bookmark = server[next.id]
        group.addTask { try await self.push(id: next.id, changes: next.changes, server: bookmark) }
      }
      for _ in 0..<concurrency { launch() }
      while let result = try await group.next() {
        switch result {
        case .aborted(let error):
          group.cancelAll()
          throw error
        case .settled(let records, let pushed, let conflicts, let gone, let failed, let failure):
          for record in records { try emit(record) }
          if let failure, let id = records.last?.members["id"]?.stringValue { observer?.failed(id: id, error: failure) }
          observer?.advanced()
          tally.pushed += pushed
          tally.conflicts += conflicts
          tally.gone += gone
          tally.failed += failed
        }
        launch()
      }
    }
  }

  /// One bookmark: conflicts and what the server already holds are settled first, then the
  /// rest goes in one PATCH.
  private func push(id: String, changes: [QueuedChange], server: JSONObject?) async throws -> BookmarkOutcome {
    let plan = PushPlan(changes, server: server)
    var records: [any WireRecord] = []
    let serverUpdated = server?["updated"]
    for conflict in plan.conflicts {
      let field = conflict.change.field
      var values: JSONObject = [field: conflict.serverValue]
      values["updated"] = serverUpdated
      try store.settle(id: id, revisions: [field: conflict.revision], serverValues: values)
      records.append(
        PushConflict(
          id: id, field: field, local: PushPlan.local(conflict.change), server: conflict.serverValue,
          serverUpdated: serverUpdated?.stringValue))
    }
    if !plan.applied.isEmpty { try store.settle(id: id, revisions: plan.applied, serverValues: [:]) }
    var pushed = plan.applied.count
    var gone = 0
    var failed = 0
    var failure: ReadeckError?
    if !plan.patch.isEmpty {
      do {
        let answer = try await client.update(id: id, fields: plan.patch)
        try store.settle(id: id, revisions: plan.sent, serverValues: answer)
        records.append(Pushed(id: id, sent: plan.patch, answer: answer))
        pushed += plan.sent.count
      } catch let error as ReadeckError {
        switch error {
        case .unreachable, .tokenRejected:
          return .aborted(error)
        case .http(404, _):
          gone = try store.forget(id: id).changes
          records.append(Gone(id: id, changes: gone))
        default:
          failed = plan.sent.count
          records.append(Self.failure(id: id, sent: plan.patch, error))
          failure = error
        }
      }
    }
    return .settled(
      records: records, pushed: pushed, conflicts: plan.conflicts.count, gone: gone, failed: failed, failure: failure)
  }
}
