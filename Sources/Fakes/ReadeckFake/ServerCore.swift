import NIOCore
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A fault waiting for its request, possibly only for some bookmarks.
struct PendingFault: Sendable {
  var fault: FakeFault
  var ids: Set<String>?

  func matches(bookmarkID: String?) -> Bool {
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
    var faults: [FakeRoute: [PendingFault]] = [:]
    var latencyMilliseconds: Int
    var bulkSyncAvailable = true
    var requests: [FakeRequest] = []
    var connections: [ObjectIdentifier: any Channel] = [:]
  }

  init(token: String, prefix: String, version: String, latencyMilliseconds: Int) {
    self.token = token
    self.prefix = prefix
    self.version = version
    state = Mutex(State(library: Library(root: "", bookmarks: []), latencyMilliseconds: latencyMilliseconds))
  }

  /// Fills the library once the port, and so the root URL, is known.
  func install(root: String, bookmarks: [FakeBookmark]) {
    let library = Library(root: root, bookmarks: bookmarks)
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
      state.requests.append(request)
      guard let route = request.route, var queue = state.faults[route],
        let index = queue.firstIndex(where: { $0.matches(bookmarkID: request.bookmarkID) })
      else { return (nil, state.latencyMilliseconds) }
      let fault = queue.remove(at: index).fault
      state.faults[route] = queue.isEmpty ? nil : queue
      return (fault, state.latencyMilliseconds)
    }
  }

  func inject(_ faults: [FakeFault], on route: FakeRoute, ids: Set<String>?) {
    state.withLock { $0.faults[route, default: []] += faults.map { PendingFault(fault: $0, ids: ids) } }
  }

  func pendingFaultCount(on route: FakeRoute?) -> Int {
    state.withLock { state in
      if let route { return state.faults[route]?.count ?? 0 }
      return state.faults.values.reduce(0) { $0 + $1.count }
    }
  }

  func clearFaults() { state.withLock { $0.faults = [:] } }

  func setLatency(milliseconds: Int) { state.withLock { $0.latencyMilliseconds = max(0, milliseconds) } }

  func setBulkSyncAvailable(_ available: Bool) { state.withLock { $0.bulkSyncAvailable = available } }

  func upsert(_ bookmark: FakeBookmark) { state.withLock { $0.library.upsert(bookmark) } }

  @discardableResult
  func delete(id: String, at time: Date) -> Bool { state.withLock { $0.library.remove(id: id, at: time) } }

  var bookmarks: [FakeBookmark] { state.withLock { $0.library.items.map(\.bookmark) } }

  var requests: [FakeRequest] { state.withLock { $0.requests } }

  func clearRequests() { state.withLock { $0.requests.removeAll() } }

  func opened(_ channel: any Channel) {
    state.withLock { $0.connections[ObjectIdentifier(channel)] = channel }
  }

  func closed(_ channel: any Channel) {
    _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
  }

  var openConnections: [any Channel] { state.withLock { Array($0.connections.values) } }
}
