public import Foundation
import Localization
public import Wire

/// How `rk-fetch` gets article HTML.
public enum FetchMode: String, Sendable, CaseIterable {
  /// The bulk route when the server has it, per-article requests otherwise.
  case auto
  /// `POST /api/bookmarks/sync`, falling back per article for whatever it does not deliver.
  case bulk
  /// `GET /api/bookmarks/{id}/article` for each bookmark.
  case perArticle = "per-article"
}

/// What one sync run selects and how it fetches.
public struct SyncOptions: Sendable {
  public var query: BookmarkQuery
  /// Bookmarks with any of these labels (the query's `label` is then ignored); empty for no
  /// label filter. Each label is listed apart and the listings merged, newest `limit` kept.
  public var labels: [String]
  /// How many bookmarks to select, newest first in the server's order; 0 = all.
  public var limit: Int
  /// Ids already cached: selected and counted as skipped, never fetched.
  public var skipIDs: Set<String>
  /// Bookmarks selected and fetched besides the query's, whatever the limit, the filters and
  /// `skipIDs`: links saved offline whose article is not stored yet, which newer bookmarks may
  /// push past the limit, and cached articles whose highlights changed since they were fetched.
  public var alsoIDs: [String]
  public var mode: FetchMode
  /// Per-article requests in flight at once.
  public var concurrency: Int
  /// Emit `bookmark` records only.
  public var metadataOnly: Bool
  /// Only what changed since this RFC 3339 time; deletions are reported.
  public var since: String?

  public init(
    query: BookmarkQuery = BookmarkQuery(), labels: [String] = [], limit: Int = 20, skipIDs: Set<String> = [],
    alsoIDs: [String] = [],
    mode: FetchMode = .auto, concurrency: Int = 1, metadataOnly: Bool = false, since: String? = nil
  ) {
    self.query = query
    self.labels = labels
    self.limit = limit
    self.skipIDs = skipIDs
    self.alsoIDs = alsoIDs
    self.mode = mode
    self.concurrency = max(1, concurrency)
    self.metadataOnly = metadataOnly
    self.since = since
  }
}

/// Everything a sync run tells the person watching, apart from the records.
public protocol SyncObserver: Sendable {
  /// A bookmark passed over, and why (still loading, no article).
  func skipped(id: String, reason: String)
  func failed(id: String, reason: String)
  /// The selection is known: `total` articles will be fetched.
  func selected(total: Int)
  /// One more article fetched or failed.
  func advanced()
  func note(_ message: String)
}

/// One sync run: select the bookmarks, fetch their articles (bulk or one by one), and emit one
/// record per bookmark in the server's order, then the summary. The network being gone aborts the
/// run (the summary then says `complete: false`); an article that fails is skipped and counted.
public struct ArticleSync: Sendable {
  let client: ReadeckClient
  let options: SyncOptions
  let observer: any SyncObserver
  let now: @Sendable () -> Date

  public init(
    client: ReadeckClient, options: SyncOptions, observer: any SyncObserver,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.client = client
    self.options = options
    self.observer = observer
    self.now = now
  }

  /// The summary (already emitted) and, when the run was aborted, why.
  public struct Outcome: Sendable {
    public var summary: SyncSummary
    public var abortedBy: ReadeckError?
  }

  /// Runs the sync; `emit` writes each record as soon as it is due. Throws only
  /// `ReadeckError.tokenRejected` and errors from `emit`; any other failure that stops the run
  /// ends it with `complete: false`.
  public func run(emit: (any WireRecord) throws -> Void) async throws -> Outcome {
    let startedAt = now()
    var tally = Tally()
    var abortedBy: ReadeckError?
    do {
      try await sync(into: &tally, emit: emit)
    } catch let error as ReadeckError {
      if case .tokenRejected = error { throw error }
      abortedBy = error
    }
    // Complete means every selected bookmark was written, skipped or reported as failed.
    let accounted = tally.fetched + tally.skipped + tally.failures.count == tally.requested
    let summary = SyncSummary(
      server: client.server, requested: tally.requested, fetched: tally.fetched, skipped: tally.skipped,
      failed: tally.failures, deleted: options.since == nil ? nil : tally.deleted,
      complete: abortedBy == nil && accounted,
      startedAt: startedAt, endedAt: now())
    try emit(summary)
    return Outcome(summary: summary, abortedBy: abortedBy)
  }

  struct Tally {
    var requested = 0
    var fetched = 0
    var skipped = 0
    var deleted = 0
    var failures: [SyncSummary.Failure] = []
  }

  private func sync(into tally: inout Tally, emit: (any WireRecord) throws -> Void) async throws {
    var changed: Set<String>?
    if let since = options.since {
      let changes = try await client.changes(since: since)
      for change in changes where change.type == "delete" {
        try emit(Deleted(id: change.id))
        tally.deleted += 1
      }
      changed = Set(changes.filter { $0.type == "update" }.map(\.id))
    }
    var selection = try await select(changedOnly: changed)
    selection += try await also(besides: selection)
    let asked = Set(options.alsoIDs)
    tally.requested = selection.count
    let fetchedAt = now()

    var wanted: [JSONObject] = []
    for bookmark in selection {
      let id = bookmark["id"]?.stringValue ?? ""
      if options.skipIDs.contains(id), !asked.contains(id) {
        tally.skipped += 1
      } else if bookmark["is_deleted"]?.boolValue == true {
        observer.skipped(id: id, reason: tr("scheduled for deletion on the server"))
        tally.skipped += 1
      } else if options.metadataOnly {
        try emit(BookmarkRecord(id: id, bookmark: bookmark, fetchedAt: fetchedAt))
        tally.fetched += 1
      } else if bookmark["loaded"]?.boolValue == false {
        observer.skipped(id: id, reason: tr("still loading on the server"))
        tally.skipped += 1
      } else if bookmark["has_article"]?.boolValue == false {
        observer.skipped(id: id, reason: tr("has no article"))
        tally.skipped += 1
      } else {
        wanted.append(bookmark)
      }
    }
    guard !wanted.isEmpty else { return }
    observer.selected(total: wanted.count)
    try await fetchArticles(wanted, into: &tally, emit: emit)
  }

  /// The newest `limit` bookmarks matching the query and any of the labels, each once.
  private func select(changedOnly changed: Set<String>?) async throws -> [JSONObject] {
    var labels: [String] = []
    for label in options.labels where !labels.contains(label) { labels.append(label) }
    guard labels.count > 1 else {
      var query = options.query
      if let label = labels.first { query.label = label }
      return try await select(query, changedOnly: changed)
    }
    var listings: [[JSONObject]] = []
    for label in labels {
      var query = options.query
      query.label = label
      listings.append(try await select(query, changedOnly: changed))
    }
    return SelectionMerge.merge(listings, sort: options.query.sort, limit: options.limit)
  }

  /// The newest `limit` bookmarks `query` matches (all with 0), following pagination, each id
  /// once: offset pagination repeats a bookmark when others are added meanwhile.
  private func select(_ query: BookmarkQuery, changedOnly changed: Set<String>?) async throws -> [JSONObject] {
    var selection: [JSONObject] = []
    var seen = Set<String>()
    let pageSize = options.limit == 0 || changed != nil ? 100 : min(100, options.limit)
    var offset = 0
    var next: String?
    var pages = 0
    while true {
      let page = try await client.bookmarks(query, offset: offset, limit: pageSize, url: next)
      pages += 1
      for bookmark in page.bookmarks {
        let id = bookmark["id"]?.stringValue ?? ""
        if let changed, !changed.contains(id) { continue }
        guard seen.insert(id).inserted else { continue }
        selection.append(bookmark)
        if options.limit > 0, selection.count == options.limit { return selection }
      }
      offset += page.bookmarks.count
      let morePages = page.totalPages.map { pages < $0 } ?? (page.bookmarks.count == pageSize)
      guard !page.bookmarks.isEmpty, morePages else { return selection }
      next = page.next
    }
  }

  /// The bookmarks of `alsoIDs` the selection does not hold, 100 per request; one the server no
  /// longer has is left out.
  private func also(besides selection: [JSONObject]) async throws -> [JSONObject] {
    var seen = Set(selection.compactMap { $0["id"]?.stringValue })
    let ids = options.alsoIDs.filter { seen.insert($0).inserted }
    var found: [JSONObject] = []
    for start in stride(from: 0, to: ids.count, by: 100) {
      let chunk = Array(ids[start..<min(start + 100, ids.count)])
      found += try await client.bookmarks(BookmarkQuery(state: .all, ids: chunk), offset: 0, limit: 100).bookmarks
    }
    return found
  }

  private func fetchArticles(
    _ wanted: [JSONObject], into tally: inout Tally, emit: (any WireRecord) throws -> Void
  ) async throws {
    var emitter = OrderedEmitter<Result<String, ReadeckError>>(order: wanted.map { $0["id"]?.stringValue ?? "" })
    let byID = Dictionary(wanted.map { ($0["id"]?.stringValue ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    let fetchedAt = now()

    func deliver(_ id: String, _ outcome: Result<String, ReadeckError>) throws {
      observer.advanced()
      for (readyID, readyOutcome) in emitter.complete(id, outcome) {
        switch readyOutcome {
        case .success(let html):
          try emit(Article(id: readyID, bookmark: byID[readyID] ?? [:], html: html, fetchedAt: fetchedAt))
          tally.fetched += 1
        case .failure(let error):
          observer.failed(id: readyID, reason: error.description)
          // The record's reason is English under every locale.
          tally.failures.append(.init(id: readyID, status: error.status, reason: error.english))
        }
      }
    }

    var pending = Set(byID.keys)
    if options.mode != .perArticle {
      do {
        try await client.bulkArticles(ids: wanted.compactMap { $0["id"]?.stringValue }, sort: bulkSort) { id, html in
          guard pending.remove(id) != nil else { return }
          try deliver(id, .success(html))
        }
      } catch let error as ReadeckError {
        if case .tokenRejected = error { throw error }
        if case .unreachable = error { throw error }
        let count = pending.count
        observer.note(
          tr(
            one: "bulk sync route unusable (\(error)); fetching \(count) article one by one",
            other: "bulk sync route unusable (\(error)); fetching \(count) articles one by one", count: count))
      }
    }
    if !pending.isEmpty {
      // Bookmarks the bulk route did not deliver, in selection order.
      let remaining = wanted.compactMap { $0["id"]?.stringValue }.filter { pending.contains($0) }
      try await fetchOneByOne(remaining) { id, outcome in try deliver(id, outcome) }
    }
  }

  /// The bulk route's order closest to the list's, so that few articles wait for their turn.
  private var bulkSort: [String] {
    switch options.query.sort.first ?? "-created" {
    case "-created": ["-created"]
    case "created": ["created"]
    default: []
    }
  }

  /// Per-article requests with at most `concurrency` in flight. The network being gone aborts
  /// (rethrows); any other failure is that article's outcome.
  private func fetchOneByOne(
    _ ids: [String], deliver: (String, Result<String, ReadeckError>) throws -> Void
  ) async throws {
    let client = self.client
    try await withThrowingTaskGroup(of: (String, Result<String, ReadeckError>).self) { group in
      var iterator = ids.makeIterator()
      func launch() {
        guard let id = iterator.next() else { return }
        group.addTask {
          do {
            return (id, .success(try await client.article(id: id)))
          } catch let error as ReadeckError {
            return (id, .failure(error))
          }
        }
      }
      for _ in 0..<options.concurrency { launch() }
      while let (id, outcome) = try await group.next() {
        if case .failure(let error) = outcome {
          switch error {
          case .unreachable, .tokenRejected:
            group.cancelAll()
            throw error
          default: break
          }
        }
        try deliver(id, outcome)
        launch()
      }
    }
  }
}

/// Releases outcomes in a fixed order although they complete in any order.
struct OrderedEmitter<Outcome> {
  private let order: [String]
  private var nextIndex = 0
  private var waiting: [String: Outcome] = [:]

  init(order: [String]) { self.order = order }

  /// Records `outcome` for `id` and returns every outcome that is now due, in order.
  mutating func complete(_ id: String, _ outcome: Outcome) -> [(String, Outcome)] {
    waiting[id] = outcome
    var ready: [(String, Outcome)] = []
    while nextIndex < order.count, let outcome = waiting.removeValue(forKey: order[nextIndex]) {
      ready.append((order[nextIndex], outcome))
      nextIndex += 1
    }
    return ready
  }
}
