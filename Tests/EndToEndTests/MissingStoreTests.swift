import Foundation
import ReadeckFake
import TestSupport
import Testing

/// Only `rk-cache store` and `rk-cache import` create a store. Every command that shows something,
/// on a path where there is none, says so and exits 66, leaving no file, folder or -wal/-shm
/// behind: a mistyped path must not turn into an empty store that reads as "no articles". The
/// commands a first sync runs before the store exists (`needs-sync`, `ids`, `rk-push`) find
/// nothing to do instead, so that sync is clean.
@Suite struct MissingStoreTests {
  /// A store path inside a folder that does not exist either.
  struct Place {
    let root = TemporaryFolder.path("rk-missing")
    var folder: String { root + "/readkeep" }
    var db: String { folder + "/cache.sqlite" }

    init() throws { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }

    /// What the root holds: nothing, after a command that may not create a store.
    var contents: [String] { (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? ["<unreadable>"] }
    func remove() { TemporaryFolder.remove(root) }
  }

  static let readingCommands: [[String]] = [
    ["list"], ["search", "swift"], ["html", "abc"], ["show", "abc"], ["has", "abc"], ["stats"], ["last-sync"],
    ["export", "out.zip"], ["clear", "--yes"],
  ]

  @Test(arguments: readingCommands)
  func rkCacheOnAMissingStoreExits66AndCreatesNothing(_ command: [String]) throws {
    let place = try Place()
    defer { place.remove() }
    let arguments = command.map { $0 == "out.zip" ? place.root + "/out.zip" : $0 }
    let result = try run("rk-cache", arguments + ["--db", place.db])
    #expect(result.status == 66, "\(command): \(result.stderr)")
    #expect(result.stderr.contains("rk-cache: error: no store at \(place.db)"), "\(command): \(result.stderr)")
    #expect(place.contents.isEmpty, "\(command) left \(place.contents)")
  }

  static let ailLogReadingCommands: [[String]] = [
    ["list"], ["search", "x"], ["show", "abc"], ["edit", "abc", "--title", "t"], ["history", "abc"], ["revert", "abc"],
    ["rm", "abc", "--yes"], ["tags"], ["categories"], ["categories", "rename", "a", "b"], ["due"], ["audio", "abc"],
    ["mail", "abc", "--to", "a@b.c"], ["export"],
  ]

  @Test(arguments: ailLogReadingCommands)
  func ailLogOnAMissingStoreExits66AndCreatesNothing(_ command: [String]) throws {
    let place = try Place()
    defer { place.remove() }
    let result = try run("ail-log", command + ["--db", place.db])
    #expect(result.status == 66, "\(command): \(result.stderr)")
    #expect(result.stderr.contains("ail-log: error: no store at \(place.db)"), "\(command): \(result.stderr)")
    #expect(place.contents.isEmpty, "\(command) left \(place.contents)")
  }

  @Test func needsSyncOnAMissingStoreSaysASyncIsDueAndCreatesNothing() throws {
    let place = try Place()
    defer { place.remove() }
    let result = try run("rk-cache", ["needs-sync", "--db", place.db])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(place.contents.isEmpty, "left \(place.contents)")
  }

  @Test func rkPruneOnAMissingStoreExits66AndCreatesNothing() throws {
    let place = try Place()
    defer { place.remove() }
    let result = try run("rk-prune", ["--db", place.db, "--keep", "1"])
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("rk-prune: error: no store at \(place.db)"))
    #expect(place.contents.isEmpty, "left \(place.contents)")
  }

  @Test func theDefaultStoreIsNotCreatedByReadingEither() throws {
    let place = try Place()
    defer { place.remove() }
    let result = try run("rk-cache", ["list"], environment: ["XDG_DATA_HOME": place.root])
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("no store at \(place.db)"))
    #expect(place.contents.isEmpty, "left \(place.contents)")
  }

  @Test func beforeTheFirstSyncIdsAndPushFindNothingToDoAndCreateNothing() throws {
    let place = try Place()
    defer { place.remove() }
    let ids = try run("rk-cache", ["ids"], environment: ["XDG_DATA_HOME": place.root])
    #expect(ids.status == 0, "\(ids.stderr)")
    #expect(ids.stdout.isEmpty && ids.stderr.isEmpty)
    // No server is needed to learn there is nothing to push.
    let push = try run("rk-push", ["--db", place.db], environment: ["READECK_URL": "", "READECK_TOKEN": ""])
    #expect(push.status == 0, "\(push.stderr)")
    #expect(push.stdout.isEmpty)
    #expect(push.stderr.contains("nothing to push"), "\(push.stderr)")
    #expect(place.contents.isEmpty, "left \(place.contents)")
  }

  @Test func theFirstSyncPipelineEndsCleanUnderPipefail() async throws {
    let place = try Place()
    defer { place.remove() }
    let library = FakeReadeck.sampleLibrary(count: 3, allUnread: true)
    try await withReadeck(library, token: "first-run-token") { fake in
      let result = try run(
        "/bin/bash",
        ["-o", "pipefail", "-c", "rk-cache ids | rk-fetch --skip-ids - | rk-extract-images --embed | rk-cache store"],
        environment: [
          "PATH": binaries.path + ":/usr/bin:/bin", "XDG_DATA_HOME": place.root, "READECK_URL": fake.baseURL,
          "READECK_TOKEN": "first-run-token",
        ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("error"), "\(result.stderr)")
      #expect(try run("rk-cache", ["ids", "--db", place.db]).stdout.split(separator: "\n").count == 3)
    }
  }

  @Test func aMistypedFallbackCacheIsReportedWith66() throws {
    let place = try Place()
    defer { place.remove() }
    // Nothing listens on port 1: the server is unreachable at once.
    let result = try run(
      "rk-fetch", ["--server", "http://127.0.0.1:1", "--retries", "0", "--fallback-cache", place.db],
      environment: ["READECK_TOKEN": "unused"])
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("no store at \(place.db)"), "\(result.stderr)")
    #expect(!result.stderr.contains("showing 0 saved articles"))
    #expect(place.contents.isEmpty, "left \(place.contents)")
  }

  @Test func storeAndImportCreateTheStoreAndItsFolder() throws {
    let place = try Place()
    defer { place.remove() }
    let stored = try run("rk-cache", ["store", "--db", place.db])
    #expect(stored.status == 0, "\(stored.stderr)")
    #expect(FileManager.default.fileExists(atPath: place.db))
    #expect(try run("rk-cache", ["export", "--db", place.db, place.root + "/empty.zip"]).status == 0)

    let other = place.root + "/other/cache.sqlite"
    let imported = try run("rk-cache", ["import", "--db", other, place.root + "/empty.zip"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(FileManager.default.fileExists(atPath: other))
    #expect(try run("rk-cache", ["ids", "--db", other]).status == 0)
  }

  @Test func aFolderGivenAsTheStoreExits66() throws {
    let place = try Place()
    defer { place.remove() }
    for arguments in [["ids"], ["store"]] {
      let result = try run("rk-cache", arguments + ["--db", place.root])
      #expect(result.status == 66, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("is a folder, not a store"))
    }
  }
}
