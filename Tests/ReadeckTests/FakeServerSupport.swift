import AsyncHTTPClient
import Foundation
import Readeck
import ReadeckFake
import Resilience
import Synchronization
import Wire

let token = "rk-test-token-7Hq2Zx"

/// A running fake, the HTTP client under it, and what a `ReadeckClient` needs to talk to it.
struct Harness: Sendable {
  let fake: FakeReadeck
  let http: HTTPClient
  let retries: RetryLog

  /// A client with short retry delays, so that retries cost milliseconds, and no jitter, so that
  /// a `Retry-After` is the only long wait. The timeout is the tool's own default: a test process
  /// whose cooperative threads are held by other tests' child processes can take seconds to read
  /// an answer that arrived at once, and a shorter limit would then retry what did not fail.
  func client(
    server: String? = nil, token clientToken: String = token, timeout: Double = 30, maxRetries: Int = 2,
    breaker: CircuitBreaker = CircuitBreaker()
  ) throws -> ReadeckClient {
    try ReadeckClient(
      server: server ?? fake.baseURL, token: clientToken, http: http, timeout: timeout,
      policy: RetryPolicy(maxRetries: maxRetries, baseDelay: 0.01, jitter: 0), breaker: breaker,
      onRetry: { [retries] in retries.add($0) })
  }

  func requests(_ route: FakeRoute) -> [FakeRequest] { fake.requests.filter { $0.route == route } }

  /// The bookmark ids of the per-article requests, in arrival order.
  var articleRequestIDs: [String] { requests(.article).compactMap(\.bookmarkID) }
}

/// Starts a fake holding `bookmarks` and an HTTP client set up as the tools set theirs up, runs
/// `body`, and shuts both down whatever happens.
func withFake<T>(
  _ bookmarks: [FakeBookmark], latencyMilliseconds: Int = 0, _ body: (Harness) async throws -> T
) async throws -> T {
  let fake = try await FakeReadeck.start(bookmarks: bookmarks, token: token, latencyMilliseconds: latencyMilliseconds)
  let http = RetryingHTTP.client(connectTimeout: 1)
  do {
    let result = try await body(Harness(fake: fake, http: http, retries: RetryLog()))
    try await http.shutdown()
    try await fake.stop()
    return result
  } catch {
    try? await http.shutdown()
    try? await fake.stop()
    throw error
  }
}

/// The sample library with every bookmark unread, so that the default query selects them all.
func unread(_ count: Int, imagesPerArticle: Int = 2) -> [FakeBookmark] {
  FakeReadeck.sampleLibrary(count: count, imagesPerArticle: imagesPerArticle, allUnread: true)
}

/// What `GET /api/bookmarks/{id}/article` must return for `bookmark`: its fragment with `{root}`
/// standing for the server's base URL.
func expectedHTML(_ bookmark: FakeBookmark, on fake: FakeReadeck) -> String {
  bookmark.articleHTML.replacingOccurrences(of: "{root}", with: fake.baseURL)
}

func date(_ text: String) -> Date {
  guard let date = RFC3339.date(from: text) else { fatalError("bad fixture date \(text)") }
  return date
}

/// The messages a client's `onRetry` received.
final class RetryLog: Sendable {
  private let messages = Mutex<[String]>([])
  func add(_ message: String) { messages.withLock { $0.append(message) } }
  var all: [String] { messages.withLock { $0 } }
}

/// Everything a sync run told its observer.
final class CollectingObserver: SyncObserver {
  private struct State {
    var skipped: [String: String] = [:]
    var failed: [String: String] = [:]
    var selected: [Int] = []
    var advanced = 0
    var notes: [String] = []
  }

  private let state = Mutex(State())

  func skipped(id: String, reason: String) { state.withLock { $0.skipped[id] = reason } }
  func failed(id: String, reason: String) { state.withLock { $0.failed[id] = reason } }
  func selected(total: Int) { state.withLock { $0.selected.append(total) } }
  func advanced() { state.withLock { $0.advanced += 1 } }
  func note(_ message: String) { state.withLock { $0.notes.append(message) } }

  var skippedReasons: [String: String] { state.withLock { $0.skipped } }
  var failedReasons: [String: String] { state.withLock { $0.failed } }
  var selectedTotals: [Int] { state.withLock { $0.selected } }
  var advancedCount: Int { state.withLock { $0.advanced } }
  var notes: [String] { state.withLock { $0.notes } }
}

/// The records a sync run emitted, in order. A class, so a run in another task can fill it.
final class RecordLog: Sendable {
  private let records = Mutex<[any WireRecord]>([])

  func append(_ record: any WireRecord) { records.withLock { $0.append(record) } }

  var all: [any WireRecord] { records.withLock { $0 } }
  var articles: [Article] { all.compactMap { $0 as? Article } }
  var articleIDs: [String] { articles.map(\.id) }
  var summary: SyncSummary? { all.last as? SyncSummary }
  var summaryCount: Int { all.count { $0 is SyncSummary } }
}

extension Harness {
  /// A sync run with `options` to its end, with its outcome and what it emitted.
  func sync(
    _ options: SyncOptions, observer: CollectingObserver = CollectingObserver(), client: ReadeckClient? = nil
  ) async throws -> (outcome: ArticleSync.Outcome, records: RecordLog) {
    let records = RecordLog()
    let run = ArticleSync(client: try client ?? self.client(), options: options, observer: observer)
    let outcome = try await run.run { records.append($0) }
    return (outcome, records)
  }
}
