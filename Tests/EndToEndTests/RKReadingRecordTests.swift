import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// The reading record through the real tools: reading offline (rk-cache mark), the push, and
/// reading on the phone (a PATCH to the server from another client, as Readeck's API takes it),
/// each seen by a `make sync`, add up to exact minutes in `rk-cache stats --reading`.
@Suite(.serialized) struct RKReadingRecordTests {
  /// 2,000 words: Readeck's reading time of 10 minutes.
  static let article = FakeBookmark(
    id: "ReadRecord1Xq7bKpW3mN", title: "Ten minutes", url: "https://blog.example.net/ten", created: Date(),
    labels: ["systems"], authors: ["Ada Lovelace"], wordCount: 2_000,
    articleHTML: "<p>" + String(repeating: "word ", count: 2_000) + "</p>")

  func make(_ fake: FakeReadeck, db: String) throws -> ToolRun {
    try run(
      "/usr/bin/make",
      ["-s", "-f", ReadkeepMakefileTests.makefile, "sync", "FORCE=1", "RK_BIN=\(binaries.path)", "DB=\(db)"],
      environment: ["READECK_URL": fake.baseURL, "READECK_TOKEN": ReadkeepMakefileTests.token])
  }

  func stats(_ db: String) throws -> JSONObject {
    let result = try run(
      "rk-cache", ["stats", "--db", db, "--reading", "--format", "ndjson"], environment: ["TZ": "UTC"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(result.records(kind: "reading_stats").first?.objectValue)
  }

  @Test(.needsMake, .needsCurl, .timeLimit(.minutes(3))) func minutesReadOfflineAndOnTheServerAreExact() async throws {
    let db = TemporaryFolder.path("reading-record") + ".sqlite"
    defer { TemporaryFolder.remove(db) }
    try await withReadeck([Self.article], token: ReadkeepMakefileTests.token) { fake in
      let id = Self.article.id
      let first = try make(fake, db: db)
      #expect(first.status == 0, "\(first.stderr)")
      #expect(try stats(db)["articles"] == [])

      // Half of it offline (5 minutes), pushed and seen back at the next sync: still 5.
      let marked = try run("rk-cache", ["mark", "--db", db, id, "--progress", "50"])
      #expect(marked.status == 0, "\(marked.stderr)")
      let pushed = try make(fake, db: db)
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(fake.bookmark(id: id)?.readProgress == 50)

      // On the phone, to 80 %: 3 minutes online, seen by the next sync.
      let phone = try run(
        "/usr/bin/curl",
        [
          "-sS", "-f", "-X", "PATCH", "-H", "Authorization: Bearer \(ReadkeepMakefileTests.token)",
          "-H", "Content-Type: application/json", "--data", #"{"read_progress":80}"#,
          fake.baseURL + "/api/bookmarks/" + id,
        ])
      #expect(phone.status == 0, "\(phone.stderr)")
      let followed = try make(fake, db: db)
      #expect(followed.status == 0, "\(followed.stderr)")
      let again = try make(fake, db: db)
      #expect(again.status == 0, "\(again.stderr)")

      let record = try stats(db)
      #expect(record["minutes_offline"] == 5)
      #expect(record["minutes_online"] == 3)
      #expect(
        record["articles"]
          == [
            [
              "id": .string(id), "title": "Ten minutes", "minutes": 8, "offline_minutes": 5, "online_minutes": 3,
              "progress": 80,
            ]
          ])
      #expect(record["labels"] == [["label": "systems", "minutes": 8]])
      #expect(record["sites"] == [["site": "blog.example.net", "minutes": 8]])
      #expect(record["authors"] == [["author": "Ada Lovelace", "minutes": 8]])
      // One day, or two when the test ran across midnight (UTC).
      let days = (record["days"]?.arrayValue ?? []).compactMap { $0.objectValue }
      #expect(!days.isEmpty)
      #expect(days.compactMap { $0["offline"]?.numberValue }.reduce(0, +) == 5)
      #expect(days.compactMap { $0["online"]?.numberValue }.reduce(0, +) == 3)
      let around = [Date().addingTimeInterval(-600), Date()].map(UTCDay.of)
      #expect(days.allSatisfy { around.contains($0["date"]?.stringValue ?? "") }, "\(days)")
    }
  }
}

/// `2026-12-06` in UTC, worked out apart from the store's own day.
enum UTCDay {
  static func of(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }
}
