import Foundation
import TestSupport
import Testing
import Wire

/// NUL bytes (U+0000) are never silently cut: rk-cache keeps an article whole; ail-log refuses a
/// note holding one with status 65, naming where, and writes nothing.
@Suite struct NulCharacterTests {
  @Test func rkCacheKeepsAnArticleWithU0000WholeAndFindsTheWordsAfterIt() throws {
    let folder = TemporaryFolder.path("rk-nul")
    defer { TemporaryFolder.remove(folder) }
    let db = folder + "/cache.sqlite"
    let line =
      #"{"kind":"article","id":"a1","bookmark":{"title":"Head\u0000tail"},"html":"<p>before\u0000after zebra</p>","fetched_at":"2026-11-22T00:00:00Z"}"#
    let stored = try run("rk-cache", ["store", "--db", db], stdin: line + "\n")
    #expect(stored.status == 0, "\(stored.stderr)")
    let html = try run("rk-cache", ["html", "a1", "--db", db])
    #expect(html.stdout == "<p>before\u{0}after zebra</p>", "\(html.stdout.debugDescription)")
    let found = try run("rk-cache", ["search", "zebra", "--db", db])
    #expect(found.records.map { $0["id"]?.stringValue } == ["a1"], "\(found.stdout)")
    let byTitle = try run("rk-cache", ["search", "tail", "--db", db])
    #expect(byTitle.records.map { $0["id"]?.stringValue } == ["a1"], "\(byTitle.stdout)")
  }

  @Test func ailLogRefusesANoteHoldingU0000NamingTheLine() throws {
    let place = try AilLogTests.Place()
    defer { place.remove() }
    let added = try run(
      "ail-log", ["add", "-", "--title", "t", "--db", place.db], environment: AilLogTests.clock,
      stdinBytes: Data("first line\nbefore\u{0}after".utf8))
    #expect(added.status == 65, "\(added.status) \(added.stderr)")
    #expect(added.stderr.contains("standard input, line 2: a NUL character"), "\(added.stderr)")
    let listed = try run("ail-log", ["list", "--db", place.db], environment: AilLogTests.clock)
    #expect(listed.stdout.isEmpty, "\(listed.stdout)")
  }

  @Test func ailLogRejectsAFiledRecordHoldingU0000ByItsLineAndFilesTheOthers() throws {
    let place = try AilLogTests.Place()
    defer { place.remove() }
    func mail(_ id: String, _ text: String) -> String {
      #"{"kind":"mail","message_id":"\#(id)","to":[],"cc":[],"reply_to":[],"subject":"S \#(id)","text":"\#(text)","has_html":false,"attachments":[],"warnings":[]}"#
    }
    let filed = try run(
      "ail-log", ["add", "--records", "--db", place.db], environment: AilLogTests.clock,
      stdin: [mail("m1@x", "fine"), mail("m2@x", #"cut\u0000here"#)].joined(separator: "\n") + "\n")
    #expect(filed.status == 65, "\(filed.status) \(filed.stderr)")
    #expect(filed.stderr.contains(":2: the content's line 1: a NUL character"), "\(filed.stderr)")
    let listed = try run("ail-log", ["list", "--db", place.db], environment: AilLogTests.clock)
    #expect(listed.records.map { $0["title"]?.stringValue } == ["S m1@x"], "\(listed.stdout)")
  }

  @Test func ailLogImportRejectsAnEntryHoldingU0000ByItsLine() throws {
    let place = try AilLogTests.Place()
    defer { place.remove() }
    let file = place.folder + "/entries.ndjson"
    let entry =
      #"{"kind":"log_entry","id":"E1","title":"t","content":"a\u0000b","category":null,"tags":[],"created_at":"2026-11-01T00:00:00Z","updated_at":"2026-11-01T00:00:00Z"}"#
    try Data((entry + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let imported = try run("ail-log", ["import", file, "--db", place.db], environment: AilLogTests.clock)
    #expect(imported.status == 65, "\(imported.status) \(imported.stderr)")
    #expect(imported.stderr.contains(":1: the content's line 1: a NUL character"), "\(imported.stderr)")
  }
}
