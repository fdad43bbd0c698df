import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// Saving links with the built tools: rk-cache add (arguments and standard input), what pending,
/// list and stats show, rk-push creating them once (also when killed after the POST), and the
/// syncs that fetch the article once the server has loaded it.
@Suite struct RKAddTests {
  static let token = "rdk-add-s3cret-t0ken"
  var environment: [String: String] { ["READECK_TOKEN": Self.token] }

  func withStore(_ body: (_ db: String, _ fake: FakeReadeck) async throws -> Void) async throws {
    let folder = TemporaryFolder.path("rk-add-e2e")
    defer { TemporaryFolder.remove(folder) }
    let library = FakeReadeck.sampleLibrary(count: 2, imagesPerArticle: 0, allUnread: true)
    try await withReadeck(library, token: Self.token) { fake in try await body(folder + "/cache.sqlite", fake) }
  }

  /// `rk-cache ids | rk-fetch --skip-ids - | rk-cache store`, as make sync fetches.
  func sync(_ db: String, _ fake: FakeReadeck) throws -> ToolRun {
    let ids = try run("rk-cache", ["ids", "--db", db]).stdout
    let fetched = try run(
      "rk-fetch", ["--server", fake.baseURL, "--skip-ids", "-", "--limit", "20"], environment: environment, stdin: ids)
    #expect(fetched.status == 0, "\(fetched.stderr)")
    return try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout)
  }

  @Test func linksAddedOfflineArePushedAndFetchedOnceTheServerHasLoadedThem() async throws {
    try await withStore { db, fake in
      fake.setCreateLoadDelay(milliseconds: 1500)
      let added = try run("rk-cache", ["add", "--db", db, "https://example.net/read-me#part-2", "--label", "later"])
      #expect(added.status == 0, "\(added.stderr)")
      let queued = try #require(added.records(kind: "queued_link").first)
      #expect(queued["id"] == "local-1" && queued["state"] == "queued" && queued["labels"] == ["later"])
      #expect(added.stderr.contains("queued for rk-push: 1 link"))
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_link").count == 1)
      let table = try run("rk-cache", ["list", "--db", db, "--format", "table"]).stdout
      #expect(table.contains("local-1") && table.contains("queued") && table.contains("https://example.net/read-me"))
      #expect(try run("rk-cache", ["stats", "--db", db]).stdout.contains("1 link queued for rk-push"))
      #expect(fake.requests.isEmpty, "adding is offline")

      let pushed = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(pushed.stderr.contains("1 link saved"))
      let created = try #require(pushed.records(kind: "created").first)
      let id = try #require(created["id"]?.stringValue)
      #expect(created["local_id"] == "local-1")
      #expect(fake.bookmark(id: id)?.url == "https://example.net/read-me")
      #expect(fake.bookmark(id: id)?.labels == ["later"])
      #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty)
      let listed = try run("rk-cache", ["list", "--db", db]).records(kind: "queued_link")
      #expect(listed.map { $0["id"] } == [.string(id)] && listed.first?["state"] == "created")

      let early = try sync(db, fake)
      #expect(early.status == 0, "\(early.stderr)")
      #expect(try run("rk-cache", ["has", "--db", db, id]).status == 1, "still loading: skipped")
      #expect(try run("rk-cache", ["stats", "--db", db]).stdout.contains("1 link saved, its article not yet synced"))

      while fake.bookmark(id: id)?.loaded != true { usleep(20_000) }
      let later = try sync(db, fake)
      #expect(later.status == 0, "\(later.stderr)")
      #expect(try run("rk-cache", ["has", "--db", db, id]).status == 0, "fetched by the next sync")
      #expect(try run("rk-cache", ["list", "--db", db]).records(kind: "queued_link").isEmpty)
    }
  }

  @Test func badLinesAreNamedAndTheOthersQueuedOnceEach() async throws {
    try await withStore { db, fake in
      let input = """
        # my reading list
        https://example.net/one

        ftp://example.net/file
        https://EXAMPLE.net/one#again
        https://example.net/two words
        https://example.net/two

        """
      let added = try run("rk-cache", ["add", "--db", db, "-"], stdin: input)
      #expect(added.status == 65, "\(added.stderr)")
      #expect(added.stderr.contains("<stdin>:4: not an http or https link (line skipped)"))
      #expect(added.stderr.contains("<stdin>:6: white space in the link (line skipped)"))
      #expect(added.stderr.contains("https://EXAMPLE.net/one#again: already queued as local-1"))
      let queued = try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_link")
      #expect(queued.compactMap { $0["url"]?.stringValue } == ["https://example.net/one", "https://example.net/two"])

      let cached = try #require(fake.bookmarks.first)
      _ = try sync(db, fake)
      let again = try run("rk-cache", ["add", "--db", db, cached.url])
      #expect(again.status == 0 && again.stderr.contains("already cached as \(cached.id)"))

      let dropped = try run("rk-cache", ["pending", "--db", db, "--drop", "local-2"])
      #expect(dropped.status == 0 && dropped.records(kind: "queued_link").first?["url"] == "https://example.net/two")
      #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_link").count == 1)
    }
  }

  /// More links than the sync's limit: the newest LIMIT come as always, and every saved link the
  /// server has loaded comes besides, as readkeep.mk fetches.
  @Test func everySavedLinkIsFetchedWhateverTheLimit() async throws {
    try await withStore { db, fake in
      fake.setCreateLoadDelay(milliseconds: 0)
      let links = (1...4).map { "https://example.net/many/\($0)" }
      #expect(try run("rk-cache", ["add", "--db", db] + links).status == 0)
      #expect(try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment).status == 0)
      while fake.bookmarks.contains(where: { !$0.loaded }) { usleep(20_000) }
      let saved = try run("rk-cache", ["ids", "--db", db, "--saved"]).stdout
      #expect(saved.split(separator: "\n").count == 4)
      let folder = (db as NSString).deletingLastPathComponent
      try saved.write(toFile: folder + "/saved.txt", atomically: true, encoding: .utf8)
      let fetched = try run(
        "rk-fetch", ["--server", fake.baseURL, "--limit", "1", "--also-ids", folder + "/saved.txt"],
        environment: environment)
      #expect(fetched.status == 0, "\(fetched.stderr)")
      let stored = try run("rk-cache", ["store", "--db", db], stdin: fetched.stdout)
      #expect(stored.status == 0, "\(stored.stderr)")
      #expect(try run("rk-cache", ["ids", "--db", db, "--saved"]).stdout.isEmpty, "all four stored")
      #expect(try run("rk-cache", ["list", "--db", db]).records(kind: "cache_entry").count == 4)
      #expect(try run("rk-cache", ["list", "--db", db]).records(kind: "queued_link").isEmpty)
    }
  }

  /// rk-push is killed while the server's answer to its POST hangs, after the server created the
  /// bookmark: the next push finds it instead of creating a second one.
  @Test func aPushKilledAfterThePostCreatesNoDuplicate() async throws {
    try await withStore { db, fake in
      #expect(try run("rk-cache", ["add", "--db", db, "https://example.net/once"]).status == 0)
      fake.inject([.stallAfter(bytes: 0)], on: .create)
      try runKilled("rk-push", ["--db", db, "--server", fake.baseURL, "--quiet"], token: Self.token) {
        fake.bookmarks.contains { $0.url == "https://example.net/once" }
      }
      #expect(fake.bookmarks.filter { $0.url == "https://example.net/once" }.count == 1, "the server took the POST")
      let state = try run("rk-cache", ["pending", "--db", db]).records(kind: "queued_link").first?["state"]
      #expect(state == "sent")

      let next = try run("rk-push", ["--db", db, "--server", fake.baseURL], environment: environment)
      #expect(next.status == 0, "\(next.stderr)")
      #expect(next.records(kind: "created").first?["adopted"] == true)
      #expect(fake.bookmarks.filter { $0.url == "https://example.net/once" }.count == 1)
      #expect(fake.requests.filter { $0.route == .create }.count == 1)
    }
  }

  @Test func aLinkCachedUnderTheServersSpellingIsAlreadyCached() throws {
    let folder = TemporaryFolder.path("rk-add-spelling")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let article =
      #"{"kind":"article","id":"Cafe0000000000000001","bookmark":{"id":"Cafe0000000000000001","title":"Café","url":"https://example.org/caf%C3%A9"},"html":"<p>Kaffee.</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
    #expect(try run("rk-cache", ["store", "--db", db], stdin: article + "\n").status == 0)
    let added = try run("rk-cache", ["add", "--db", db, "https://Example.org/café#menu"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stderr.contains("already cached as Cafe0000000000000001"), "\(added.stderr)")
    #expect(added.records(kind: "queued_link").isEmpty)
    #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty)
  }

  /// Cron's make sync and one run by hand: each push read the queue when it started, and every
  /// link was created twice. The second now waits for the first and finds nothing left to send.
  @Test(.timeLimit(.minutes(2))) func twoPushesAtOnceCreateEachLinkOnce() async throws {
    try await withStore { db, fake in
      let links = (1...3).map { "https://example.net/twice-\($0)" }
      #expect(try run("rk-cache", ["add", "--db", db] + links).status == 0)
      fake.setLatency(milliseconds: 400)
      let arguments = ["--db", db, "--server", fake.baseURL, "--timeout", "20"]
      async let first = runInBackground("rk-push", arguments, environment: environment)
      async let second = runInBackground("rk-push", arguments, environment: environment)
      let runs = try await [first, second]
      for push in runs { #expect(push.status == 0 || push.status == 75, "\(push.stderr)") }
      let creates = fake.requests.filter { $0.route == .create }
      #expect(creates.count == 3, "\(runs.map(\.stderr))")
      for link in links { #expect(fake.bookmarks.filter { $0.url == link }.count == 1, "\(link)") }
      #expect(runs.flatMap { $0.records(kind: "created") }.count == 3)
    }
  }
}
