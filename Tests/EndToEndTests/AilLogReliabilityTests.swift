import Foundation
import GRDB
import Testing
import Wire

/// ail-log killed mid-import and run side by side: the store stays whole and unlocked.
@Suite struct AilLogReliabilityTests {
  typealias Place = AilLogTests.Place

  /// Mail records whose every field says which record it is, so a half-written entry shows.
  static func mails(_ count: Int) -> String {
    (0..<count).map { index in
      #"{"kind":"mail","message_id":"m\#(index)@x","to":[],"cc":[],"reply_to":[],"subject":"Mail \#(index)","#
        + #""text":"Body \#(index) word\#(index)","has_html":false,"attachments":[],"warnings":[]}"#
    }.joined(separator: "\n") + "\n"
  }

  /// Starts `ail-log add --records` on the file, standard output and error discarded.
  func startImport(_ input: String, db: String) throws -> Process {
    let process = Process()
    process.executableURL = binaries.appendingPathComponent("ail-log")
    process.arguments = ["add", "--records", "--category", "Mail", "--db", db]
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    process.standardInput = FileHandle(forReadingAtPath: input)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// integrity_check is ok, the index has a row per entry, and each entry is whole: its title,
  /// content, tags, category and source all belong to the same record.
  func expectWhole(_ db: String) throws -> Int {
    let queue = try DatabaseQueue(path: db)
    return try queue.read { db in
      #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
      // Killed after making the file and before its tables: the next run migrates it.
      guard try db.tableExists("entry") else { return 0 }
      let rows = try Row.fetchAll(db, sql: "SELECT title, content, tags, category, source FROM entry")
      #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entry_fts") == rows.count)
      for row in rows {
        let number = String((row["title"] as String).dropFirst("Mail ".count))
        #expect(row["content"] as String == "Body \(number) word\(number)")
        #expect(row["tags"] as String == #"["mail"]"#)
        #expect(row["category"] as String == "Mail")
        #expect((row["source"] as String).contains("\"m\(number)@x\""))
      }
      return rows.count
    }
  }

  @Test func killedAtTwentyRandomPointsOfAnImportTheStoreHoldsOnlyWholeEntries() throws {
    let place = try Place()
    defer { place.remove() }
    let input = place.folder + "/mails.ndjson"
    try Self.mails(2000).write(toFile: input, atomically: true, encoding: .utf8)
    // How long a whole import takes here, to spread the kills over it (a measure, not a check).
    let started = Date()
    let whole = try startImport(input, db: place.folder + "/whole.sqlite")
    whole.waitUntilExit()
    #expect(whole.terminationStatus == 0)
    let seconds = max(Date().timeIntervalSince(started), 0.2)
    #expect(try expectWhole(place.folder + "/whole.sqlite") == 2000)

    var generator = SystemRandomNumberGenerator()
    var partial: [Int] = []
    for round in 0..<20 {
      let db = place.folder + "/killed-\(round).sqlite"
      let process = try startImport(input, db: db)
      usleep(UInt32(Double.random(in: 0.02...0.9, using: &generator) * seconds * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      guard FileManager.default.fileExists(atPath: db) else { continue }  // killed before it made one
      partial.append(try expectWhole(db))
      // A second run files the rest and nothing twice.
      let rest = try startImport(input, db: db)
      rest.waitUntilExit()
      #expect(rest.terminationStatus == 0)
      #expect(try expectWhole(db) == 2000)
    }
    #expect(partial.contains { $0 > 0 && $0 < 2000 }, "no kill landed inside the import: \(partial)")
  }

  @Test func addEditAndSearchSideBySideFinishWithoutLockErrors() throws {
    let place = try Place()
    defer { place.remove() }
    let seed = try run("ail-log", ["add", "word", "--title", "seed", "--db", place.db])
    let id = seed.records.first?["id"]?.stringValue ?? ""
    let results = LockedResults()
    let threads = (0..<6).map { worker in
      Thread {
        for round in 0..<8 {
          let arguments: [String] =
            switch worker % 3 {
            case 0: ["add", "word \(worker) \(round)", "--title", "w\(worker)r\(round)", "--tag", "t\(round)"]
            case 1: ["edit", id, "--content", "word from \(worker) \(round)", "--add-tag", "e\(worker)"]
            default: ["search", "word"]
            }
          let result = try? run("ail-log", arguments + ["--db", place.db])
          results.append(result)
        }
      }
    }
    for thread in threads { thread.start() }
    while threads.contains(where: { !$0.isFinished }) || results.count < 48 { usleep(10_000) }
    for result in results.all {
      #expect(result?.status == 0, "\(result?.stderr ?? "did not run")")
      #expect(result?.stderr.contains("locked") == false)
    }
    #expect(try run("ail-log", ["list", "--db", place.db]).records.count == 1 + 2 * 8)
    #expect(try run("ail-log", ["history", id, "--db", place.db]).records.count == 2 * 8)
  }
}

/// Results gathered from several threads.
final class LockedResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [ToolRun?] = []
  func append(_ result: ToolRun?) { lock.withLock { results.append(result) } }
  var count: Int { lock.withLock { results.count } }
  var all: [ToolRun?] { lock.withLock { results } }
}
