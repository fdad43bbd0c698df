import Foundation
import ReadeckFake
import Testing
import Wire

/// scripts/readkeep.mk sync in both directions against the fake: what was read offline reaches
/// the server, and what was archived or deleted elsewhere leaves the cache.
@Suite(.serialized) struct ReadkeepMakefileTwoWayTests {
  func make(_ fake: FakeReadeck, db: String, _ variables: [String] = []) throws -> ToolRun {
    try run(
      "/usr/bin/make",
      ["-s", "-f", ReadkeepMakefileTests.makefile, "sync", "FORCE=1", "RK_BIN=\(binaries.path)", "DB=\(db)"]
        + variables,
      environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": ReadkeepMakefileTests.token])
  }

  func ids(_ db: String) throws -> Set<String> {
    Set(try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init))
  }

  @Test(.needsMake) func readOfflineSyncAndTheServerShowsItArchivedArchivedElsewhereAndItLeaves() async throws {
    let library = RKPushTests.unread(6, seed: 5)
    let folder = NSTemporaryDirectory() + "readkeep-2way-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(library, token: ReadkeepMakefileTests.token) { fake in
      let first = try make(fake, db: db)
      #expect(first.status == 0, "\(first.stderr)")
      #expect(try ids(db) == Set(library.map(\.id)))

      // Read one to the end offline, favourite another, then sync.
      let read = library[0].id
      #expect(try run("rk-cache", ["html", "--db", db, read, "--mark-read"]).status == 0)
      #expect(try run("rk-cache", ["mark", "--db", db, library[1].id, "--favorite"]).status == 0)
      let second = try make(fake, db: db)
      #expect(second.status == 0, "\(second.stderr)")
      #expect(fake.bookmark(id: read)?.isArchived == true)
      #expect(fake.bookmark(id: read)?.readProgress == 100)
      #expect(fake.bookmark(id: library[1].id)?.isMarked == true)
      #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty)
      // Archived and pushed: pruned. The favourite stays, not overwritten by the server's old value.
      #expect(try ids(db) == Set(library.dropFirst().map(\.id)))
      let favourite = try run("rk-cache", ["show", "--db", db, library[1].id]).records(kind: "cache_entry").first
      #expect(favourite?["is_marked"] == true)

      // Elsewhere: one archived, one deleted.
      fake.modify(id: library[2].id) { $0.isArchived = true }
      fake.delete(id: library[3].id)
      let third = try make(fake, db: db)
      #expect(third.status == 0, "\(third.stderr)")
      #expect(try ids(db) == Set([library[1].id, library[4].id, library[5].id]))
    }
  }

  @Test(.needsMake) func aRefusedPushFailsTheSyncBeforeAnythingIsFetchedAndKeepsTheQueue() async throws {
    let library = RKPushTests.unread(2, seed: 9)
    let folder = NSTemporaryDirectory() + "readkeep-2way-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(library, token: ReadkeepMakefileTests.token) { fake in
      #expect(try make(fake, db: db).status == 0)
      #expect(try run("rk-cache", ["mark", "--db", db, library[0].id, "--archive"]).status == 0)
      fake.inject([.status(400)], on: .update)
      fake.clearRequests()
      let refused = try make(fake, db: db)
      #expect(refused.status != 0, "\(refused.stderr)")
      #expect(refused.stderr.contains("readkeep: push failed (status 75)"))
      // Only the push's own requests: its listing of the queued bookmark and the refused PATCH.
      #expect(fake.requests.map(\.route) == [.list, .update])
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "change").count == 1)
      #expect(try ids(db).contains(library[0].id))
    }
  }
}
