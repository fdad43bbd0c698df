import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing
import Wire

@testable import OfflineStore

/// The store under `kill -9` and under concurrent tools, with real processes on real files.
@Suite(.serialized) struct StoreReliabilityTests {
  static let count = 100

  /// `count` article lines of ~20 kB whose text carries `marker`; every article embeds one of
  /// a few images, shared between articles, and one image of its own.
  private func articles(_ marker: String) -> (lines: Data, html: [String: String]) {
    var lines = Data()
    var html: [String: String] = [:]
    for n in 0..<Self.count {
      let shared = Data((0..<600).map { UInt8(($0 * 7 + n % 5) & 0xff) }).base64EncodedString()
      let own = Data((0..<300).map { UInt8(($0 + n) & 0xff) } + Array("\(marker)\(n)".utf8)).base64EncodedString()
      let paragraph =
        "<p>\(marker) article \(n) " + String(repeating: "lorem ipsum dolor sit amet ", count: 60) + "</p>"
      let body =
        "<h1>Article \(n)</h1>" + String(repeating: paragraph, count: 12)
        + "<img src=\"data:image/png;base64,\(shared)\"><img src=\"data:image/gif;base64,\(own)\">"
      let id = "art\(n)"
      html[id] = body
      let record: JSONValue = [
        "kind": "article", "id": .string(id), "bookmark": ["id": .string(id), "title": .string("Article \(n)")],
        "html": .string(body), "fetched_at": "2026-11-22T00:00:00Z",
      ]
      lines.append(contentsOf: try! WireCoding.line(record))
    }
    return (lines, html)
  }

  /// Starts a built tool reading `stdin` from a file, output discarded.
  private func spawn(_ tool: String, _ arguments: [String], stdin: String) throws -> Process {
    let process = Process()
    process.executableURL = binaries.appendingPathComponent(tool)
    process.arguments = arguments
    process.standardInput = FileHandle(forReadingAtPath: stdin)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Checks the store file the way a reader after a crash finds it: intact, every article
  /// whole (its HTML exactly one of the versions written, the index and image counts matching).
  private func checkWhole(_ path: String, versions: [[String: String]], markers: [String]) throws -> Int {
    // A store killed before it made its file holds nothing, which is whole too.
    let store = try OfflineStore(path: path, creating: true)
    try store.database.read { db in
      #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
      #expect(
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article")
          == Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article_fts"))
      let wrongRefs = try Int.fetchOne(
        db,
        sql: "SELECT COUNT(*) FROM blob b WHERE refs != (SELECT COUNT(*) FROM article_blob l WHERE l.sha256 = b.sha256)"
      )
      #expect(wrongRefs == 0)
    }
    let ids = try store.ids()
    var byVersion = [Set<String>](repeating: [], count: versions.count)
    for id in ids {
      let html = try store.html(id: id, touch: false)
      let version = versions.firstIndex { $0[id] == html }
      #expect(version != nil, "article \(id) is not one whole version")
      if let version { byVersion[version].insert(id) }
    }
    for (version, marker) in markers.enumerated() {
      #expect(Set(try store.search(marker, limit: Self.count).map(\.id)) == byVersion[version], "index of \(marker)")
    }
    return ids.count
  }

  @Test func killingStoreAtRandomPointsLeavesOnlyWholeArticles() throws {
    let folder = TemporaryFolder.path("rk-kill")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let (first, firstHTML) = articles("versionone")
    let (second, secondHTML) = articles("versiontwo")
    try first.write(to: URL(fileURLWithPath: folder + "/first.ndjson"))
    try second.write(to: URL(fileURLWithPath: folder + "/second.ndjson"))

    // How long a whole import takes here, so that the kills land anywhere inside one.
    let started = Date()
    let whole = try spawn("rk-cache", ["store", "--db", folder + "/timing.sqlite"], stdin: folder + "/first.ndjson")
    whole.waitUntilExit()
    let duration = Date().timeIntervalSince(started)
    #expect(whole.terminationStatus == 0)

    var interrupted = 0
    var db = ""
    for round in 0..<20 {
      // Even rounds import into a new file; odd ones overwrite the previous round's articles
      // with their second version, so a kill can land in the middle of an update too.
      if round % 2 == 0 { db = folder + "/kill-\(round).sqlite" }
      let input = folder + (round % 2 == 0 ? "/first.ndjson" : "/second.ndjson")
      let process = try spawn("rk-cache", ["store", "--db", db], stdin: input)
      // Anywhere in the first 60 %: the timing run may have been slowed by other tests.
      let delay = Double.random(in: 0.005...max(0.01, duration * 0.6))
      usleep(useconds_t(delay * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if process.terminationReason == .uncaughtSignal { interrupted += 1 }
      _ = try checkWhole(db, versions: [firstHTML, secondHTML], markers: ["versionone", "versiontwo"])
    }
    // Most kills must have hit an import in progress, or the test proves nothing.
    #expect(
      interrupted >= 15, "only \(interrupted) of 20 kills interrupted an import (a whole import takes \(duration) s)")

    // A killed store's file takes the rest of the import.
    let resumed = try spawn("rk-cache", ["store", "--db", db], stdin: folder + "/second.ndjson")
    resumed.waitUntilExit()
    #expect(
      try checkWhole(db, versions: [firstHTML, secondHTML], markers: ["versionone", "versiontwo"]) == Self.count)
  }

  @Test func storePruneAndListRunTogetherWithoutLockErrors() throws {
    let folder = TemporaryFolder.path("rk-concurrent")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let (lines, _) = articles("concurrent")
    try lines.write(to: URL(fileURLWithPath: folder + "/articles.ndjson"))
    let input = String(decoding: lines, as: UTF8.self)
    // The store exists before the readers start: they never create one.
    #expect(try run("rk-cache", ["store", "--db", db]).status == 0)

    // Three writers and readers at once, each several times over.
    let results = Mutex<[ToolRun]>([])
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      for _ in 0..<4 {
        let result: ToolRun? =
          switch worker {
          case 0: try? run("rk-cache", ["store", "--db", db], stdin: input)
          case 1: try? run("rk-prune", ["--db", db, "--keep", "50"])
          default: try? run("rk-cache", ["list", "--db", db, "--format", "table"])
          }
        if let result { results.withLock { $0.append(result) } }
      }
    }
    let runs = results.withLock { $0 }
    #expect(runs.count == 12)
    for result in runs {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("locked"), "\(result.stderr)")
    }
    let store = try OfflineStore(path: db)
    #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
  }

  @Test func toolsStartedTogetherOnANewStoreAllOpenIt() throws {
    let folder = TemporaryFolder.path("rk-first-open")
    defer { TemporaryFolder.remove(folder) }
    // Each round a new file that four tools create, migrate and use at the same moment, while
    // readers find either no store yet (66) or a whole one.
    for round in 0..<16 {
      let db = folder + "/\(round)/cache.sqlite"
      let results = Mutex<[(creator: Bool, run: ToolRun)]>([])
      DispatchQueue.concurrentPerform(iterations: 6) { worker in
        let creator = worker < 4
        let result =
          creator
          ? try? run("rk-cache", ["store", "--db", db])
          : try? run(
            worker == 4 ? "rk-cache" : "rk-prune", worker == 4 ? ["ids", "--db", db] : ["--db", db, "--keep", "1"])
        if let result { results.withLock { $0.append((creator, result)) } }
      }
      for (creator, result) in results.withLock({ $0 }) {
        #expect(result.status == 0 || (!creator && result.status == 66), "round \(round): \(result.stderr)")
      }
    }
  }
}
