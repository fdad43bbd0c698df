import Foundation
import GRDB
import NotesStore
import SQLiteStore
import TestSupport
import Testing
import Wire

/// The store on real SQLite files: entries, tags, reminders, search, versions, categories, recordings.
@Suite struct NoteLogTests {
  @Test func anEntryNeedsATitle() throws {
    try withStore { store, _ in
      #expect(throws: NoteLog.LogError.self) { try store.add(.init(title: "")) }
      #expect(throws: NoteLog.LogError.self) { try store.add(.init(title: "  \n")) }
      let entry = try #require(try store.add(.init(title: "x")))
      #expect(throws: NoteLog.LogError.self) { try store.edit(entry.id, .init(title: " ")) }
      #expect(try store.list().count == 1)
    }
  }

  @Test func tagsKeepTheirFirstSpellingOnce() throws {
    try withStore { store, _ in
      let entry = try #require(try store.add(.init(title: "t", tags: ["Work", "work", " Home ", "", "WORK", "home"])))
      #expect(entry.tags == ["Work", "Home"])
      #expect(try store.entry(entry.id).tags == ["Work", "Home"])
      let edited = try store.edit(entry.id, .init(addTags: ["HOME", "urgent"], removeTags: ["work"]))
      #expect(edited.tags == ["Home", "urgent"])
      #expect(try store.tags().map(\.name) == ["Home", "urgent"])
      #expect(try store.list(.init(tag: "URGENT")).map(\.id) == [entry.id])
    }
  }

  @Test func dueAndUpcomingSortByReminder() throws {
    try withStore { store, _ in
      let now = tuesdayMorning
      let late = try #require(try store.add(.init(title: "late", reminder: now.addingTimeInterval(-60)), now: now))
      let early = try #require(try store.add(.init(title: "early", reminder: now.addingTimeInterval(-3600)), now: now))
      let soon = try #require(try store.add(.init(title: "soon", reminder: now.addingTimeInterval(60)), now: now))
      let later = try #require(try store.add(.init(title: "later", reminder: now.addingTimeInterval(7200)), now: now))
      _ = try store.add(.init(title: "no reminder"), now: now)
      #expect(try store.list(.init(reminders: .due), now: now).map(\.id) == [early.id, late.id])
      #expect(try store.list(.init(reminders: .upcoming), now: now).map(\.id) == [soon.id, later.id])
      #expect(try store.list(now: now).count == 5)
      let cleared = try store.edit(soon.id, .init(reminder: .clear))
      #expect(cleared.reminder == nil)
      #expect(try store.list(.init(reminders: .upcoming), now: now).map(\.id) == [later.id])
    }
  }

  @Test func searchFoldsCaseAndDiacriticsAndMarksTheMatch() throws {
    try withStore { store, _ in
      let cafe = try #require(
        try store.add(.init(title: "Treffen", content: "Kaffee im Café Müller um drei.", tags: ["Privat"])))
      _ = try store.add(.init(title: "Other", content: "Nothing to see."))
      let hits = try store.search("cafe MULLER")
      #expect(hits.map(\.id) == [cafe.id])
      #expect(hits.first?.snippet.contains("[Café] [Müller]") == true, "\(hits.first?.snippet ?? "")")
      #expect(try store.search("privat").map(\.id) == [cafe.id], "tags are searched")
      #expect(try store.search("treff*").map(\.id) == [cafe.id], "a prefix")
      #expect(try store.search("don't").isEmpty, "punctuation is no syntax error")
      #expect(throws: StoreError.self) { try store.search("\"unterminated") }
      // The index follows an edit in the same transaction.
      _ = try store.edit(cafe.id, .init(content: "Tee im Teehaus."))
      #expect(try store.search("café").isEmpty)
      #expect(try store.search("teehaus").map(\.id) == [cafe.id])
    }
  }

  @Test func aChangedContentKeepsTheOldOneAndRevertPutsItBack() throws {
    try withStore { store, _ in
      let entry = try #require(try store.add(.init(title: "t", content: "first")))
      _ = try store.edit(entry.id, .init(content: "second"))
      _ = try store.edit(entry.id, .init(title: "same content", content: "second"))
      _ = try store.edit(entry.id, .init(content: "third"))
      #expect(try store.versions(entry.id).map(\.content) == ["first", "second"])
      #expect(try store.versions(entry.id).map(\.version) == [1, 2])
      #expect(try store.revert(entry.id).content == "second")
      #expect(try store.versions(entry.id).map(\.content) == ["first", "second", "third"], "nothing is lost")
      #expect(try store.revert(entry.id, to: 1).content == "first")
      #expect(throws: NoteLog.LogError.noSuchVersion(id: entry.id, version: 9)) { try store.revert(entry.id, to: 9) }
      #expect(try store.search("first").map(\.id) == [entry.id])
    }
  }

  @Test func idsCanBeShortened() throws {
    try withStore { store, _ in
      let entry = try #require(try store.add(.init(title: "t")))
      #expect(try store.entry(String(entry.id.prefix(8)).lowercased()).id == entry.id)
      #expect(throws: NoteLog.LogError.noSuchEntry("nope")) { try store.entry("nope") }
    }
  }

  @Test func aRecordingIsStoredOnceAndGoesWithItsLastEntry() throws {
    try withStore { store, folder in
      let memo = folder + "/memo.M4A"
      try Data("not really audio".utf8).write(to: URL(fileURLWithPath: memo))
      let first = try #require(try store.add(.init(title: "a", audio: try store.recordings.read(fileAt: memo))))
      let second = try #require(try store.add(.init(title: "b", audio: try store.recordings.read(fileAt: memo))))
      let name = try #require(first.audio)
      #expect(name.hasSuffix(".m4a") && name.count == 64 + 4)
      #expect(second.audio == name)
      let stored = try FileManager.default.contentsOfDirectory(atPath: store.recordings.folder)
      #expect(stored == [name])
      let path = try #require(try store.audioPath(first.id))
      #expect(FileManager.default.contents(atPath: path) == Data("not really audio".utf8))
      #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
      _ = try store.remove([first.id])
      #expect(FileManager.default.fileExists(atPath: path), "still used by the second entry")
      _ = try store.remove([second.id])
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func categoriesAreMadeRenamedColouredAndRemoved() throws {
    try withStore { store, _ in
      let entry = try #require(try store.add(.init(title: "t", category: "Work")))
      let other = try #require(try store.add(.init(title: "u", category: "work")))
      #expect(other.category == "Work", "the first spelling stays")
      try store.addCategory("Home", color: "#00ff00")
      try store.setColor("Work", "red")
      #expect(
        try store.categories().map { "\($0.name) \($0.color ?? "-") \($0.entries)" } == [
          "Home #00ff00 0", "Work red 2",
        ])
      #expect(try store.renameCategory("work", to: "Job") == 2)
      #expect(try store.entry(entry.id).category == "Job")
      #expect(try store.categories().map { "\($0.name) \($0.color ?? "-")" } == ["Home #00ff00", "Job red"])
      #expect(try store.removeCategory("Job", movingEntriesTo: "General") == 2)
      #expect(try store.entry(other.id).category == "General")
      #expect(throws: NoteLog.LogError.noSuchCategory("Job")) { try store.setColor("Job", "blue") }
    }
  }

  @Test func theFileIsPrivateAndInWALMode() throws {
    try withStore { store, _ in
      _ = try store.add(.init(title: "t"))
      #expect(try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int == 0o600)
      let mode = try DatabaseQueue(path: store.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
      #expect(mode == "wal")
    }
    #expect(throws: StoreError.missing(path: "/nonexistent/log.sqlite")) {
      try NoteLog(path: "/nonexistent/log.sqlite")
    }
  }

  @Test func storesInOneProcessWriteAndReadAtOnceWithoutLockErrors() async throws {
    let folder = TemporaryFolder.path("notes")
    defer { TemporaryFolder.remove(folder) }
    let path = folder + "/log.sqlite"
    let seed = try #require(try NoteLog(path: path, creating: true).add(.init(title: "seed", content: "word")))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          // Each its own connection pool, as separate processes would have.
          let store = try NoteLog(path: path)
          for round in 0..<25 {
            _ = try store.add(.init(title: "w\(worker) r\(round)", content: "word \(round)"))
            _ = try store.edit(seed.id, .init(content: "word from \(worker) \(round)"))
            _ = try store.search("word")
          }
        }
      }
      group.addTask {
        // A command that only reads, opened read-only, meanwhile.
        let reader = try NoteLog(readingAt: path)
        for _ in 0..<50 { _ = try reader.search("word") }
        #expect(throws: StoreError.self) { try reader.add(.init(title: "not from a reader")) }
      }
      try await group.waitForAll()
    }
    let store = try NoteLog(path: path)
    #expect(try store.list().count == 101)
    #expect(try store.versions(seed.id).count == 100)
  }
}
