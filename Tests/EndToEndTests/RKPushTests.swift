import Foundation
import GRDB
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Two-way reading with the built tools: rk-cache mark and pending, rk-push against the fake
/// (killed at random points too), rk-cache store following the server, rk-prune --archived.
@Suite struct RKPushTests {
  static let token = "rdk-push-s3cret-t0ken"

  static func unread(_ count: Int, seed: UInt64 = 1) -> [FakeBookmark] {
    FakeReadeck.sampleLibrary(count: count, imagesPerArticle: 0, seed: seed).map {
      var bookmark = $0
      bookmark.isArchived = false
      bookmark.isMarked = false
      bookmark.readProgress = 0
      bookmark.isDeleted = false
      bookmark.loaded = true
      bookmark.hasArticle = true
      return bookmark
    }
  }

  var environment: [String: String] { ["READECK_TOKEN": Self.token] }

  /// A store holding every bookmark of the fake, synced by rk-fetch | rk-cache store.
  func withSyncedStore(
    _ library: [FakeBookmark], latency: Int = 0, _ body: (_ db: String, _ fake: FakeReadeck) async throws -> Void
  ) async throws {
    let folder = TemporaryFolder.path("rk-push-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(library, token: Self.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--limit", "0", "--state", "all"], environment: environment)
      #expect(fetched.status == 0, "\(fetched.stderr)")
      let stored = try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout)
      #expect(stored.status == 0, "\(stored.stderr)")
      fake.clearRequests()
      fake.setLatency(milliseconds: latency)
      try await body(db, fake)
    }
  }

  func push(_ db: String, _ fake: FakeReadeck, _ extra: [String] = []) throws -> ToolRun {
    try run("rk-push", ["--db", db, "--server", fake.baseURL] + extra, environment: environment)
  }

  func pending(_ db: String) throws -> [JSONValue] {
    try run("rk-cache", ["pending", "--db", db]).records(kind: "change")
  }

  @Test func marksQueueUntilPushedAndTheServerShowsThem() async throws {
    let library = Self.unread(3)
    let ids = library.map(\.id)
    try await withSyncedStore(library) { db, fake in
      let mark = try run("rk-cache", ["mark", "--db", db, ids[0], ids[1], "--favorite", "--add-label", "later", "x"])
      #expect(mark.status == 0, "\(mark.stderr)")
      let read = try run("rk-cache", ["html", "--db", db, ids[2], "--mark-read"])
      #expect(read.status == 0 && read.stdout.contains("</"))

      let queue = try pending(db)
      #expect(queue.count == 6)
      #expect(
        Set(queue.compactMap { $0["field"]?.stringValue }) == ["is_marked", "labels", "is_archived", "read_progress"])
      let entry = try run("rk-cache", ["show", "--db", db, ids[2]]).records(kind: "cache_entry").first
      #expect(entry?["is_archived"] == true && entry?["read_progress"] == 100)
      #expect(entry?["pending"] == ["is_archived", "read_progress"])
      let table = try run("rk-cache", ["list", "--db", db, "--format", "table"]).stdout
      #expect(table.contains("archived,100%*"))
      #expect(try run("rk-cache", ["stats", "--db", db]).stdout.contains("6 changes pending for rk-push"))
      #expect(fake.requests.isEmpty, "marking is offline")

      let dry = try push(db, fake, ["--dry-run"])
      #expect(dry.status == 0)
      #expect(dry.records(kind: "push_request").count == 3)
      #expect(fake.requests.isEmpty)

      let pushed = try push(db, fake)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(pushed.stderr.contains("rk-push: pushed 6 changes\n"))
      #expect(pushed.records(kind: "pushed").count == 3)
      #expect(pushed.records(kind: "push_summary").first?["complete"] == true)
      #expect(try pending(db).isEmpty)
      let agents = Set(fake.requests.flatMap { $0.headers.filter { $0.0.lowercased() == "user-agent" }.map(\.1) })
      #expect(agents == ["rk-push"])
      #expect(fake.bookmark(id: ids[0])?.isMarked == true)
      #expect(fake.bookmark(id: ids[1])?.labels.contains("later") == true)
      #expect(fake.bookmark(id: ids[2])?.isArchived == true && fake.bookmark(id: ids[2])?.readProgress == 100)
    }
  }

  @Test func badMarksAndAnUnreachableServerChangeNothing() async throws {
    let library = Self.unread(2)
    try await withSyncedStore(library) { db, fake in
      let unknown = try run("rk-cache", ["mark", "--db", db, library[0].id, "Zz9Zz9Zz9Zz9Zz9Zz9Zz9", "--archive"])
      #expect(unknown.status == 1)
      #expect(unknown.stderr.contains("not in the cache: Zz9Zz9Zz9Zz9Zz9Zz9Zz9; nothing was changed"))
      #expect(try pending(db).isEmpty)

      #expect(try run("rk-cache", ["mark", "--db", db, library[0].id, "--archive"]).status == 0)
      let unreachable = try run(
        "rk-push", ["--db", db, "--server", "http://127.0.0.1:9", "--retries", "0"], environment: environment)
      #expect(unreachable.status == 69, "\(unreachable.stderr)")
      #expect(unreachable.stderr.contains("unreachable"))
      #expect(try pending(db).count == 1)
      #expect(fake.requests.isEmpty)
    }
  }

  /// Kills rk-push with SIGKILL after a random number (1–25) of PATCH requests, three times, checking
  /// each time that every change the queue lost is on the server and the store is sound; the
  /// last push then completes without sending anything already confirmed.
  @Test func killedAtRandomPointsAPushOf200ChangesStaysConsistent() async throws {
    let library = Self.unread(100, seed: 17)
    let ids = library.map(\.id)
    try await withSyncedStore(library, latency: 100) { db, fake in
      let marked = try run("rk-cache", ["mark", "--db", db] + ids + ["--archive", "--add-label", "done"])
      #expect(marked.status == 0, "\(marked.stderr)")
      #expect(try pending(db).count == 200)

      var generator = SystemRandomNumberGenerator()
      var confirmedBefore = Set<String>()
      for round in 1...3 {
        fake.clearRequests()
        let process = Process()
        process.executableURL = binaries.appendingPathComponent("rk-push")
        // One bookmark at a time, 100 ms each: the whole push takes 10 s, the kill comes within 25.
        process.arguments = ["--db", db, "--server", fake.baseURL, "--quiet", "--concurrency", "1"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "READECK_TOKEN": Self.token]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let killAfter = Int.random(in: 1...25, using: &generator)
        // Polled on this thread, not by sleeping on the cooperative pool, which the other
        // end-to-end tests' waiting on their tools can starve for seconds.
        while process.isRunning, fake.requests.filter({ $0.route == .update }).count < killAfter { usleep(2000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let resent = Set(fake.requests.filter { $0.route == .update }.compactMap(\.bookmarkID))
        #expect(resent.isDisjoint(with: confirmedBefore), "round \(round) sent again what was confirmed")

        // What left the queue is on the server; what stayed is still the local value in the cache.
        let queued = Set(try pending(db).compactMap { $0["id"]?.stringValue })
        #expect(!queued.isEmpty, "round \(round): rk-push ended before it was killed")
        for id in ids where !queued.contains(id) {
          let server = try #require(fake.bookmark(id: id))
          #expect(server.isArchived && server.labels.contains("done"), "\(id) left the queue unconfirmed")
        }
        let entries = try run("rk-cache", ["list", "--db", db]).records(kind: "cache_entry")
        #expect(entries.count == 100)
        #expect(entries.allSatisfy { $0["is_archived"] == true && $0["labels"]?.arrayValue?.contains("done") == true })
        let integrity = try await DatabaseQueue(path: db).read {
          try String.fetchOne($0, sql: "PRAGMA integrity_check")
        }
        #expect(integrity == "ok")
        confirmedBefore = Set(ids).subtracting(queued)
      }

      fake.clearRequests()
      let last = try push(db, fake)
      #expect(last.status == 0, "\(last.stderr)")
      let resent = Set(fake.requests.filter { $0.route == .update }.compactMap(\.bookmarkID))
      #expect(resent.isDisjoint(with: confirmedBefore), "the last push sent again what was confirmed")
      #expect(try pending(db).isEmpty)
      #expect(last.records(kind: "conflict").isEmpty, "a change the server already held is no conflict")
      for id in ids {
        let server = try #require(fake.bookmark(id: id))
        #expect(server.isArchived && server.labels.filter { $0 == "done" }.count == 1)
      }
    }
  }

  @Test func storeFollowsDeletedAndBookmarkRecordsKeepingPendingFields() async throws {
    let library = Self.unread(3)
    let ids = library.map(\.id)
    try await withSyncedStore(library) { db, fake in
      #expect(try run("rk-cache", ["mark", "--db", db, ids[1], "--favorite"]).status == 0)
      let since = try #require(try run("rk-cache", ["last-sync", "--db", db]).stdout.split(separator: "\n").first)
      fake.delete(id: ids[0])
      // On another device: archived, renamed, and — stale for us — not a favourite.
      fake.modify(id: ids[1]) {
        $0.isArchived = true
        $0.title = "Renamed elsewhere"
      }
      let changes = try run(
        "rk-fetch",
        ["--server", fake.baseURL, "--since", String(since), "--state", "all", "--limit", "0", "--metadata-only"],
        environment: environment)
      #expect(changes.status == 0, "\(changes.stderr)")
      #expect(changes.records(kind: "deleted").count == 1)
      let stored = try run("rk-cache", ["store", "--db", db], stdin: changes.stdout)
      #expect(stored.status == 0, "\(stored.stderr)")
      #expect(stored.stderr.contains("removed 1 deleted on the server"))

      #expect(try run("rk-cache", ["has", "--db", db, ids[0]]).status == 1)
      let entry = try #require(try run("rk-cache", ["show", "--db", db, ids[1]]).records(kind: "cache_entry").first)
      #expect(entry["title"] == "Renamed elsewhere")
      #expect(entry["is_archived"] == true)
      #expect(entry["is_marked"] == true, "the pending offline change keeps its local value")
    }
  }

  @Test func pruneArchivedRemovesWhatIsArchivedAndPushed() async throws {
    var library = Self.unread(4)
    library[0].isArchived = true
    let ids = library.map(\.id)
    try await withSyncedStore(library) { db, fake in
      #expect(try run("rk-cache", ["mark", "--db", db, ids[1], "--archive"]).status == 0)
      let before = try run("rk-prune", ["--db", db, "--archived"])
      #expect(before.status == 0, "\(before.stderr)")
      #expect(before.records(kind: "pruned").map { $0["id"]?.stringValue } == [ids[0]])
      #expect(before.records(kind: "pruned").first?["reason"] == "archived")

      #expect(try push(db, fake).status == 0)
      let after = try run("rk-prune", ["--db", db, "--archived", "--keep", "1"])
      let pruned = after.records(kind: "pruned")
      #expect(pruned.first?["id"]?.stringValue == ids[1] && pruned.first?["reason"] == "archived")
      #expect(pruned.count == 2 && pruned.last?["reason"] == "keep")
      #expect(try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").count == 1)
    }
  }

  @Test func aDeletionMadeOfflineHidesTheArticleUntilThePushAndRemovesItThen() async throws {
    let library = Self.unread(3)
    let ids = library.map(\.id)
    try await withSyncedStore(library) { db, fake in
      let mark = try run("rk-cache", ["mark", "--db", db, ids[0], "--delete"])
      #expect(mark.status == 0, "\(mark.stderr)")
      let listed = try run("rk-cache", ["list", "--db", db]).records(kind: "cache_entry")
      #expect(listed.compactMap { $0["id"]?.stringValue }.sorted() == ids.dropFirst().sorted())
      #expect(try run("rk-cache", ["show", "--db", db, ids[0]]).status == 0, "still in the store")
      let pruned = try run("rk-prune", ["--db", db, "--keep", "0", "--yes"]).records(kind: "pruned")
      #expect(!pruned.contains { $0["id"]?.stringValue == ids[0] }, "never pruned while queued")
      #expect(fake.requests.isEmpty, "marking is offline")

      let pushed = try push(db, fake)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(pushed.records(kind: "pushed").first?["sent"] == ["is_deleted": true])
      #expect(fake.bookmarks.first { $0.id == ids[0] }?.isDeleted == true)
      #expect(try run("rk-cache", ["show", "--db", db, ids[0]]).status == 1, "removed once the server holds it")
      #expect(try pending(db).isEmpty)
    }
  }
}
