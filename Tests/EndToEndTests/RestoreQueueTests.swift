import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// A backup and restore with the built tools keeps what was changed offline: rk-cache export,
/// import into a fresh store, and rk-push from there sends the changes to the server.
@Suite struct RestoreQueueTests {
  @Test func changesMadeOfflineSurviveExportAndImportAndReachTheServer() async throws {
    let library = RKPushTests.unread(2, seed: 32)
    let ids = library.map(\.id)
    let folder = TemporaryFolder.path("rk-restore-queue-e2e")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let environment = ["READECK_TOKEN": RKPushTests.token]
    try await withReadeck(library, token: RKPushTests.token) { fake in
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--limit", "0", "--state", "all"], environment: environment)
      let original = folder + "/original.sqlite"
      #expect(try run("rk-cache", ["store", "--db", original], stdin: fetched.stdout).status == 0)
      let mark = try run("rk-cache", ["mark", "--db", original, ids[0], "--archive", "--add-label", "later"])
      #expect(mark.status == 0, "\(mark.stderr)")

      let archive = folder + "/backup.zip"
      let export = try run("rk-cache", ["export", "--db", original, archive])
      #expect(export.status == 0, "\(export.stderr)")
      let restored = folder + "/restored.sqlite"
      let restore = try run("rk-cache", ["import", "--db", restored, archive])
      #expect(restore.status == 0, "\(restore.stderr)")
      #expect(restore.stderr.contains("imported 2, updated 0; 2 queued changes for rk-push"), "\(restore.stderr)")

      let pending = try run("rk-cache", ["pending", "--db", restored]).records(kind: "change")
      #expect(pending.count == 2)
      #expect(pending.allSatisfy { $0["id"]?.stringValue == ids[0] })
      #expect(Set(pending.compactMap { $0["field"]?.stringValue }) == ["is_archived", "labels"])
      #expect(try run("rk-cache", ["stats", "--db", restored]).stdout.contains("2 changes pending for rk-push"))

      fake.clearRequests()
      let pushed = try run("rk-push", ["--db", restored, "--server", fake.baseURL], environment: environment)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(pushed.records(kind: "pushed").count == 1)
      #expect(fake.bookmark(id: ids[0])?.isArchived == true)
      #expect(fake.bookmark(id: ids[0])?.labels.contains("later") == true)
      #expect(fake.bookmark(id: ids[1])?.isArchived == false)
      #expect(try run("rk-cache", ["pending", "--db", restored]).stdout.isEmpty)
    }
  }
}
