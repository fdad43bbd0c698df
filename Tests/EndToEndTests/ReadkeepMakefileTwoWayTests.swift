import Foundation
import ReadeckFake
import TestSupport
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
    let folder = TemporaryFolder.path("readkeep-2way")
    defer { TemporaryFolder.remove(folder) }
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

  @Test(.needsMake) func aRefusedChangeIsNamedTheSyncGoesOnAndDroppingItEndsTheFailures() async throws {
    let everything = RKPushTests.unread(3, seed: 9)
    let library = Array(everything.prefix(2))
    let newcomer = everything[2]
    let folder = TemporaryFolder.path("readkeep-2way")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(library, token: ReadkeepMakefileTests.token) { fake in
      #expect(try make(fake, db: db).status == 0)
      #expect(try run("rk-cache", ["mark", "--db", db, library[0].id, "--add-label", "x"]).status == 0)
      fake.upsert(newcomer)
      fake.inject([.refuseField("add_labels", message: "label is too long")], on: .update)
      let refused = try make(fake, db: db)
      #expect(refused.status == 2, "make's own status for a recipe that failed: \(refused.stderr)")
      #expect(refused.stderr.contains("Error 75"), "the recipe ended with the push's 75: \(refused.stderr)")
      #expect(refused.stderr.contains("add_labels: label is too long"), "the server's words: \(refused.stderr)")
      #expect(refused.stderr.contains("rk-cache pending --drop \(library[0].id)"), "\(refused.stderr)")
      #expect(refused.stderr.contains("readkeep: some changes were not pushed (status 75)"), "\(refused.stderr)")
      #expect(try ids(db).contains(newcomer.id), "the fetch ran although the push was refused")
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "change").count == 1)

      let dropped = try run("rk-cache", ["pending", "--db", db, "--drop", library[0].id, "--field", "labels"])
      #expect(dropped.status == 0, "\(dropped.stderr)")
      #expect(dropped.records(kind: "change").map { $0["field"]?.stringValue } == ["labels"])
      #expect(dropped.stderr.contains("dropped \(library[0].id): labels"), "\(dropped.stderr)")
      let shown = try run("rk-cache", ["show", "--db", db, library[0].id]).records(kind: "cache_entry").first
      #expect(shown?["labels"]?.arrayValue?.contains("x") == false, "the labels are the server's again")

      let again = try make(fake, db: db)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty)
      let nothing = try run("rk-cache", ["pending", "--db", db, "--drop", library[0].id])
      #expect(nothing.status == 1 && nothing.stderr.contains("nothing queued: \(library[0].id)"), "\(nothing.stderr)")
    }
  }

  @Test(.needsMake) func aServerThatAnswersNothingStopsTheSyncAtThePush() async throws {
    let library = RKPushTests.unread(2, seed: 10)
    let folder = TemporaryFolder.path("readkeep-2way")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try await withReadeck(library, token: ReadkeepMakefileTests.token) { fake in
      #expect(try make(fake, db: db).status == 0)
      #expect(try run("rk-cache", ["mark", "--db", db, library[0].id, "--archive"]).status == 0)
      fake.inject(Array(repeating: .dropConnection, count: 3), on: .list)
      fake.inject([.dropConnection], on: .info)
      fake.clearRequests()
      let stopped = try make(fake, db: db, ["PUSH_OPTS=--retry-delay 0.05"])
      #expect(stopped.status == 2, "\(stopped.stderr)")
      #expect(stopped.stderr.contains("readkeep: push failed (status 69)"))
      #expect(fake.requests.map(\.route) == [.list, .list, .list, .info], "nothing fetched after the push")
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "change").count == 1)
    }
  }
}
