import Foundation
import GRDB
import SQLiteStore
import TestSupport
import Testing

/// Opening a store the one way every store does, with a one-table migrator of its own.
@Suite struct StoreDatabaseTests {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
    }
    return migrator
  }

  func withFolder(_ body: (String) throws -> Void) throws {
    let folder = TemporaryFolder.path("sqlite-store")
    defer { TemporaryFolder.remove(folder) }
    try body(folder)
  }

  func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func aNewStoreIsMadeOwnerOnlyAndMigratedOnce() throws {
    try withFolder { folder in
      let path = folder + "/deep/store.sqlite"
      let pool = try StoreDatabase.pool(at: path, creating: true, migrator: Self.migrator)
      try pool.write { try $0.execute(sql: "INSERT INTO note (text) VALUES ('kept')") }
      #expect(try mode(path) == 0o600)
      #expect(try mode(folder + "/deep") == 0o700)
      let again = try StoreDatabase.pool(at: path, creating: true, migrator: Self.migrator)
      #expect(try again.read { try String.fetchOne($0, sql: "SELECT text FROM note") } == "kept")
    }
  }

  @Test func aMissingStoreIsNotMadeForReadingAndAFolderIsNoStore() throws {
    try withFolder { folder in
      let path = folder + "/store.sqlite"
      #expect(throws: StoreError.missing(path: path)) {
        try StoreDatabase.pool(at: path, creating: false, migrator: Self.migrator)
      }
      #expect(!FileManager.default.fileExists(atPath: folder), "nothing left behind by a read")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      #expect(throws: StoreError.isDirectory(path: path)) {
        try StoreDatabase.pool(at: path, creating: true, migrator: Self.migrator)
      }
    }
  }

  @Test func aReaderOpensWhatTheWriterMadeAndSeesItsRows() throws {
    try withFolder { folder in
      let path = folder + "/store.sqlite"
      let pool = try StoreDatabase.pool(at: path, creating: true, migrator: Self.migrator)
      try pool.write { try $0.execute(sql: "INSERT INTO note (text) VALUES ('a'), ('b')") }
      let reader = try StoreDatabase.reader(at: path, migrator: Self.migrator)
      #expect(try reader.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM note") } == 2)
    }
  }

  @Test func aFullTextQueryThatCannotBeReadIsABadQueryNotAStoreFailure() throws {
    try withFolder { folder in
      let path = folder + "/store.sqlite"
      let pool = try StoreDatabase.pool(at: path, creating: true, migrator: Self.migrator)
      try pool.write { try $0.execute(sql: "CREATE VIRTUAL TABLE words USING fts5(text)") }
      #expect {
        try StoreDatabase.matching(path) {
          try pool.read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM words WHERE words MATCH ?", arguments: ["\"open"])
          }
        }
      } throws: { error in
        if case StoreError.badQuery = error { return true }
        return false
      }
    }
  }
}

@Suite struct SearchQueryTests {
  @Test func plainWordsArePhrasesAndOperatorsAndPrefixesStay() {
    #expect(SearchQuery.fts5("don't e-mail") == #""don't" "e-mail""#)
    #expect(SearchQuery.fts5("cat OR dog*") == #""cat" OR "dog"*"#)
    #expect(SearchQuery.fts5(#"title:"exact words""#) == #"title:"exact words""#)
    #expect(SearchQuery.fts5("  * ").isEmpty)
  }
}

@Suite struct ContentFilesTests {
  @Test func theSameBytesAreKeptOnceUnderTheirDigestWithTheirExtension() throws {
    let folder = TemporaryFolder.path("content-files")
    defer { TemporaryFolder.remove(folder) }
    try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
    try Data("voice".utf8).write(to: URL(fileURLWithPath: folder + "/in/memo.M4A"))
    try Data("voice".utf8).write(to: URL(fileURLWithPath: folder + "/in/copy.weird-extension"))
    let files = ContentFiles(folder: folder + "/store.audio")
    let memo = try files.read(fileAt: folder + "/in/memo.M4A")
    let copy = try files.read(fileAt: folder + "/in/copy.weird-extension")
    #expect(memo.sha256 == copy.sha256)
    #expect(memo.name == memo.sha256 + ".m4a")
    #expect(copy.name == copy.sha256, "an extension over 8 characters is not kept")
    try files.keep(memo)
    try files.keep(memo)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/store.audio") == [memo.name])
    #expect(try Data(contentsOf: URL(fileURLWithPath: files.path(of: memo.name))) == Data("voice".utf8))
    #expect(throws: ContentFiles.UnreadableFile.self) { try files.read(fileAt: folder + "/in/none") }
  }
}
