import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// `rk-cache` on real database files, fed by real `rk-fetch` runs against the fake server.
@Suite(.serialized) struct RKCacheTests {
  static let token = "rdk-cache-t0ken"

  private func withSyncedStore(
    count: Int = 5, _ body: (_ db: String, _ fake: FakeReadeck, _ sync: ToolRun) async throws -> Void
  ) async throws {
    let library = FakeReadeck.sampleLibrary(count: count, imagesPerArticle: 1, allUnread: true)
    let fake = try await FakeReadeck.start(bookmarks: library, token: Self.token)
    let folder = TemporaryFolder.path("rk-cache-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    do {
      let fetched = try run("rk-fetch", ["--server", fake.baseURL], environment: ["READECK_TOKEN": Self.token])
      let stored = try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout)
      try await body(db, fake, stored)
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  @Test func aCompleteSyncIsStoredAndRecorded() async throws {
    try await withSyncedStore { db, fake, stored in
      #expect(stored.status == 0, "\(stored.stderr)")
      #expect(stored.stderr == "rk-cache: stored 5, updated 0\n")
      #expect(stored.stdout.isEmpty)
      let entries = try run("rk-cache", ["list", "--db", db]).records(kind: "cache_entry")
      #expect(entries.count == 5)
      let ids = try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init)
      #expect(ids == entries.compactMap { $0["id"]?.stringValue })
      #expect(try run("rk-cache", ["last-sync", "--db", db]).status == 0)
      #expect(try run("rk-cache", ["needs-sync", "--db", db, "--max-age", "4h"]).status == 1)
      #expect(try run("rk-cache", ["needs-sync", "--db", db, "--max-age", "0s"]).status == 0)
      #expect(try run("rk-cache", ["has", "--db", db, ids[0]]).status == 0)
      #expect(try run("rk-cache", ["has", "--db", db, "unknown"]).status == 1)

      // The HTML comes back exactly as the server served it.
      let html = try run("rk-cache", ["html", "--db", db, ids[0]])
      let served = fake.bookmarks.first { $0.id == ids[0] }!.articleHTML.replacingOccurrences(
        of: "{root}", with: fake.baseURL)
      #expect(html.stdout == served)
      #expect(try run("rk-cache", ["show", "--db", db, ids[0]]).records.first?["accessed_at"] != nil)

      let stats = try run("rk-cache", ["stats", "--db", db, "--json"]).records.first
      #expect(stats?["count"] == 5)
      #expect(stats?["largest"]?.arrayValue?.count == 5)
      #expect(stats?["last_sync"]?.stringValue != nil)
    }
  }

  @Test func searchFindsArticleTextAndSearchesBadQueriesAsAPhrase() async throws {
    try await withSyncedStore { db, fake, _ in
      let first = fake.bookmarks.sorted { $0.created > $1.created }.first!
      let word = first.title.split(separator: " ").last.map(String.init)!
      let hits = try run("rk-cache", ["search", "--db", db, word]).records(kind: "search_hit")
      #expect(hits.contains { $0["id"]?.stringValue == first.id })
      #expect(hits.allSatisfy { $0["snippet"]?.stringValue?.contains("[") == true })
      let bad = try run("rk-cache", ["search", "--db", db, "\"unbalanced"])
      #expect(bad.status == 0)
      #expect(bad.stderr.contains("unterminated string in \"unbalanced; searched the phrase"), "\(bad.stderr)")
    }
  }

  @Test func aTruncatedStreamStoresWholeArticlesButRecordsNoSync() throws {
    let folder = TemporaryFolder.path("rk-cache-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let article =
      #"{"kind":"article","id":"a1","bookmark":{"title":"T"},"html":"<p>x</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
    let cut = #"{"kind":"article","id":"a2","bookmark":{"title":"U"},"html":"<p>y"#
    let result = try run("rk-cache", ["store", "--db", db], stdin: article + "\n" + cut)
    #expect(result.status == 65)
    #expect(result.stderr.contains("<stdin>:2: not a JSON object (truncated?)"))
    #expect(try run("rk-cache", ["ids", "--db", db]).stdout == "a1\n")
    #expect(try run("rk-cache", ["last-sync", "--db", db]).status == 1)
    #expect(try run("rk-cache", ["needs-sync", "--db", db]).status == 0)
  }

  @Test func malformedRecordsAreReportedWithTheirLineAndNothingIsStoredForThem() throws {
    let folder = TemporaryFolder.path("rk-cache-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let good = #"{"kind":"article","id":"ok","bookmark":{},"html":"","fetched_at":"2026-11-22T00:00:00Z"}"#
    let noHTML = #"{"kind":"article","id":"bad","bookmark":{},"fetched_at":"2026-11-22T00:00:00Z"}"#
    let result = try run(
      "rk-cache", ["store", "--db", db, "--echo"], stdin: [good, noHTML, #"{"kind":"other"}"#].joined(separator: "\n"))
    #expect(result.status == 65)
    #expect(result.stderr.contains(#"<stdin>:2: missing "html" (line skipped)"#))
    #expect(result.stdout == good + "\n" + #"{"kind":"other"}"# + "\n")
    #expect(try run("rk-cache", ["ids", "--db", db]).stdout == "ok\n")
  }

  @Test func behindASlowProducerEachArticleIsStoredAndEchoedBeforeTheNextArrives() throws {
    // Articles are written in groups; a group must not wait for records that are not coming yet.
    let folder = TemporaryFolder.path("rk-cache-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let (process, input, output) = try startTool("rk-cache", ["store", "--db", db, "--echo"])
    for id in ["first", "second"] {
      let line =
        #"{"kind":"article","id":"\#(id)","bookmark":{"title":"T"},"html":"<p>x</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
      try input.write(contentsOf: Data((line + "\n").utf8))
      #expect(try readLine(output, timeout: 30) == line, "\(id) was not echoed before the input ended")
      #expect(try run("rk-cache", ["has", "--db", db, id]).status == 0, "\(id) was not stored before the input ended")
    }
    #expect(process.isRunning)
    try input.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func theStoreIsPrivateAndClearEmptiesIt() throws {
    let folder = TemporaryFolder.path("rk-cache-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let article =
      #"{"kind":"article","id":"a1","bookmark":{"title":"T"},"html":"<p>x</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
    _ = try run("rk-cache", ["store"], environment: ["RK_DB": db], stdin: article)
    let mode = try FileManager.default.attributesOfItem(atPath: db)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    let cleared = try run("rk-cache", ["clear", "--db", db, "--yes"])
    #expect(cleared.status == 0)
    #expect(cleared.stderr.contains("removed 1 article"))
    #expect(try run("rk-cache", ["ids", "--db", db]).stdout.isEmpty)
  }

  @Test func exportClearImportReproducesEveryArticle() async throws {
    try await withSyncedStore { db, _, _ in
      let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
      let embedded =
        #"{"kind":"article","id":"img","bookmark":{"title":"Pic"},"html":"<img src=\"data:image/png;base64,\#(png)\">","fetched_at":"2026-11-22T00:00:00Z"}"#
      #expect(try run("rk-cache", ["store", "--db", db], stdin: embedded).status == 0)
      let ids = try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init)
      var html: [String: String] = [:]
      for id in ids { html[id] = try run("rk-cache", ["html", "--db", db, id]).stdout }
      let before = try run("rk-cache", ["list", "--db", db]).stdout
      let zip = (db as NSString).deletingLastPathComponent + "/backup.zip"

      let exported = try run("rk-cache", ["export", "--db", db, zip])
      #expect(exported.status == 0, "\(exported.stderr)")
      #expect(exported.stderr.hasPrefix("rk-cache: exported 6 articles and 1 image to \(zip)"))
      #expect(try run("rk-cache", ["clear", "--db", db, "--yes"]).status == 0)
      let imported = try run("rk-cache", ["import", "--db", db, zip])
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(imported.stderr == "rk-cache: imported 6, updated 0\n")
      #expect(try run("rk-cache", ["list", "--db", db]).stdout == before)
      for id in ids { #expect(try run("rk-cache", ["html", "--db", db, id]).stdout == html[id], "\(id)") }
      // The same archive again: the same articles, left as they are.
      #expect(
        try run("rk-cache", ["import", "--db", db, zip]).stderr == "rk-cache: imported 0, updated 0, 6 unchanged\n")

      let notZip = (db as NSString).deletingLastPathComponent + "/notes.zip"
      try "plain text".write(toFile: notZip, atomically: true, encoding: .utf8)
      let refused = try run("rk-cache", ["import", "--db", db, notZip])
      #expect(refused.status == 65)
      #expect(refused.stderr == "rk-cache: error: \(notZip): not a ZIP archive\n")
      #expect(try run("rk-cache", ["import", "--db", db, notZip + ".missing"]).status == 66)
    }
  }
}
