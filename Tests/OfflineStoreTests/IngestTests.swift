import ArticleTestSupport
import Foundation
import GRDB
import Testing
import Wire

@testable import OfflineStore

@Suite struct IngestTests {
  @Test func aGroupIsSeenByReadersOnlyOnceItCommits() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let reader = try OfflineStore(readingAt: store.path)
    try store.ingesting { ingest in
      try ingest.store(article("a", title: "First", html: "<p>alpha words</p>"))
      try ingest.store(article("b", title: "Second", html: "<p>beta words</p>"))
      #expect(try reader.ids().isEmpty)
      try ingest.commit()
      #expect(Set(try reader.ids()) == ["a", "b"])
      try ingest.store(article("c", title: "Third", html: "<p>gamma words</p>"))
      #expect(try reader.search("gamma").isEmpty)
    }
    // What was left in the group when the ingest ended is committed.
    #expect(try reader.search("gamma").map(\.id) == ["c"])
  }

  @Test func aGroupIsFullAtItsRecordCount() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try store.ingesting { ingest in
      for n in 0..<Ingest.groupRecords - 1 { try ingest.store(article("a\(n)", title: "A", html: "<p>x</p>")) }
      #expect(!ingest.isFull)
      try ingest.recordSync(at: Date(timeIntervalSince1970: 1_800_000_000))
      #expect(ingest.isFull)
      try ingest.commit()
      #expect(!ingest.isFull)
    }
    #expect(try store.ids().count == Ingest.groupRecords - 1)
    #expect(try store.lastSync() == Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func aRecordThatFailsLeavesNothingAndTheOnesBeforeItStay() throws {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A GIF's blob cannot be written: the article row is in by then, and must go again.
    try store.database.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER no_gif BEFORE INSERT ON blob WHEN NEW.mime = 'image/gif'
          BEGIN SELECT RAISE(ABORT, 'no gifs here'); END
          """)
    }
    let gif = "<img src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\">"
    #expect(throws: StoreError.self) {
      try store.ingesting { ingest in
        try ingest.store(article("kept", title: "Kept", html: "<p>kept words</p>" + PNGs.img(PNGs.one)))
        try ingest.forget(id: "nothing-to-forget")
        try ingest.store(article("failed", title: "Failed", html: "<p>failed words</p>" + gif))
        Issue.record("the GIF was stored")
      }
    }
    #expect(try store.ids() == ["kept"])
    #expect(try store.search("failed").isEmpty)
    #expect(try store.search("kept").map(\.id) == ["kept"])
    #expect(try store.stats().blobs == 1)
    #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
  }

  @Test func whatWasWrittenBeforeTheCallerStoppedIsKept() throws {
    struct Stop: Error {}
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: Stop.self) {
      try store.ingesting { ingest in
        try ingest.store(article("a", title: "A", html: "<p>x</p>"))
        throw Stop()
      }
    }
    #expect(try store.ids() == ["a"])
  }
}
