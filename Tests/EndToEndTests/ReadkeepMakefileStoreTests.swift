import Foundation
import ReadeckFake
import TestSupport
import Testing

/// Without DB=, scripts/readkeep.mk leaves the choice of store to the tools, so that RK_DB and
/// XDG_DATA_HOME mean the same for `make sync` as for every rk command run by hand.
@Suite(.serialized) struct ReadkeepMakefileStoreTests {
  func library() -> [FakeBookmark] {
    FakeReadeck.sampleLibrary(count: 4, imagesPerArticle: 1, allUnread: true)
  }

  /// `make sync` with `environment` and no DB=, against a fresh fake server.
  func sync(_ environment: [String: String]) async throws -> (ToolRun, [FakeBookmark]) {
    let library = library()
    let fake = try await FakeReadeck.start(bookmarks: library, token: ReadkeepMakefileTests.token)
    do {
      let result = try run(
        "/usr/bin/make", ["-s", "-f", ReadkeepMakefileTests.makefile, "sync", "RK_BIN=\(binaries.path)"],
        environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": ReadkeepMakefileTests.token].merging(environment) {
          $1
        })
      try await fake.stop()
      return (result, library)
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  func ids(_ db: String) throws -> Set<String> {
    Set(try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init))
  }

  @Test(.needsMake) func syncWritesTheStoreThatRKDBNames() async throws {
    let folder = TemporaryFolder.path("readkeep-rkdb")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/mine.sqlite"
    let home = folder + "/home"
    let (result, library) = try await sync(["RK_DB": db, "HOME": home])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ids(db) == Set(library.map(\.id)))
    #expect(
      !FileManager.default.fileExists(atPath: home + "/.local/share/readkeep/cache.sqlite"),
      "synced into the default store")
    // What the tools read by RK_DB is what was synced: the next sync is not due.
    #expect(try run("rk-cache", ["needs-sync"], environment: ["RK_DB": db]).status == 1)
  }

  @Test(.needsMake) func syncWritesTheStoreUnderXDGDataHome() async throws {
    let folder = TemporaryFolder.path("readkeep-xdg")
    defer { TemporaryFolder.remove(folder) }
    let (result, library) = try await sync(["XDG_DATA_HOME": folder + "/data", "HOME": folder + "/home"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ids(folder + "/data/readkeep/cache.sqlite") == Set(library.map(\.id)))
  }
}
