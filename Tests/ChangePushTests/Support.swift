import AsyncHTTPClient
import ChangePush
import Foundation
import OfflineStore
import Readeck
import ReadeckFake
import Resilience
import Synchronization
import TestSupport
import Wire

let token = "rk-push-test-token-4Kd9"

/// A fake Readeck holding `bookmarks`, a store caching all of them as the server listed them,
/// and an HTTP client, for the length of `body`.
struct PushHarness: Sendable {
  let fake: FakeReadeck
  let http: HTTPClient
  let store: OfflineStore

  /// Short retry delays without jitter, and the tools' own timeout.
  func client(server: String? = nil, maxRetries: Int = 2, timeout: Double = 30) throws -> ReadeckClient {
    try ReadeckClient(
      server: server ?? fake.baseURL, token: token, http: http, timeout: timeout,
      policy: RetryPolicy(maxRetries: maxRetries, baseDelay: 0.01, jitter: 0), breaker: CircuitBreaker())
  }

  /// A push to its end, with what it emitted.
  func push(client: ReadeckClient? = nil, observer: PushWatcher? = nil) async throws -> (
    outcome: ChangePush.Outcome, records: [any WireRecord]
  ) {
    let records = Mutex<[any WireRecord]>([])
    let outcome = try await ChangePush(client: try client ?? self.client(), store: store).run(observer: observer) {
      record in records.withLock { $0.append(record) }
    }
    return (outcome, records.withLock { $0 })
  }

  /// The bookmarks as the server's own list route answers them now.
  func serverBookmarks(_ ids: [String]) async throws -> [String: JSONObject] {
    let page = try await client().bookmarks(BookmarkQuery(state: .all, ids: ids), offset: 0, limit: 100)
    return Dictionary(uniqueKeysWithValues: page.bookmarks.map { ($0["id"]?.stringValue ?? "", $0) })
  }

  /// The cached bookmark of an article.
  func cached(_ id: String) throws -> JSONObject? { try store.article(id: id)?.bookmark }

  func updateRequests() -> [FakeRequest] { fake.requests.filter { $0.route == .update } }
}

func withPushHarness<T>(_ bookmarks: [FakeBookmark], _ body: (PushHarness) async throws -> T) async throws -> T {
  let fake = try await FakeReadeck.start(bookmarks: bookmarks, token: token)
  let http = RetryingHTTP.client(connectTimeout: 1)
  let folder = TemporaryFolder.path("push-tests")
  defer { TemporaryFolder.remove(folder) }
  do {
    let store = try OfflineStore(path: folder + "/cache.sqlite", creating: true)
    let harness = PushHarness(fake: fake, http: http, store: store)
    let listed = try await harness.client().bookmarks(BookmarkQuery(state: .all), offset: 0, limit: 100)
    for bookmark in listed.bookmarks {
      let id = bookmark["id"]?.stringValue ?? ""
      try store.store(Article(id: id, bookmark: bookmark, html: "<p>\(id)</p>", fetchedAt: Date()))
    }
    fake.clearRequests()
    let result = try await body(harness)
    try await http.shutdown()
    try await fake.stop()
    return result
  } catch {
    try? await http.shutdown()
    try? await fake.stop()
    throw error
  }
}

/// Three unread bookmarks, updated long ago, with labels `old` and `keep`.
func library() -> [FakeBookmark] {
  ["Aa1Bb2Cc3Dd4Ee5Ff6Gg7H", "Ii8Jj9Kk1Ll2Mm3Nn4Oo5P", "Qq6Rr7Ss8Tt9Uu1Vv2Ww3X"].enumerated().map { index, id in
    FakeBookmark(
      id: id, title: "Article \(index)", url: "https://example.org/\(index)",
      created: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), labels: ["keep", "old"],
      articleHTML: "<p>\(index)</p>")
  }
}

/// What a push told its observer, in order: `selected N`, `advanced`, `failed ID`.
final class PushWatcher: PushObserver {
  private let told = Mutex<[String]>([])
  var events: [String] { told.withLock { $0 } }

  func selected(bookmarks: Int) { told.withLock { $0.append("selected \(bookmarks)") } }
  func advanced() { told.withLock { $0.append("advanced") } }
  func failed(id: String, error: ReadeckError) { told.withLock { $0.append("failed \(id)") } }
}
