import Foundation
import TestSupport
import Testing
import Wire

/// The stores on a file system that fills up, without root: `ulimit -f` makes every write past a
/// size fail (EFBIG, reported like ENOSPC), which is what SQLite meets on a full disk. Each tool
/// says so (74), keeps only whole records, leaves the store sound, and the next run, with room
/// again, completes.
@Suite struct FullDiskTests {
  let folder = TemporaryFolder.path("rk-full-disk")

  init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

  /// `tool` run with files limited to `kilobytes`, reading `stdin` from a file: a tool that stops
  /// early must not leave the test writing into a closed pipe.
  func limited(_ kilobytes: Int, _ tool: String, _ arguments: [String], stdin: String = "") throws -> ToolRun {
    let input = folder + "/input-" + UUID().uuidString
    try stdin.write(toFile: input, atomically: true, encoding: .utf8)
    defer { TemporaryFolder.remove(input) }
    // dash counts `ulimit -f` in blocks of 512 bytes.
    return try run(
      "/bin/sh",
      ["-c", "ulimit -f \(kilobytes * 2) && exec \"$0\" \"$@\" < \"\(input)\"", binaries.path + "/" + tool] + arguments)
  }

  func expectFullDiskReported(_ result: ToolRun, _ tool: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 74, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(
      result.stderr.contains("\(tool): error: the store ") && result.stderr.contains("is the disk full?"),
      "\(result.stderr)", sourceLocation: sourceLocation)
  }

  /// Articles of about 140 kB each.
  func articles(_ range: Range<Int>) -> String {
    range.map { index in
      let body = String(repeating: "word\(index) ", count: 20_000)
      return
        #"{"kind":"article","id":"a\#(index)","bookmark":{"id":"a\#(index)","title":"T\#(index)"},"html":"<p>\#(body)</p>","fetched_at":"2026-11-27T10:00:00Z"}"#
        + "\n"
    }.joined()
  }

  func ids(_ db: String) throws -> [String] {
    try run("rk-cache", ["ids", "--db", db]).stdout.split(separator: "\n").map(String.init)
  }

  @Test func rkCacheStoreKeepsWholeArticlesAndTheNextRunCompletes() throws {
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    #expect(try run("rk-cache", ["store", "--db", db], stdin: articles(0..<2)).status == 0)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int)

    let full = try limited(size / 1024 + 1500, "rk-cache", ["store", "--db", db], stdin: articles(2..<40))
    expectFullDiskReported(full, "rk-cache")
    let kept = try ids(db)
    #expect(kept.count >= 2 && kept.count < 40)
    for id in kept {
      let text = try run("rk-cache", ["text", "--db", db, id])
      #expect(text.status == 0 && text.stdout.contains("word\(id.dropFirst()) "), "\(id) is whole")
    }

    let again = try run("rk-cache", ["store", "--db", db], stdin: articles(0..<40))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(Set(try ids(db)) == Set((0..<40).map { "a\($0)" }))
  }

  @Test func rkCacheMarkQueuesNothingAndTheNextRunQueuesIt() throws {
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    #expect(try run("rk-cache", ["store", "--db", db], stdin: articles(0..<2)).status == 0)

    // Too little room for even the write-ahead log's first page.
    let full = try limited(4, "rk-cache", ["mark", "--db", db, "a0", "a1", "--archive"])
    expectFullDiskReported(full, "rk-cache")
    #expect(try run("rk-cache", ["pending", "--db", db]).stdout.isEmpty)
    #expect(try run("rk-cache", ["list", "--db", db]).records.allSatisfy { $0["archived"] != true })

    #expect(try run("rk-cache", ["mark", "--db", db, "a0", "a1", "--archive"]).status == 0)
    #expect(try run("rk-cache", ["pending", "--db", db]).records(kind: "change").count == 2)
  }

  /// Mail records of about 90 kB each, as `ail-mail parse` and `ail-ai` would give them.
  func notes(_ count: Int) -> String {
    (0..<count).map { index in
      let text = String(repeating: "note \(index) ", count: 2000)
      let summary = String(repeating: "summary \(index) ", count: 3000)
      return #"{"kind":"mail","id":"m\#(index)","text":"\#(text)","ai_text":"\#(summary)"}"# + "\n"
    }.joined()
  }

  func entries(_ db: String) throws -> Int { try run("ail-log", ["list", "--db", db]).records.count }

  @Test func ailLogAddRecordsFilesWholeEntriesAndTheNextRunFilesTheRestOnce() throws {
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/notes.sqlite"
    #expect(try run("ail-log", ["add", "--db", db, "--title", "first", "hello"]).status == 0)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int)

    let full = try limited(size / 1024 + 600, "ail-log", ["add", "--db", db, "--records"], stdin: notes(30))
    expectFullDiskReported(full, "ail-log")
    let kept = try entries(db)
    #expect(kept >= 1 && kept < 31)

    let again = try run("ail-log", ["add", "--db", db, "--records"], stdin: notes(30))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try entries(db) == 31, "each mail filed once")
  }

  @Test func ailLogImportKeepsWholeEntriesAndTheNextRunCompletes() throws {
    defer { TemporaryFolder.remove(folder) }
    let source = folder + "/source.sqlite"
    #expect(try run("ail-log", ["add", "--db", source, "--records"], stdin: notes(30)).status == 0)
    let export = try run("ail-log", ["export", "--db", source])
    try #require(export.status == 0, "\(export.stderr)")
    let file = folder + "/export.ndjson"
    try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)

    let db = folder + "/notes.sqlite"
    let full = try limited(1000, "ail-log", ["import", "--db", db, file])
    expectFullDiskReported(full, "ail-log")
    let kept = try entries(db)
    #expect(kept < 30)

    let again = try run("ail-log", ["import", "--db", db, file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try entries(db) == 30)
  }

  @Test func ailLogExportThatRunsOutOfRoomLeavesTheEarlierBackupWhole() throws {
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/notes.sqlite"
    let backup = folder + "/backup"
    #expect(try run("ail-log", ["add", "--db", db, "--records"], stdin: notes(20)).status == 0)
    #expect(try run("ail-log", ["export", "--db", db, "--to", backup]).status == 0)
    let earlier = try Data(contentsOf: URL(fileURLWithPath: backup + "/log.ndjson"))
    #expect(try run("ail-log", ["add", "--db", db, "--title", "later", "written after the backup"]).status == 0)

    let full = try limited(earlier.count / 1024 / 2, "ail-log", ["export", "--db", db, "--to", backup])
    #expect(full.status == 74, "\(full.stderr)")
    #expect(full.stderr.hasPrefix("ail-log: error: "), "\(full.stderr)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: backup + "/log.ndjson")) == earlier, "the earlier backup is whole")
    #expect(try FileManager.default.contentsOfDirectory(atPath: backup).sorted() == ["audio", "log.ndjson"])

    let again = try run("ail-log", ["export", "--db", db, "--to", backup])
    #expect(again.status == 0, "\(again.stderr)")
    let now = try String(contentsOfFile: backup + "/log.ndjson", encoding: .utf8)
    #expect(now.contains("written after the backup"))
  }
}
