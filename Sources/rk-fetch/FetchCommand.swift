import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import NIOCore
import OfflineStore
import Readeck
import Resilience
import Synchronization
import ToolKit
import Wire

/// The run behind the options: configuration, the client, the sync, and the exit status.
struct FetchCommand {
  let options: RKFetch
  let diagnostics: Diagnostics

  func run() async throws {
    let configuration = Configuration(tool: "rk-fetch", file: try ConfigFile.load(app: "readkeep"))
    guard
      let server = configuration.resolve(flag: ("--server", options.server), variable: "READECK_URL", key: "server")
    else {
      throw ToolError(
        .configError, "no server: pass --server URL, set READECK_URL, or put server = URL in the config file")
    }
    let token = try loadToken(configuration)
    let limit =
      try options.limit ?? configuration.resolve(variable: nil, key: "limit").map { setting in
        guard let value = Int(setting.value), value >= 0 else {
          throw ToolError(.configError, "\(setting.source): limit must be a number, 0 for all")
        }
        return value
      } ?? 20
    let skipIDs = try options.skipIds.map(readIDs) ?? []

    try await withHTTPClient(connectTimeout: min(options.timeout, 10).rounded(.up)) { http in
      try await sync(server: server, token: token, limit: limit, skipIDs: skipIDs, http: http)
    }
  }

  private func sync(server: Setting, token: Secret, limit: Int, skipIDs: Set<String>, http: HTTPClient) async throws {
    let breaker = CircuitBreaker()
    let diagnostics = self.diagnostics
    let client: ReadeckClient
    // The first retry is said once, so a run against a server that does not answer is not silent
    // for the seconds the retries take; every retry shows with --verbose.
    let retried = Mutex(false)
    do {
      client = try ReadeckClient(
        server: server.value, token: token.reveal(), http: http, timeout: options.timeout,
        policy: RetryPolicy(maxRetries: options.retries, baseDelay: options.retryDelay), breaker: breaker,
        onRetry: { message in
          let first = retried.withLock { wasSaid in
            defer { wasSaid = true }
            return !wasSaid
          }
          if first { diagnostics.info(message + "; --verbose shows every retry") } else { diagnostics.debug(message) }
        })
    } catch let error as ReadeckError {
      // A wrong address typed on the command line is a usage error; in the environment or the
      // config file, a configuration error.
      if case .flag = server.source { throw ToolError(.usage, "\(server.source): \(error)") }
      throw ToolError(.configError, "\(server.source): \(error)")
    }

    let sink = OutputSink.standardOutput.flushing(eachRecord: true)
    let observer = FetchObserver(diagnostics: diagnostics)
    let sync = ArticleSync(
      client: client,
      options: SyncOptions(
        query: BookmarkQuery(
          state: options.state, excludeMarked: options.excludeMarked, label: options.label, search: options.search,
          types: options.types, sort: options.sorts),
        limit: limit, skipIDs: skipIDs, mode: options.mode, concurrency: options.concurrency,
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
      throw ToolError(
        .noPermission, "token rejected by \(client.server) (HTTP \(status)); check READECK_TOKEN or --token-file")
    }
    observer.finish()
    try sink.flush()
    if case .unreachable(let error) = outcome.abortedBy, let path = options.fallbackCache, !options.metadataOnly {
      diagnostics.warning(incomplete(outcome.summary, ReadeckError.unreachable(error)) + "; serving the saved articles")
      try serveFallback(from: path, leavingOut: written, limit: limit, sink: sink)
    } else {
      try report(outcome)
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
      throw ToolError(status, "server unreachable, and no fallback: \(error)")
    }
    let entries = try store.list(label: options.label, limit: limit == 0 ? nil : limit).filter {
      !written.contains($0.id)
    }
    var served = 0
    for entry in entries {
      guard let article = try store.article(id: entry.id) else { continue }  // removed meanwhile
      try sink.emit(article)
      served += 1
    }
    try sink.flush()
    let lastSync = try store.lastSync().map { "last sync \(Formatting.age(of: $0))" } ?? "never synced"
    diagnostics.info("offline: showing \(served) saved article\(served == 1 ? "" : "s"), \(lastSync)")
  }

  /// Token from --token-file, then READECK_TOKEN, then the config file's token_file or token_cmd.
  private func loadToken(_ configuration: Configuration) throws -> Secret {
    let what = "Readeck token"
    if let path = options.tokenFile {
      return try Secret.load(.file(path), what: what, diagnostics: diagnostics)
    }
    if configuration.environment["READECK_TOKEN"]?.isEmpty == false {
      return try Secret.load(
        .environment("READECK_TOKEN"), what: what, diagnostics: diagnostics, environment: configuration.environment)
    }
    if let file = configuration.resolve(variable: nil, key: "token_file") {
      return try Secret.load(.file(configuration.expandingTilde(file.value)), what: what, diagnostics: diagnostics)
    }
    if let command = configuration.resolve(variable: nil, key: "token_cmd") {
      return try Secret.load(.command(command.value), what: what, diagnostics: diagnostics)
    }
    throw ToolError(
      .configError, "no token: set READECK_TOKEN, pass --token-file PATH, or put token_file = PATH in the config file")
  }

  private func readIDs(_ path: String) throws -> Set<String> {
    var ids = Set<String>()
    try LineReader(path: path).forEachLine { bytes, _ in
      let id = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      if !id.isEmpty { ids.insert(id) }
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
  private func incomplete(_ summary: SyncSummary, _ error: ReadeckError) -> String {
    "sync incomplete: \(error)" + (summary.requested > 0 ? "; \(tally(summary)) before" : "")
  }

  private func tally(_ summary: SyncSummary) -> String {
    let noun = options.metadataOnly ? "bookmarks" : "articles"
    var line = "\(summary.fetched) of \(summary.requested) \(noun) synced"
    if summary.skipped > 0 { line += ", \(summary.skipped) skipped" }
    if !summary.failed.isEmpty {
      line += ", " + Formatting.failures(summary.failed.lazy.map { "\($0.id): \($0.reason)" })
    }
    if let deleted = summary.deleted { line += ", \(deleted) deleted" }
    return line
  }
}
