import FakeServer
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a fault is aimed: a route, possibly only for some bookmarks.
struct FaultAim: Sendable {
  var route: FakeRoute
  var ids: Set<String>?

  func hits(route requestRoute: FakeRoute?, bookmarkID: String?) -> Bool {
    guard requestRoute == route else { return false }
    guard let ids, let bookmarkID else { return true }
    return ids.contains(bookmarkID)
  }
}

/// What a request is answered from: a consistent copy of the library and the switches, taken
/// once so that building the answer needs no lock.
struct Snapshot: Sendable {
  var library: Library
  var bulkSyncAvailable: Bool
  var token: String
  var version: String
}

/// The state every connection shares, behind one lock that is held only for short copies.
final class ServerCore: Sendable {
  let token: String
  let prefix: String
  let version: String
  private let state: Mutex<State>

  private struct State: Sendable {
    var library: Library
    var faults = FaultQueue<FakeFault, FaultAim>()
    var latencyMilliseconds: Int
    var bulkSyncAvailable = true
    var requests = RequestLog<FakeRequest>()
    /// How long a created bookmark stays loading.
    var createLoadMilliseconds = 300
    var created = 0
  }

  init(token: String, prefix: String, version: String, latencyMilliseconds: Int) {
    self.token = token
    self.prefix = prefix
    self.version = version
    state = Mutex(State(library: Library(root: "", bookmarks: []), latencyMilliseconds: latencyMilliseconds))
  }

  /// Fills the library once the port, and so the root URL, is known.
  func install(root: String, bookmarks: [FakeBookmark], collections: [FakeCollection]) {
    var library = Library(root: root, bookmarks: bookmarks)
    library.collections = collections
    state.withLock { $0.library = library }
  }

  func snapshot() -> Snapshot {
    state.withLock {
      Snapshot(library: $0.library, bulkSyncAvailable: $0.bulkSyncAvailable, token: token, version: version)
    }
  }

  /// Logs the request and hands out the latency and the fault it meets, if any.
  func admit(_ request: FakeRequest) -> (fault: FakeFault?, latencyMilliseconds: Int) {
    state.withLock { state in
      state.requests.append { _ in request }
      let fault = state.faults.take { $0.hits(route: request.route, bookmarkID: request.bookmarkID) }
      return (fault, state.latencyMilliseconds)
    }
  }

  func inject(_ faults: [FakeFault], on route: FakeRoute, ids: Set<String>?) {
    state.withLock { $0.faults.add(faults, aimedAt: FaultAim(route: route, ids: ids)) }
  }

  func pendingFaultCount(on route: FakeRoute?) -> Int {
    state.withLock { state in
      guard let route else { return state.faults.count }
      return state.faults.count { $0.route == route }
    }
  }

  func clearFaults() { state.withLock { $0.faults.clear() } }

  func setLatency(milliseconds: Int) { state.withLock { $0.latencyMilliseconds = max(0, milliseconds) } }

  func setBulkSyncAvailable(_ available: Bool) { state.withLock { $0.bulkSyncAvailable = available } }

  func setCreateLoadDelay(milliseconds: Int) { state.withLock { $0.createLoadMilliseconds = max(0, milliseconds) } }

  var createLoadMilliseconds: Int { state.withLock { $0.createLoadMilliseconds } }

  /// A fresh id for a created bookmark: `Created` and a 15-digit count, 22 characters of the
  /// kind Readeck's router takes.
  func newID() -> String {
    let number = state.withLock { state in
      state.created += 1
      return String(state.created)
    }
    return "Created" + String(repeating: "0", count: max(0, 15 - number.count)) + number
  }

  func upsert(_ bookmark: FakeBookmark) { state.withLock { $0.library.upsert(bookmark) } }

  func reset(to bookmarks: [FakeBookmark]) {
    state.withLock { state in
      let collections = state.library.collections
      state.library = Library(root: state.library.root, bookmarks: bookmarks)
      state.library.collections = collections
    }
  }

  func setCollections(_ collections: [FakeCollection]) { state.withLock { $0.library.collections = collections } }

  /// Changes one bookmark under the lock, so that concurrent updates never lose one another;
  /// nil when there is no such bookmark. The bookmark is stored whatever `change` returns.
  func modify<T>(id: String, _ change: (inout FakeBookmark) -> T) -> T? {
    state.withLock { state in
      guard var bookmark = state.library[id]?.bookmark else { return nil }
      let result = change(&bookmark)
      state.library.upsert(bookmark)
      return result
    }
  }

  @discardableResult
  func delete(id: String, at time: Date) -> Bool { state.withLock { $0.library.remove(id: id, at: time) } }

  var bookmarks: [FakeBookmark] { state.withLock { $0.library.items.map(\.bookmark) } }

  var requests: [FakeRequest] { state.withLock { $0.requests.entries } }

  func clearRequests() { state.withLock { $0.requests.clear() } }
}
