import Foundation
import TestSupport
import Testing
import Wire

/// `rk-prune` against stores filled by `rk-cache store`.
@Suite struct RKPruneTests {
  static let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

  /// a1…a6 stored in that order (a1 cached first); a<n> holds n kB of text; a1 and a6 embed
  /// the same image.
  func withStore(_ body: (_ db: String, _ folder: String) throws -> Void) throws {
    let folder = TemporaryFolder.path("rk-prune-e2e")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let lines = (1...6).map { n in
      let image = n == 1 || n == 6 ? "<img src=\\\"data:image/png;base64,\(Self.png)\\\">" : ""
      let text = String(repeating: "word ", count: n * 200)
      return
        #"{"kind":"article","id":"a\#(n)","bookmark":{"title":"Title \#(n)"},"html":"<p>\#(text)</p>\#(image)","fetched_at":"2026-11-22T00:00:00Z"}"#
    }
    let stored = try run("rk-cache", ["store", "--db", db], stdin: lines.joined(separator: "\n") + "\n")
    #expect(stored.status == 0, "\(stored.stderr)")
    try body(db, folder)
  }

  private func ids(_ db: String) throws -> [String] {
    try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init).sorted()
  }

  @Test func keepRemovesTheOldestCachedAndReportsEach() throws {
    try withStore { db, _ in
      let dry = try run("rk-prune", ["--db", db, "--keep", "4", "--dry-run"])
      #expect(dry.status == 0, "\(dry.stderr)")
      #expect(dry.records(kind: "pruned").map { $0["id"]?.stringValue } == ["a1", "a2"])
      #expect(dry.stderr.hasPrefix("rk-prune: would prune 2 articles"))
      #expect(try ids(db).count == 6)

      let pruned = try run("rk-prune", ["--db", db, "--keep", "4"])
      #expect(pruned.status == 0, "\(pruned.stderr)")
      let records = pruned.records(kind: "pruned")
      #expect(records.map { $0["id"]?.stringValue } == ["a1", "a2"])
      #expect(records.map { $0["reason"]?.stringValue } == ["keep", "keep"])
      #expect(records.first?["title"]?.stringValue == "Title 1")
      #expect((records.first?["bytes"]?.intValue ?? 0) > 1000)
      #expect(pruned.stderr.hasPrefix("rk-prune: pruned 2 articles"))
      #expect(pruned.stderr.contains("4 left"))
      #expect(try ids(db) == ["a3", "a4", "a5", "a6"])
      // a6 still embeds the image a1 had.
      #expect(try run("rk-cache", ["html", "--db", db, "a6"]).stdout.contains(Self.png))
      #expect(try run("rk-cache", ["stats", "--db", db, "--json"]).records.first?["blobs"] == 1)
      #expect(try run("rk-prune", ["--db", db, "--keep", "4"]).stdout.isEmpty)
    }
  }

  @Test func sizeAgeAndStrategyCombine() throws {
    try withStore { db, _ in
      #expect(try run("rk-prune", ["--db", db, "--older-than", "1h"]).stdout.isEmpty)
      let entries = try run("rk-cache", ["list", "--db", db]).records(kind: "cache_entry")
      let total = entries.compactMap { $0["bytes"]?.intValue }.reduce(0, +)
      let largest = try run("rk-prune", ["--db", db, "--max-size", "\(total - 1)", "--strategy", "largest"])
      #expect(largest.records(kind: "pruned").map { $0["id"]?.stringValue } == ["a6"])
      #expect(largest.records(kind: "pruned").first?["reason"] == "max-size")
      #expect(try run("rk-cache", ["stats", "--db", db, "--json"]).records.first?["blobs"] == 1)

      // Read a2 and a3 so that lru drops a1, then a4; then keep 2 of the rest by size.
      _ = try run("rk-cache", ["html", "--db", db, "a2"])
      _ = try run("rk-cache", ["html", "--db", db, "a3"])
      let lru = try run("rk-prune", ["--db", db, "--keep", "3", "--strategy", "lru"])
      #expect(lru.records(kind: "pruned").map { $0["id"]?.stringValue } == ["a1", "a4"])
      #expect(try run("rk-cache", ["stats", "--db", db, "--json"]).records.first?["blobs"] == 0)
      let both = try run(
        "rk-prune", ["--db", db, "--keep", "2", "--max-size", "3.1kB", "--older-than", "30d", "--strategy", "lru"])
      #expect(
        both.records(kind: "pruned").map { "\($0["id"]!.stringValue!):\($0["reason"]!.stringValue!)" } == [
          "a5:keep", "a2:max-size",
        ])
      #expect(try ids(db) == ["a3"])
    }
  }

  @Test func limitsComeFromTheConfigFileWhenNotGiven() throws {
    try withStore { db, folder in
      let config = folder + "/config"
      try FileManager.default.createDirectory(atPath: config + "/readkeep", withIntermediateDirectories: true)
      try "keep = 100\n[rk-prune]\nkeep = 5\nstrategy = largest\n".write(
        toFile: config + "/readkeep/config", atomically: true, encoding: .utf8)
      let pruned = try run("rk-prune", ["--db", db], environment: ["XDG_CONFIG_HOME": config])
      #expect(pruned.status == 0, "\(pruned.stderr)")
      #expect(pruned.records(kind: "pruned").map { $0["id"]?.stringValue } == ["a6"])
      // The command line wins.
      #expect(
        try run(
          "rk-prune", ["--db", db, "--keep", "4", "--strategy", "fifo"], environment: ["XDG_CONFIG_HOME": config]
        )
        .records(kind: "pruned").map { $0["id"]?.stringValue } == ["a1"])

      try "[rk-prune]\nmax_size = lots\n".write(toFile: config + "/readkeep/config", atomically: true, encoding: .utf8)
      let bad = try run("rk-prune", ["--db", db], environment: ["XDG_CONFIG_HOME": config])
      #expect(bad.status == 78)
      #expect(bad.stderr.contains("config:2: max_size must be a size"))
    }
  }

  @Test func noLimitIsAUsageError() throws {
    try withStore { db, _ in
      let none = try run("rk-prune", ["--db", db])
      #expect(none.status == 64)
      #expect(none.stderr.contains("no limit"))
      #expect(try ids(db).count == 6)
    }
  }

  @Test func aPruneThatWouldEmptyTheStoreAsksForYesAndRemovesNothingWithout() throws {
    try withStore { db, _ in
      for limits in [["--keep", "0"], ["--max-size", "0"], ["--max-size", "1kB"]] {
        let refused = try run("rk-prune", ["--db", db] + limits)
        #expect(refused.status == 64, "\(limits): \(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("would remove every article in the store (6,"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"))
        #expect(try ids(db).count == 6, "\(limits) removed articles")
      }
      // What it would remove can still be seen without --yes.
      let dry = try run("rk-prune", ["--db", db, "--keep", "0", "--dry-run"])
      #expect(dry.status == 0 && dry.records(kind: "pruned").count == 6, "\(dry.stderr)")
      #expect(try ids(db).count == 6)
      // A prune that leaves one article needs nothing.
      #expect(try run("rk-prune", ["--db", db, "--keep", "1"]).records(kind: "pruned").count == 5)
      let emptied = try run("rk-prune", ["--db", db, "--keep", "0", "--yes"])
      #expect(emptied.status == 0, "\(emptied.stderr)")
      #expect(emptied.records(kind: "pruned").map { $0["id"]?.stringValue } == ["a6"])
      #expect(try ids(db).isEmpty)
      // An empty store has nothing to refuse.
      #expect(try run("rk-prune", ["--db", db, "--keep", "0"]).status == 0)
    }
  }
}
