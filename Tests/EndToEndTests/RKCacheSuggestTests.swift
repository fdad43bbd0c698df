import Foundation
import OfflineStore
import ReadeckFake
import TestSupport
import Testing
import Wire

/// `rk-cache suggest` and `make sync PREFETCH=N` on a store whose reading record was made through
/// the store's API, against bookmarks rk-fetch lists from the fake Readeck.
@Suite(.serialized) struct RKCacheSuggestTests {
  static let token = "rdk-suggest-t0ken"
  static let now = Date()
  static func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

  /// A Readeck short UID for a readable name: the name padded with zeros to 20 characters.
  static func id(_ name: String) -> String { name + String(repeating: "0", count: 20 - name.count) }

  /// The articles read, cached in the store and on the server:
  ///
  /// | article | labels | site          | authors | reading_time | read          | minutes |
  /// |---------|--------|---------------|---------|--------------|---------------|---------|
  /// | readone | swift  | swift.example | Ann     | 20           | 0→100, 1 d    | 20      |
  /// | readtwo | rust   | rust.example  | Bob     | 10           | 0→50, 2 d     | 5       |
  /// | readold | go     | go.example    | -       | 40           | 0→100, 60 d   | 40      |
  ///
  /// So over 30 days: swift 20, swift.example 20, Ann 20, rust 5, rust.example 5, Bob 5; over 90
  /// days also go 40 and go.example 40. `cachedunread` (swift, unread) is cached and never suggested.
  static let read: [(name: String, labels: [String], site: String, authors: [String], minutes: Int)] = [
    ("readone", ["swift"], "swift.example", ["Ann"], 20), ("readtwo", ["rust"], "rust.example", ["Bob"], 10),
    ("readold", ["go"], "go.example", [], 40), ("cachedunread", ["swift"], "swift.example", [], 10),
  ]

  /// The library on the server, newest first. Scores over 30 days:
  ///
  /// | bookmark  | shares                     | score | note                              |
  /// |-----------|----------------------------|-------|-----------------------------------|
  /// | freshone  | swift                      | 20    | newest: within LIMIT=2            |
  /// | freshtwo  | -                          | 0     | within LIMIT=2                    |
  /// | sboth     | swift, swift.example, Ann  | 60    |                                   |
  /// | swiftnew  | swift                      | 20    | newer of the ties                 |
  /// | swiftold  | swift                      | 20    |                                   |
  /// | annonly   | Ann                        | 20    | oldest of the ties                |
  /// | rustsite  | rust, rust.example         | 10    |                                   |
  /// | goonly    | go                         | 0     | 40 over 90 days                   |
  /// | cooking   | -                          | 0     |                                   |
  /// | halfread  | swift, swift.example       | -     | progress 50                       |
  /// | aphoto    | swift, swift.example       | -     | a photo                           |
  /// | archived  | swift, swift.example       | -     | archived                          |
  static let unread: [(name: String, labels: [String], site: String, authors: [String])] = [
    ("freshone", ["swift"], "news.example", []), ("freshtwo", [], "news.example", []),
    ("sboth", ["swift"], "swift.example", ["Ann"]), ("swiftnew", ["swift"], "blog.example", []),
    ("swiftold", ["swift"], "blog.example", []), ("annonly", [], "blog.example", ["Ann"]),
    ("rustsite", ["rust"], "rust.example", []), ("goonly", ["go"], "blog.example", []),
    ("cooking", ["cooking"], "food.example", []), ("halfread", ["swift"], "swift.example", []),
    ("aphoto", ["swift"], "swift.example", []), ("archived", ["swift"], "swift.example", []),
  ]

  static var library: [FakeBookmark] {
    var bookmarks: [FakeBookmark] = []
    for (index, item) in unread.enumerated() {
      var bookmark = FakeBookmark(
        id: id(item.name), title: "Title \(item.name)", url: "https://\(item.site)/\(item.name)", site: item.site,
        created: daysAgo(Double(index) / 10 + 0.5), labels: item.labels, authors: item.authors, wordCount: 1000,
        articleHTML: "<p>\(item.name)</p>")
      bookmark.readProgress = item.name == "halfread" ? 50 : 0
      bookmark.type = item.name == "aphoto" ? "photo" : "article"
      bookmark.isArchived = item.name == "archived"
      bookmarks.append(bookmark)
    }
    for (index, item) in read.enumerated() {
      bookmarks.append(
        FakeBookmark(
          id: id(item.name), title: "Title \(item.name)", url: "https://\(item.site)/\(item.name)", site: item.site,
          created: daysAgo(Double(100 + index)), labels: item.labels, authors: item.authors,
          wordCount: item.minutes * 200, articleHTML: "<p>\(item.name)</p>"))
    }
    return bookmarks
  }

  /// The store: the read articles cached, then read offline at known times.
  static func makeStore(at path: String) throws {
    let store = try OfflineStore(path: path, creating: true)
    for item in read {
      let bookmark: JSONObject = [
        "id": .string(id(item.name)), "title": .string("Title \(item.name)"), "site": .string(item.site),
        "url": .string("https://\(item.site)/\(item.name)"), "labels": .array(item.labels.map(JSONValue.string)),
        "authors": .array(item.authors.map(JSONValue.string)), "read_progress": 0,
        "reading_time": .integer(Int64(item.minutes)), "created": .string(RFC3339.string(from: daysAgo(100))),
      ]
      let article = Article(id: id(item.name), bookmark: bookmark, html: "<p>\(item.name)</p>", fetchedAt: daysAgo(90))
      try store.store(article, now: daysAgo(90))
    }
    #expect(try store.mark(ids: [id("readone")], BookmarkEdit(progress: 100), now: daysAgo(1)).isEmpty)
    #expect(try store.mark(ids: [id("readtwo")], BookmarkEdit(progress: 50), now: daysAgo(2)).isEmpty)
    #expect(try store.mark(ids: [id("readold")], BookmarkEdit(progress: 100), now: daysAgo(60)).isEmpty)
  }

  /// The store, and the unread bookmarks' records as rk-fetch --metadata-only lists them.
  private func withLibrary(_ body: (_ db: String, _ listing: String, _ fake: FakeReadeck) async throws -> Void)
    async throws
  {
    let folder = TemporaryFolder.path("rk-suggest")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try Self.makeStore(at: db)
    try await withReadeck(Self.library, token: Self.token) { fake in
      let listed = try run(
        "rk-fetch", ["--server", fake.baseURL, "--metadata-only", "--state", "unread", "--limit", "0"],
        environment: ["READECK_TOKEN": Self.token])
      #expect(listed.status == 0, "\(listed.stderr)")
      try await body(db, listed.stdout, fake)
    }
  }

  private func suggest(_ db: String, _ arguments: [String], stdin: String, language: String = "C") throws -> ToolRun {
    try run("rk-cache", ["suggest", "--db", db] + arguments, environment: ["LANG": language], stdin: stdin)
  }

  static func ids(_ names: [String]) -> String { names.map { id($0) + "\n" }.joined() }

  @Test func theBestUnreadBookmarksComeFirstAndTiesGoToTheNewest() async throws {
    try await withLibrary { db, listing, _ in
      let all = try suggest(db, [], stdin: listing)
      #expect(all.status == 0, "\(all.stderr)")
      #expect(all.stdout == Self.ids(["sboth", "freshone", "swiftnew", "swiftold", "annonly", "rustsite"]))
      #expect(all.stderr.isEmpty, "\(all.stderr)")

      let three = try suggest(db, ["--limit", "3"], stdin: listing)
      #expect(three.status == 0 && three.stdout == Self.ids(["sboth", "freshone", "swiftnew"]))

      // The two newest of the listing are left out: a sync fetches them anyway.
      let besides = try suggest(db, ["--limit", "2", "--skip-first", "2"], stdin: listing)
      #expect(besides.status == 0 && besides.stdout == Self.ids(["sboth", "swiftnew"]))

      // 90 days take in what was read 60 days ago: go weighs 40.
      let longer = try suggest(db, ["--since", "90d", "--limit", "3"], stdin: listing)
      #expect(longer.status == 0 && longer.stdout == Self.ids(["sboth", "goonly", "freshone"]))
    }
  }

  @Test func explainWritesTheScoresAndWhatIsShared() async throws {
    try await withLibrary { db, listing, _ in
      let explained = try suggest(db, ["--explain", "--limit", "2"], stdin: listing)
      #expect(explained.status == 0, "\(explained.stderr)")
      let (both, fresh) = (Self.id("sboth"), Self.id("freshone"))
      #expect(
        explained.stdout == """
          ID                    SCORE  LABELS  SITE           AUTHORS  TITLE
          \(both)  60.0   swift   swift.example  Ann      Title sboth
          \(fresh)  20.0   swift   -              -        Title freshone

          """)
      let german = try suggest(db, ["--explain", "--limit", "1"], stdin: listing, language: "de_DE.UTF-8")
      #expect(german.status == 0, "\(german.stderr)")
      #expect(german.stdout.hasPrefix("ID"), "\(german.stdout)")
      #expect(german.stdout.contains("\(both)  60,0"), "\(german.stdout)")
    }
  }

  @Test func nothingReadInTheWindowSuggestsNothing() async throws {
    try await withLibrary { db, listing, _ in
      let quiet = try suggest(db, ["--since", "12h"], stdin: listing)
      #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stderr)")
      let explained = try suggest(db, ["--since", "12h", "--explain"], stdin: listing)
      #expect(explained.status == 0 && explained.stdout.isEmpty)
      #expect(explained.stderr.hasPrefix("rk-cache: nothing read since "), "\(explained.stderr)")
      #expect(explained.stderr.split(separator: "\n").count == 1)
      // A date in the future: nothing can have been read since.
      let future = try suggest(db, ["--since", "2999-01-01"], stdin: listing)
      #expect(future.status == 0 && future.stdout.isEmpty)
    }
  }

  @Test func aMalformedLineIsNamedAndExits65AfterTheSuggestions() async throws {
    try await withLibrary { db, listing, _ in
      let lines = listing.split(separator: "\n").map(String.init)
      let broken = ([lines[0], "{\"kind\":\"bookmark\",\"id\":"] + lines.dropFirst()).joined(separator: "\n") + "\n"
      let result = try suggest(db, ["--limit", "1"], stdin: broken)
      #expect(result.status == 65)
      #expect(result.stdout == Self.ids(["sboth"]))
      #expect(result.stderr.contains("<stdin>:2: not a JSON object"), "\(result.stderr)")
    }
  }

  @Test func aMissingStoreIsRefused() async throws {
    let folder = TemporaryFolder.path("rk-suggest-missing")
    defer { TemporaryFolder.remove(folder) }
    let missing = try run("rk-cache", ["suggest", "--db", folder + "/none.sqlite"])
    #expect(missing.status == 66, "\(missing.stderr)")
  }

  @Test(.needsMake) func aSyncWithPrefetchCachesTheTwoBestBesidesTheNewest() async throws {
    try await withLibrary { db, _, fake in
      let result = try run(
        "/usr/bin/make",
        [
          "-s", "-f", ReadkeepMakefileTests.makefile, "sync", "RK_BIN=\(binaries.path)", "DB=\(db)", "LIMIT=2",
          "PREFETCH=2",
        ],
        environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": Self.token])
      #expect(result.status == 0, "\(result.stderr)")
      let stored = try run("rk-cache", ["ids", "--db", db])
      #expect(stored.status == 0)
      let cached = Set(stored.stdout.split(separator: "\n").map(String.init))
      let expected = Set(
        ["freshone", "freshtwo", "sboth", "swiftnew", "readone", "readtwo", "readold", "cachedunread"].map(Self.id))
      #expect(cached == expected)
    }
  }
}
