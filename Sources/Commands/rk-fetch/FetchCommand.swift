import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import Localization
import NIOCore
import OfflineStore
import Readeck
import ReadeckCommandLine
import Resilience
import ToolKit
import Wire

/// The run behind the options: configuration, the client, the sync, and the exit status.
struct FetchCommand {
  let options: RKFetch
  let diagnostics: Diagnostics
  let observer: FetchObserver

  init(options: RKFetch, diagnostics: Diagnostics) {
    self.options = options
    self.diagnostics = diagnostics
    observer = FetchObserver(diagnostics: diagnostics)
  }

  func run() async throws {
    let access = try ServerAccess(tool: "rk-fetch", options: options.readeck, diagnostics: diagnostics)
    let configuration = access.configuration
    let limit =
      try options.limit
      ?? configuration.resolve(variable: nil, key: "limit").map { try $0.number("limit", in: RKFetch.limitRange) } ?? 20
    let skipIDs = Set(try options.skipIds.map(readIDs) ?? [])
    let alsoIDs = try options.alsoIds.map(readIDs) ?? []

    try await withHTTPClient(connectTimeout: min(options.retry.timeout, 10).rounded(.up)) { http in
      if options.highlights { return try await listHighlights(access: access, http: http) }
      try await sync(access: access, limit: limit, skipIDs: skipIDs, alsoIDs: alsoIDs, http: http)
    }
  }

  /// `--highlights`: every highlight on the server, then its summary.
  private func listHighlights(access: ServerAccess, http: HTTPClient) async throws {
    let client = try access.client(
      http: http, timeout: options.retry.timeout, retries: options.retry.retries,
      retryDelay: options.retry.retryDelay, diagnostics: diagnostics)
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    let (summary, failure): (HighlightSummary, ReadeckError?)
    do {
      (summary, failure) = try await HighlightListing(client: client).run { try sink.emit($0) }
    } catch ReadeckError.tokenRejected(let status) {
      throw ServerAccess.tokenRejected(by: client.server, status: status)
    }
    try sink.flush()
    let count = summary.count
    if let failure {
      let status: ExitStatus = if case .unreachable = failure { .unavailable } else { .tempFailure }
      throw ToolError(status, tr("highlights incomplete after \(count): \(failure)"))
    }
    diagnostics.info(tr(one: "\(count) highlight", other: "\(count) highlights", count: count))
  }

  private func sync(
    access: ServerAccess, limit: Int, skipIDs: Set<String>, alsoIDs: [String], http: HTTPClient
  ) async throws {
    let client = try access.client(
      http: http, timeout: options.retry.timeout, retries: options.retry.retries,
      retryDelay: options.retry.retryDelay, diagnostics: diagnostics)

    var collection: ReadeckCollection?
    if let given = options.collection { collection = try await chooseCollection(given, client: client) }
    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    let sync = ArticleSync(
      client: client,
      options: SyncOptions(
        query: BookmarkQuery(
          state: options.state, excludeMarked: options.excludeMarked, search: options.search, types: options.types,
          sort: options.sorts, collection: collection?.id),
        labels: options.labels, limit: limit, skipIDs: skipIDs, alsoIDs: alsoIDs, mode: options.mode,
        concurrency: options.concurrency,
        metadataOnly: options.metadataOnly, since: options.since),
      observer: observer)
    let outcome: ArticleSync.Outcome
    var written = Set<String>()
    do {
      outcome = try await sync.run { record in
        if let article = record as? Article { written.insert(article.id) }
        try sink.emit(record)
      }
    } catch ReadeckError.tokenRejected(let status) {
      throw ServerAccess.tokenRejected(by: client.server, status: status)
    }
    observer.finish()
    try sink.flush()
    // A collection's filters are the server's: saved articles would not be the collection's, so
    // with --collection there is no fallback, as when the collection list itself got no answer.
    if case .unreachable(let error) = outcome.abortedBy, let path = options.fallbackCache, !options.metadataOnly,
      options.collection == nil
    {
      diagnostics.warning(incomplete(outcome.summary, ReadeckError.unreachable(error), servingSaved: true))
      try serveFallback(from: path, leavingOut: written, limit: limit, sink: sink)
    } else {
      try report(outcome)
    }
  }

  /// The collection `given` names (its id, or its name in any case); a usage error (64) naming
  /// the collections there are when none or several match.
  private func chooseCollection(_ given: String, client: ReadeckClient) async throws -> ReadeckCollection {
    let collections: [ReadeckCollection]
    do {
      collections = try await client.collections()
    } catch ReadeckError.tokenRejected(let status) {
      throw ServerAccess.tokenRejected(by: client.server, status: status)
    } catch let error as ReadeckError {
      let status: ExitStatus = if case .unreachable = error { .unavailable } else { .tempFailure }
      throw ToolError(status, tr("cannot list the collections: \(error)"))
    }
    do {
      return try ReadeckCollection.choose(given, among: collections)
    } catch .unknown(let available) where available.isEmpty {
      throw ToolError(.usage, tr("no collection named \(given): the server has no collections"))
    } catch .unknown(let available) {
      let names = available.map { "\"\($0.name)\"" }.joined(separator: ", ")
      throw ToolError(.usage, tr("no collection named \(given); the collections are: \(names)"))
    } catch .ambiguous(let matching) {
      let names = matching.map { "\"\($0.name)\" (\($0.id))" }.joined(separator: ", ")
      // TRANSLATORS: {1} lists the collections as "Name" (ID), separated by commas.
      throw ToolError(.usage, tr("\(given) names more than one collection: \(names); give its id instead"))
    }
  }

  /// The cached articles, newest first, as the sync would have selected them.
  private func serveFallback(from path: String, leavingOut written: Set<String>, limit: Int, sink: OutputSink) throws {
    let store: OfflineStore
    do {
      store = try OfflineStore(path: path)
    } catch let error as StoreError {
      // A fallback store that is not there is a wrong path (66), not a second outage.
      let status: ExitStatus =
        switch error {
        case .missing, .isDirectory: .noInput
        default: .unavailable
        }
      throw ToolError(status, tr("server unreachable, and no fallback: \(error)"))
    }
    // Any of several labels: the newest LIMIT of them all, as the sync selects them.
    let served = try store.savedArticles(labels: options.labels, limit: limit == 0 ? nil : limit, leavingOut: written) {
      try sink.emit($0)
    }
    try sink.flush()
    if let lastSync = try store.lastSync() {
      let age = Formatted.age(of: lastSync)
      // TRANSLATORS: {1} is how long ago the last sync was, as in "3 h ago".
      diagnostics.info(
        tr(
          one: "offline: showing \(served) saved article, last sync \(age)",
          other: "offline: showing \(served) saved articles, last sync \(age)", count: served))
    } else {
      diagnostics.info(
        tr(
          one: "offline: showing \(served) saved article, never synced",
          other: "offline: showing \(served) saved articles, never synced", count: served))
    }
  }

  private func readIDs(_ path: String) throws -> [String] {
    var ids: [String] = []
    try LineReader(path: path).forEachLine { bytes, _ in
      let id = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      if !id.isEmpty { ids.append(id) }
    }
    return ids
  }

  /// "18 of 20 articles synced, 2 failed (…)", and the exit status it implies. A run that ended
  /// early says so first, in its error, with what was synced before; "0 of 0" is never said.
  private func report(_ outcome: ArticleSync.Outcome) throws {
    let summary = outcome.summary
    if let error = outcome.abortedBy {
      let status: ExitStatus = if case .unreachable = error { .unavailable } else { .tempFailure }
      throw ToolError(status, incomplete(summary, error))
    }
    diagnostics.info(tally(summary))
    // The summary line above already says what failed.
    if !summary.failed.isEmpty { throw ExitCode(ExitStatus.tempFailure.rawValue) }
  }

  /// "sync incomplete: server unreachable: …", then what was done before, if anything was listed.
  private func incomplete(_ summary: SyncSummary, _ error: ReadeckError, servingSaved: Bool = false) -> String {
    guard summary.requested > 0 else {
      return servingSaved
        ? tr("sync incomplete: \(error); serving the saved articles") : tr("sync incomplete: \(error)")
    }
    let done = tally(summary)
    // TRANSLATORS: {1} is what was done before the run stopped, as in "3 of 20 articles synced".
    return servingSaved
      ? tr("sync incomplete: \(error); \(done) before; serving the saved articles")
      : tr("sync incomplete: \(error); \(done) before")
  }

  /// "18 of 20 articles synced, 2 skipped, 2 failed (…)": the parts after the first, a list.
  private func tally(_ summary: SyncSummary) -> String {
    let (fetched, requested) = (summary.fetched, summary.requested)
    var parts: [String] = []
    if options.metadataOnly {
      parts.append(tr("\(fetched) of \(requested) bookmarks synced"))
    } else {
      // TRANSLATORS: the summary line's start ("1 of 1 articles" too); more parts may follow.
      parts.append(tr("\(fetched) of \(requested) articles synced"))
    }
    let skipped = summary.skipped
    // TRANSLATORS: a part of the summary line, after a comma: "18 of 20 articles synced, 2 skipped".
    if skipped > 0 { parts.append(tr("\(skipped) skipped")) }
    if !summary.failed.isEmpty {
      // The reasons in the user's language, as the warnings said them (the record's are English).
      let reasons = observer.failures
      parts.append(
        Formatting.failures(
          reasons.count == summary.failed.count
            ? reasons.map { "\($0.id): \($0.reason)" } : summary.failed.map { "\($0.id): \($0.reason)" }))
    }
    // TRANSLATORS: a part of the summary line, after a comma: bookmarks deleted on the server.
    if let deleted = summary.deleted { parts.append(tr("\(deleted) deleted")) }
    return parts.joined(separator: ", ")
  }
}
