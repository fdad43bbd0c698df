import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// scripts/readkeep.mk driving the whole chain — rk-cache ids | rk-fetch | rk-extract-images
/// --embed | rk-cache store, then rk-prune — against the fake Readeck server with real images.
@Suite(.serialized) struct ReadkeepMakefileTests {
  static let token = "rdk-makefile-s3cret"
  static let makefile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/readkeep.mk").path

  let library: [FakeBookmark] = FakeReadeck.sampleLibrary(count: 12, imagesPerArticle: 2, allUnread: true)

  func make(_ target: String, _ fake: FakeReadeck, db: String, _ variables: [String] = []) throws -> ToolRun {
    try run(
      "/usr/bin/make",
      ["-s", "-f", Self.makefile, target, "RK_BIN=\(binaries.path)", "DB=\(db)", "KEEP=10"] + variables,
      environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": Self.token])
  }

  func storedIDs(_ db: String) throws -> Set<String> {
    Set(try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init))
  }

  @Test(.needsMake) func syncStoresEmbedsAndPrunesThenWaitsFourHours() async throws {
    let db = TemporaryFolder.path("readkeep") + ".sqlite"
    let fake = try await FakeReadeck.start(bookmarks: library, token: Self.token)
    defer { TemporaryFolder.remove(db) }
    do {
      let first = try make("sync", fake, db: db)
      #expect(first.status == 0, "\(first.stderr)")
      // 12 fetched (LIMIT 20), pruned to KEEP=10, every image embedded.
      let ids = try storedIDs(db)
      #expect(ids.count == 10)
      #expect(ids.isSubset(of: Set(library.map(\.id))))
      let html = try run("rk-cache", ["html", "--db", db, try #require(ids.first)])
      #expect(html.stdout.contains("data:image/png;base64,"))
      #expect(!html.stdout.contains(fake.baseURL + "/bm/"))

      let requests = fake.requests.count
      let second = try make("sync", fake, db: db)
      #expect(second.status == 0)
      #expect(second.stderr.contains("synced less than 4h ago"))
      #expect(fake.requests.count == requests, "the second sync within 4 hours asked the server")
      let forced = try make("sync", fake, db: db, ["FORCE=1"])
      #expect(forced.status == 0, "\(forced.stderr)")
      #expect(fake.requests.count > requests)

      let search = try make("search", fake, db: db, ["Q=\(library[0].title.split(separator: " ").first ?? "")"])
      #expect(search.status == 0)
      let stats = try make("stats", fake, db: db)
      #expect(stats.stdout.contains("10"))
      try await fake.stop()
    } catch {
      try? await fake.stop()
      throw error
    }
  }

  /// A highlight made on the phone on an article cached before, one made here offline, and one
  /// deleted on the phone: each sync brings the article again with the server's wrappers, so the
  /// text view follows.
  @Test(.needsMake) func syncBringsTheHighlightsOfCachedArticlesMadeAndDeletedSince() async throws {
    let db = TemporaryFolder.path("readkeep-highlights") + ".sqlite"
    defer { TemporaryFolder.remove(db) }
    let id = "MakefileHighlights001"
    let bookmark = FakeBookmark(
      id: id, title: "Sätze", url: "https://example.net/saetze", created: Date(timeIntervalSince1970: 1_795_000_000),
      articleHTML: "<section><p>Erster Satz. Zweiter Satz.</p><ul><li>Eins<li>Zwei</ul></section>")
    try await withReadeck([bookmark], token: Self.token) { fake in
      #expect(try make("sync", fake, db: db).status == 0)
      #expect(try run("rk-cache", ["text", "--db", db, id]).stdout.contains("Erster Satz.") == true)

      #expect(
        fake.modify(id: id) { bookmark in
          bookmark.highlights = [
            FakeHighlight(
              id: "phone1", text: "Erster Satz", created: Date(), startSelector: "section[1]/p[1]", startOffset: 0,
              endSelector: "section[1]/p[1]", endOffset: 11)
          ]
        })
      let phone = try make("sync", fake, db: db, ["FORCE=1"])
      #expect(phone.status == 0, "\(phone.stderr)")
      #expect(try run("rk-cache", ["text", "--db", db, id]).stdout.contains("==Erster Satz=="))

      #expect(try run("rk-cache", ["highlight", "--db", db, id, "Eins"]).status == 0)
      let offline = try make("sync", fake, db: db, ["FORCE=1"])
      #expect(offline.status == 0, "\(offline.stderr)")
      #expect(fake.bookmark(id: id)?.highlights.map(\.text) == ["Erster Satz", "Eins"])
      #expect(try run("rk-cache", ["text", "--db", db, id]).stdout.contains("==Eins=="))

      #expect(fake.modify(id: id) { $0.highlights.removeAll { $0.id == "phone1" } })
      #expect(try make("sync", fake, db: db, ["FORCE=1"]).status == 0)
      let text = try run("rk-cache", ["text", "--db", db, id]).stdout
      #expect(!text.contains("==Erster Satz==") && text.contains("==Eins=="))
      #expect(try run("rk-cache", ["ids", "--db", db, "--stale"]).stdout.isEmpty, "nothing left to fetch again")
    }
  }

  @Test(.needsMake) func aServerThatDiesMidSyncRecordsNoSyncAndTheNextRunCompletes() async throws {
    let db = TemporaryFolder.path("readkeep") + ".sqlite"
    defer { TemporaryFolder.remove(db) }
    // 60 articles one after the other at 500 ms each: the server goes away long before the end,
    // even when this test's polling waits many seconds for a thread (other end-to-end tests block
    // theirs while their tools run).
    let library =
      self.library
      + FakeReadeck.sampleLibrary(count: 60, imagesPerArticle: 1, seed: 7, allUnread: true).suffix(48)
    let dying = try await FakeReadeck.start(bookmarks: library, token: Self.token, latencyMilliseconds: 500)
    let arguments = ["FETCH_OPTS=--mode per-article --retries 0 --timeout 2", "LIMIT=80"]
    // make runs on a thread of its own and the server is watched and stopped from another: a
    // loaded run's other end-to-end tests block the cooperative threads for a minute at a time,
    // and a stop awaited there (or a sleeping task) waited until the sync had long finished.
    nonisolated(unsafe) var result: Result<ToolRun, any Error>?
    let finished = DispatchSemaphore(value: 0)
    Thread { [self] in
      result = Result { try make("sync", dying, db: db, arguments) }
      finished.signal()
    }.start()
    Thread {
      let giveUp = Date().addingTimeInterval(120)
      while dying.requests.filter({ $0.path.hasSuffix("/article") }).count < 4, Date() < giveUp { usleep(10_000) }
      dying.stopBlocking()
    }.start()
    finished.wait()
    let broken = try #require(result).get()
    #expect(broken.status != 0)
    #expect(broken.stderr.contains("readkeep: fetch failed"))
    // No sync recorded: the next run is due at once.
    #expect(try run("rk-cache", ["needs-sync", "--db", db]).status == 0)
    // What was stored is whole.
    for id in try storedIDs(db) {
      let html = try run("rk-cache", ["html", "--db", db, id])
      #expect(html.status == 0 && html.stdout.contains("</"), "\(id) is not whole")
    }

    let revived = try await FakeReadeck.start(bookmarks: library, token: Self.token)
    do {
      let next = try make("sync", revived, db: db, ["LIMIT=80", "KEEP=80"])
      #expect(next.status == 0, "\(next.stderr)")
      #expect(try storedIDs(db) == Set(library.map(\.id)))
      #expect(try run("rk-cache", ["needs-sync", "--db", db]).status == 1)
      try await revived.stop()
    } catch {
      try? await revived.stop()
      throw error
    }
  }
}
