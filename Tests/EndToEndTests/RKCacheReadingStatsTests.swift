import Foundation
import OfflineStore
import ReadeckFake
import TestSupport
import Testing
import Wire

/// `rk-cache stats --reading` on a store whose reading record was made step by step at known
/// times, read offline (`mark`) and online (a sync's bookmark), every figure worked out by hand.
@Suite(.serialized) struct RKCacheReadingStatsTests {
  /// A moment in November 2026, UTC.
  static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
    let november: Double = 1_793_491_200  // 2026-11-01T00:00:00Z
    let seconds: Int = ((day - 1) * 24 + hour) * 3600 + minute * 60
    return Date(timeIntervalSince1970: november + Double(seconds))
  }

  /// Four articles cached on 31 October at progress 0, then read:
  ///
  /// | when (UTC)     | article | side    | progress | minutes                          |
  /// |----------------|---------|---------|----------|----------------------------------|
  /// | 11-01 10:00    | alpha   | offline | 0 → 50   | 10 × 50 % = 5                    |
  /// | 11-02 09:00    | bravo   | online  | 0 → 25   | 20 × 25 % = 5                    |
  /// | 11-02 23:30    | bravo   | online  | 25 → 100 | 20 × 75 % = 15 (11-03 in Berlin) |
  /// | 11-03 12:00    | charlie | offline | 0 → 30   | 1000 words / 200 × 30 % = 1.5    |
  /// | 11-03 13:00    | alpha   | offline | 50 → 40  | down: 0                          |
  /// | 11-04 08:00    | charlie | offline | 30 → 100 | 5 × 70 % = 3.5                   |
  /// | 11-04 09:00-20 | delta   | offline | 0 → 30   | 1 × 10 % three times = 0.3       |
  static func makeStore(at path: String) throws {
    let store = try OfflineStore(path: path, creating: true)
    let articles:
      [(id: String, title: String, minutes: Int?, words: Int?, labels: [String], site: String, authors: [String])] = [
        ("alpha", "Alpha & <Omega>", 10, nil, ["rust"], "rust.example", ["Ann"]),
        ("bravo", "Bravo", 20, nil, ["rust", "go"], "go.example", ["Bob", "Ann"]),
        ("charlie", "Charlie", nil, 1000, [], "words.example", []),
        ("delta", "Delta", 1, nil, ["go"], "go.example", ["Bob"]),
      ]
    for item in articles {
      var bookmark: JSONObject = [
        "id": .string(item.id), "title": .string(item.title), "site": .string(item.site),
        "url": .string("https://\(item.site)/\(item.id)"), "labels": .array(item.labels.map(JSONValue.string)),
        "authors": .array(item.authors.map(JSONValue.string)), "read_progress": 0,
      ]
      bookmark["reading_time"] = item.minutes.map { .integer(Int64($0)) }
      bookmark["word_count"] = item.words.map { .integer(Int64($0)) }
      let article = Article(id: item.id, bookmark: bookmark, html: "<p>\(item.id)</p>", fetchedAt: at(0, 12))
      try store.store(article, now: at(0, 12))
    }
    func offline(_ id: String, _ progress: Int, _ date: Date) throws {
      #expect(try store.mark(ids: [id], BookmarkEdit(progress: progress), now: date).isEmpty)
    }
    func online(_ id: String, _ progress: Int, _ date: Date) throws {
      var bookmark = try #require(try store.article(id: id)).bookmark
      bookmark["read_progress"] = .integer(Int64(progress))
      #expect(try store.updateMetadata(BookmarkRecord(id: id, bookmark: bookmark, fetchedAt: date), now: date))
    }
    try offline("alpha", 50, at(1, 10))
    try online("bravo", 25, at(2, 9))
    try online("bravo", 100, at(2, 23, 30))
    try offline("charlie", 30, at(3, 12))
    try offline("alpha", 40, at(3, 13))
    try offline("charlie", 100, at(4, 8))
    try offline("delta", 10, at(4, 9))
    try offline("delta", 20, at(4, 9, 10))
    try offline("delta", 30, at(4, 9, 20))
  }

  private func withStore(_ body: (_ db: String, _ folder: String) async throws -> Void) async throws {
    let folder = TemporaryFolder.path("rk-reading-stats")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    try Self.makeStore(at: db)
    try await body(db, folder)
  }

  /// The one `reading_stats` record of a run, which must exit 0 and write nothing else.
  private func record(_ arguments: [String], environment: [String: String] = ["TZ": "UTC"]) throws -> JSONValue? {
    let result = try run(
      "rk-cache", ["stats", "--reading", "--format", "ndjson"] + arguments, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.records.count == 1, "\(result.stdout)")
    return result.records(kind: "reading_stats").first
  }

  /// A number of a record as JSON writes it (`20`, `0.3`); `?` for anything else.
  private static func figure(_ value: JSONValue?) -> String {
    switch value {
    case .integer(let integer): "\(integer)"
    case .number(let number): "\(number)"
    default: "?"
    }
  }

  /// `name minutes` for each of a record's `labels`, `sites` or `authors`.
  private static func shares(_ record: JSONValue?, _ list: String) -> [String] {
    (record?[list]?.arrayValue ?? []).map { share in
      "\(share[String(list.dropLast())]?.stringValue ?? "?") \(figure(share["minutes"]))"
    }
  }

  /// `date offline online` for each of a record's days.
  private static func days(_ record: JSONValue?) -> [String] {
    (record?["days"]?.arrayValue ?? []).map {
      "\($0["date"]?.stringValue ?? "?") \(figure($0["offline"])) \(figure($0["online"]))"
    }
  }

  @Test func theRecordHoldsEveryFigureOnceRoundedToHundredths() async throws {
    try await withStore { db, _ in
      let record = try #require(try record(["--db", db]))
      #expect(record["since"] == .null)
      // Offline 5 + 1.5 + 3.5 + 0.1 × 3; online 5 + 15.
      #expect(record["minutes_offline"] == 10.3)
      #expect(record["minutes_online"] == 20)
      let articles = (record["articles"]?.arrayValue ?? []).map { article in
        [
          article["id"]?.stringValue ?? "", article["title"]?.stringValue ?? "", Self.figure(article["minutes"]),
          Self.figure(article["offline_minutes"]), Self.figure(article["online_minutes"]),
          Self.figure(article["progress"]),
        ].joined(separator: "|")
      }
      // Most read first; alpha and charlie tie at 5 and go by id. Alpha went back to 40.
      #expect(
        articles == [
          "bravo|Bravo|20|0|20|100", "alpha|Alpha & <Omega>|5|5|0|40", "charlie|Charlie|5|5|0|100",
          "delta|Delta|0.3|0.3|0|30",
        ])
      // A step counts for every label and author of its article.
      #expect(Self.shares(record, "labels") == ["rust 25", "go 20.3"])
      #expect(Self.shares(record, "sites") == ["go.example 20.3", "rust.example 5", "words.example 5"])
      #expect(Self.shares(record, "authors") == ["Ann 25", "Bob 20.3"])
      let days = Self.days(record)
      // 3.5 + 0.1 + 0.1 + 0.1 is 3.8000000000000003 in floating point.
      #expect(days == ["2026-11-01 5 0", "2026-11-02 0 20", "2026-11-03 1.5 0", "2026-11-04 3.8 0"])
      let line = try run("rk-cache", ["stats", "--db", db, "--reading", "--format", "ndjson"]).stdout
      #expect(!line.contains("0000000"), "no float noise: \(line)")
      #expect(line.split(separator: "\n").count == 1)
    }
  }

  @Test func daysAreCutInTheLocalTimeZone() async throws {
    try await withStore { db, _ in
      // 23:30 UTC on 2 November is half past midnight on the 3rd in Berlin (UTC+1 in November).
      let record = try #require(try record(["--db", db], environment: ["TZ": "Europe/Berlin"]))
      #expect(Self.days(record) == ["2026-11-01 5 0", "2026-11-02 0 5", "2026-11-03 1.5 15", "2026-11-04 3.8 0"])
    }
  }

  @Test func sinceCutsByDateByTimeAndByAge() async throws {
    try await withStore { db, _ in
      // From midnight UTC on the 3rd: charlie's and delta's steps only.
      let fromDay = try #require(try record(["--db", db, "--since", "2026-11-03"]))
      #expect(fromDay["since"]?.stringValue == "2026-11-03T00:00:00Z")
      #expect(fromDay["minutes_offline"] == 5.3 && fromDay["minutes_online"] == 0)
      #expect((fromDay["articles"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue } == ["charlie", "delta"])
      #expect(Self.shares(fromDay, "labels") == ["go 0.3"])
      // Berlin's midnight of the 3rd is 23:00 UTC on the 2nd: bravo's 15 minutes at 23:30 count.
      let berlin = try #require(
        try record(["--db", db, "--since", "2026-11-03"], environment: ["TZ": "Europe/Berlin"]))
      #expect(berlin["since"]?.stringValue == "2026-11-02T23:00:00Z")
      #expect(berlin["minutes_online"] == 15 && berlin["minutes_offline"] == 5.3)
      // An RFC 3339 time: from noon on the 2nd, bravo's second step and what follows.
      let fromTime = try #require(try record(["--db", db, "--since", "2026-11-02T12:00:00Z"]))
      #expect(fromTime["minutes_online"] == 15 && fromTime["minutes_offline"] == 5.3)
      // An age reaches back from now, after every step of 2026: nothing.
      let recent = try #require(try record(["--db", db, "--since", "1h"]))
      #expect(recent["minutes_offline"] == 0 && recent["articles"]?.arrayValue?.isEmpty == true)
      #expect(recent["days"]?.arrayValue?.isEmpty == true)
      let table = try run("rk-cache", ["stats", "--db", db, "--reading", "--since", "1h"])
      #expect(table.status == 0)
      #expect(table.stdout.hasPrefix("nothing read since ") && table.stdout.split(separator: "\n").count == 1)
    }
  }

  @Test func theTableShowsTheTotalsABarForEachDayAndTheTopLists() async throws {
    try await withStore { db, _ in
      let result = try run("rk-cache", ["stats", "--db", db, "--reading"], environment: ["TZ": "UTC"])
      #expect(result.status == 0, "\(result.stderr)")
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines.first == "30.3 min read: 10.3 min offline, 20 min online")
      // The widest day (20 minutes) fills 40 columns; the others in proportion, 3.8 rounded to 8.
      func bar(_ date: String, offline: Int, online: Int, _ minutes: String) -> String {
        date + "  " + String(repeating: "█", count: offline) + String(repeating: "▒", count: online)
          + String(repeating: " ", count: 40 - offline - online) + "  " + minutes
      }
      for row in [
        bar("2026-11-01", offline: 10, online: 0, "5 min"), bar("2026-11-02", offline: 0, online: 40, "20 min"),
        bar("2026-11-03", offline: 3, online: 0, "1.5 min"), bar("2026-11-04", offline: 8, online: 0, "3.8 min"),
      ] {
        #expect(lines.contains(row), "no row \(row) in\n\(result.stdout)")
      }
      #expect(lines.contains("█ read offline, ▒ read online"))
      #expect(
        lines.contains { $0.hasPrefix("20 min   0 min    20 min  100%") && $0.hasSuffix("bravo    Bravo") },
        "\(result.stdout)")
      #expect(lines.contains { $0.hasPrefix("MINUTES") && $0.hasSuffix("AUTHOR") })
      #expect(lines.contains("20.3 min  go.example"))
    }
  }

  @Test func theTableIsGermanUnderAGermanLocaleAndTheRecordIsNot() async throws {
    try await withStore { db, _ in
      let german = ["LANG": "de_DE.UTF-8", "TZ": "UTC"]
      let result = try run("rk-cache", ["stats", "--db", db, "--reading"], environment: german)
      #expect(result.status == 0, "\(result.stderr)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first == "30,3 Min. gelesen: 10,3 Min. offline, 20 Min. online", "\(result.stdout)")
      #expect(lines.contains("█ offline gelesen, ▒ online gelesen"), "\(result.stdout)")
      #expect(
        lines.contains { $0.hasPrefix("04.11.2026  ████████ ") && $0.hasSuffix("  3,8 Min.") }, "\(result.stdout)")
      #expect(lines.contains { $0.hasPrefix("MINUTEN") && $0.hasSuffix("TITEL") }, "\(result.stdout)")
      let since = try run("rk-cache", ["stats", "--db", db, "--reading", "--since", "1h"], environment: german)
      #expect(since.stdout.hasPrefix("seit "), "\(since.stdout)")
      let record = try run("rk-cache", ["stats", "--db", db, "--reading", "--format", "ndjson"], environment: german)
      let english = try run(
        "rk-cache", ["stats", "--db", db, "--reading", "--format", "ndjson"], environment: ["TZ": "UTC"])
      #expect(record.stdout == english.stdout)
    }
  }

  @Test func theStoreStatsShowStoragePerLabelAndSite() async throws {
    try await withStore { db, _ in
      // Each article's HTML is "<p>ID</p>": alpha 12 bytes, bravo 12, charlie 14, delta 12.
      let json = try run("rk-cache", ["stats", "--db", db, "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      let stats = try #require(json.records.first)
      let labels = (stats["labels"]?.arrayValue ?? []).map {
        "\($0["label"]?.stringValue ?? "") \(Self.figure($0["count"])) \(Self.figure($0["bytes"]))"
      }
      // Equal in size and count: by name.
      #expect(labels == ["go 2 24", "rust 2 24"])
      let sites = (stats["sites"]?.arrayValue ?? []).map {
        "\($0["site"]?.stringValue ?? "") \(Self.figure($0["count"])) \(Self.figure($0["bytes"]))"
      }
      #expect(sites == ["go.example 2 24", "words.example 1 14", "rust.example 1 12"])
      let text = try run("rk-cache", ["stats", "--db", db])
      #expect(text.stdout.contains("by label:\n  24 B  2 articles  go\n  24 B  2 articles  rust\n"), "\(text.stdout)")
      #expect(text.stdout.contains("by site:\n  24 B  2 articles  go.example\n"), "\(text.stdout)")
    }
  }

  @Test(.needsChromium) func thePageLoadsInChromiumAndRequestsNothing() async throws {
    try await withStore { db, folder in
      let page = folder + "/reading.html"
      let result = try run(
        "rk-cache", ["stats", "--db", db, "--reading", "--format", "html"], environment: ["TZ": "UTC"])
      #expect(result.status == 0, "\(result.stderr)")
      try result.stdout.write(toFile: page, atomically: true, encoding: .utf8)
      let html = result.stdout
      #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
      #expect(html.contains("Content-Security-Policy"))
      // The store's text is escaped; nothing refers outside, not even a namespace URL.
      #expect(html.contains("Alpha &amp; &lt;Omega&gt;") && !html.contains("<Omega>"))
      #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("//"))
      // One group per day: three with an offline bar, one with an online bar, each with its tooltip.
      #expect(html.components(separatedBy: "<rect class=\"offline\"").count - 1 == 3)
      #expect(html.components(separatedBy: "<rect class=\"online\"").count - 1 == 1)
      #expect(html.contains("<title>2026-11-02: 0 min offline, 20 min online</title>"))
      let german = try run(
        "rk-cache", ["stats", "--db", db, "--reading", "--format", "html"],
        environment: ["TZ": "UTC", "LANG": "de_DE.UTF-8"])
      #expect(german.stdout.contains("<html lang=\"de\">"))

      try await withReadeck([], token: RKCachePageBrowserTests.token) { fake in
        let before = fake.requests.count
        let log = folder + "/net-log.json"
        let dom = try RKCachePageBrowserTests.chromium(
          ["--log-net-log=\(log)", "--dump-dom", "file://\(page)"], proxy: fake.baseURL, folder: folder)
        #expect(dom.status == 0, "\(dom.stderr)")
        // Parsed as written: the chart and the tables are in the document Chromium built.
        #expect(dom.stdout.contains("<svg") && dom.stdout.contains("</svg>"), "\(dom.stdout)")
        #expect(dom.stdout.contains("<td>Alpha &amp; &lt;Omega&gt;</td>"), "\(dom.stdout)")
        #expect(dom.stdout.contains("<td>go.example</td>"))
        let requested = try RKCachePageBrowserTests.requestedURLs(inNetLog: log).filter { url in
          !(url.hasPrefix("file:") || url.hasPrefix("data:") || RKCachePageBrowserTests.isChromiumsOwn(url))
        }
        #expect(requested.isEmpty, "the page requested \(requested.sorted())")
        let received = fake.requests.dropFirst(before).filter { request in
          let target = request.method == "CONNECT" ? request.path : (request.header("Host") ?? "")
          return !RKCachePageBrowserTests.isChromiumsOwn("https://" + target)
        }
        #expect(received.isEmpty, "the recording server received \(received.map(\.path))")
      }
    }
  }
}
