import FakeServer

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A Readeck server on loopback that speaks the real protocol, with fault injection for tests.
public final class FakeReadeck: Sendable {
  public enum StartError: Error, Sendable {
    case noPort
    case badBookmarkID(String)
  }

  /// The port bound on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:{port}{prefix}`: what `{root}` in article HTML becomes.
  public let baseURL: String
  private let core: ServerCore
  private let server: LoopbackServer

  private init(baseURL: String, core: ServerCore, server: LoopbackServer) {
    self.port = server.port
    self.baseURL = baseURL
    self.core = core
    self.server = server
  }

  /// Binds 127.0.0.1 on an ephemeral port.
  /// - Parameter prefix: a path the server runs under, such as `/readeck`; a missing leading
  ///   slash is added and a trailing one removed.
  /// - Parameter collections: the saved searches `GET /api/bookmarks/collections` lists.
  public static func start(
    bookmarks: [FakeBookmark], collections: [FakeCollection] = [], token: String = "test-token", prefix: String = "",
    version: String = "0.22.3", latencyMilliseconds: Int = 0
  ) async throws -> FakeReadeck {
    if let bad = bookmarks.first(where: { !Endpoint.isID(Substring($0.id)) }) { throw StartError.badBookmarkID(bad.id) }
    let prefix = normalized(prefix: prefix)
    let core = ServerCore(
      token: token, prefix: prefix, version: version, latencyMilliseconds: max(0, latencyMilliseconds))
    let server: LoopbackServer
    do {
      server = try await LoopbackServer.start(maxBodyBytes: ServerCore.maxBodyBytes, service: core)
    } catch LoopbackServer.StartError.noPort {
      throw StartError.noPort
    }
    let baseURL = "http://127.0.0.1:\(server.port)\(prefix)"
    core.install(root: baseURL, bookmarks: bookmarks, collections: collections)
    return FakeReadeck(baseURL: baseURL, core: core, server: server)
  }

  /// Stops listening and closes every open connection. Calling it again does nothing.
  public func stop() async throws { try await server.stop() }

  /// How long a bookmark made by `POST /api/bookmarks` stays loading (300 ms unless set).
  public func setCreateLoadDelay(milliseconds: Int) { core.setCreateLoadDelay(milliseconds: milliseconds) }

  /// ``stop()`` for a test's own thread, which must not wait for a cooperative one.
  public func stopBlocking() { server.stopBlocking() }

  /// Faults are consumed one per matching request, in order. `ids` limits them to requests
  /// naming one of those bookmarks (bookmark, article, image routes); on routes that name no
  /// single bookmark it is ignored.
  public func inject(_ faults: [FakeFault], on route: FakeRoute, ids: Set<String>? = nil) {
    core.inject(faults, on: route, ids: ids)
  }

  /// Faults injected and not yet consumed, on one route or on all.
  public func pendingFaults(on route: FakeRoute? = nil) -> Int { core.pendingFaultCount(on: route) }

  public func clearFaults() { core.clearFaults() }

  /// Added to every request, before any `delay` fault.
  public func setLatency(milliseconds: Int) { core.setLatency(milliseconds: milliseconds) }

  /// `false`: `POST` and `GET /api/bookmarks/sync` answer 404, like a server older than 0.20.
  public func setBulkSyncAvailable(_ available: Bool) { core.setBulkSyncAvailable(available) }

  /// Removes a bookmark and logs its deletion for `GET /api/bookmarks/sync?since=`.
  public func delete(id: String, at time: Date = Date()) { core.delete(id: id, at: time) }

  /// Adds a bookmark, or replaces the one with the same id (to simulate an edit, bump `updated`).
  public func upsert(_ bookmark: FakeBookmark) { core.upsert(bookmark) }

  /// Holds exactly these collections from now on.
  public func setCollections(_ collections: [FakeCollection]) { core.setCollections(collections) }

  /// Holds exactly `bookmarks` again, as if just started with them: what was created, changed
  /// or deleted since is forgotten.
  public func reset(to bookmarks: [FakeBookmark]) { core.reset(to: bookmarks) }

  /// Changes a bookmark as another device would: `change` edits it and `updated` becomes `at`.
  /// Returns false when there is no such bookmark.
  @discardableResult
  public func modify(id: String, at time: Date = Date(), _ change: (inout FakeBookmark) -> Void) -> Bool {
    let changed: Bool? = core.modify(id: id) { bookmark in
      change(&bookmark)
      bookmark.updated = time
      return true
    }
    return changed != nil
  }

  /// One bookmark as the server holds it now.
  public func bookmark(id: String) -> FakeBookmark? { core.bookmarks.first { $0.id == id } }

  /// The library in the default list order (newest `created` first).
  public var bookmarks: [FakeBookmark] { core.bookmarks }

  /// Every request, in arrival order.
  public var requests: [FakeRequest] { core.requests }

  public func clearRequests() { core.clearRequests() }

  /// The clock `FakeRequest.receivedAt` is read from, in seconds.
  public static func monotonicNow() -> Double { MonotonicClock.now() }

  static func normalized(prefix: String) -> String {
    var prefix = String(prefix.trimmingSpaces)
    while prefix.hasSuffix("/") { prefix.removeLast() }
    if !prefix.isEmpty, !prefix.hasPrefix("/") { prefix = "/" + prefix }
    return prefix
  }
}
