import Foundation
import ReadeckFake
import TestSupport
import Testing

/// Only a whole `make sync` sets the time the MAX_AGE throttle reads; and the Makefile's own
/// messages are in the user's language.
@Suite(.serialized) struct ReadkeepMakefileSyncTimeTests {
  let library = FakeReadeck.sampleLibrary(count: 40, imagesPerArticle: 1, seed: 11, allUnread: true)

  func make(
    _ target: String, _ fake: FakeReadeck, db: String, _ variables: [String] = [], locale: [String: String] = [:]
  )
    throws -> ToolRun
  {
    try run(
      "/usr/bin/make",
      ["-s", "-f", ReadkeepMakefileTests.makefile, target, "RK_BIN=\(binaries.path)", "DB=\(db)"] + variables,
      environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": ReadkeepMakefileTests.token].merging(locale) { $1 })
  }

  /// The second sync follows the server's changes (a stage that ends with a complete summary)
  /// and then breaks off in the fetch: the sync time stays the first sync's, so the next sync
  /// is not put off for MAX_AGE.
  @Test(.needsMake, .timeLimit(.minutes(3))) func aSyncBrokenOffAfterTheChangesLeavesTheSyncTimeAsItWas() async throws {
    let db = TemporaryFolder.path("readkeep-sync-time") + ".sqlite"
    defer { TemporaryFolder.remove(db) }
    let fake = try await FakeReadeck.start(bookmarks: library, token: ReadkeepMakefileTests.token)
    let first = try make("sync", fake, db: db, ["LIMIT=2"])
    #expect(first.status == 0, "\(first.stderr)")
    let synced = try run("rk-cache", ["last-sync", "--db", db]).stdout
    #expect(!synced.isEmpty)

    fake.setLatency(milliseconds: 400)
    let articlesBefore = fake.requests.filter { $0.path.hasSuffix("/article") }.count
    nonisolated(unsafe) var result: Result<ToolRun, any Error>?
    let finished = DispatchSemaphore(value: 0)
    Thread { [self] in
      result = Result {
        try make(
          "sync", fake, db: db, ["FORCE=1", "LIMIT=80", "FETCH_OPTS=--mode per-article --retries 0 --timeout 2"])
      }
      finished.signal()
    }.start()
    Thread {
      let giveUp = Date().addingTimeInterval(120)
      while fake.requests.filter({ $0.path.hasSuffix("/article") }).count < articlesBefore + 3, Date() < giveUp {
        usleep(10_000)
      }
      fake.stopBlocking()
    }.start()
    finished.wait()
    let broken = try #require(result).get()
    #expect(broken.status != 0)
    #expect(broken.stderr.contains("readkeep: fetch failed"), "\(broken.stderr)")
    #expect(try run("rk-cache", ["last-sync", "--db", db]).stdout == synced, "the broken sync was counted")
  }

  @Test(.needsMake) func theMakefilesMessagesAreGermanUnderAGermanLocale() async throws {
    let db = TemporaryFolder.path("readkeep-german-make") + ".sqlite"
    defer { TemporaryFolder.remove(db) }
    try await withReadeck(Array(library.prefix(2)), token: ReadkeepMakefileTests.token) { fake in
      let german = ["LANG": "de_DE.UTF-8"]
      #expect(try make("sync", fake, db: db, locale: german).status == 0)
      let recent = try make("sync", fake, db: db, locale: german)
      #expect(recent.status == 0)
      #expect(
        recent.stderr.contains("readkeep: vor weniger als 4h abgeglichen (FORCE=1 gleicht trotzdem ab)"),
        "\(recent.stderr)")
      let noQuery = try make("search", fake, db: db, locale: german)
      #expect(noQuery.status != 0)
      #expect(noQuery.stderr.contains("readkeep: die Suche als Q=… angeben"), "\(noQuery.stderr)")
      // LC_ALL=C stays English for scripts.
      let english = try make("sync", fake, db: db, locale: ["LANG": "de_DE.UTF-8", "LC_ALL": "C"])
      #expect(english.stderr.contains("readkeep: synced less than 4h ago (FORCE=1 to sync anyway)"))
    }
  }
}
