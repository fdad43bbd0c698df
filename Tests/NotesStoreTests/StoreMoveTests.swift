import Foundation
import TestSupport
import Testing

@testable import NotesStore

@Suite struct StoreMoveTests {
  let root = TemporaryFolder.path("notes-move")
  var old: String { root + "/ail/log.sqlite" }
  var new: String { root + "/ailo/log.sqlite" }

  init() throws {
    try FileManager.default.createDirectory(atPath: root + "/ail/log.audio", withIntermediateDirectories: true)
  }

  func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
  func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Test func theDatabaseItsWALAndItsRecordingsMoveOnce() throws {
    defer { TemporaryFolder.remove(root) }
    try write("db", old)
    try write("wal", old + "-wal")
    try write("sound", root + "/ail/log.audio/abc")
    #expect(try StoreMove.move(from: old, to: new))
    #expect(read(new) == "db")
    #expect(read(new + "-wal") == "wal")
    #expect(read(root + "/ailo/log.audio/abc") == "sound")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/ail") == [])
    #expect(try StoreMove.move(from: old, to: new) == false)
  }

  @Test func withNoStoreAtTheOldPlaceNothingIsMadeAtTheNewOne() throws {
    defer { TemporaryFolder.remove(root) }
    #expect(try StoreMove.move(from: old, to: new) == false)
    #expect(!FileManager.default.fileExists(atPath: root + "/ailo"))
  }

  @Test func aStoreAtTheNewPlaceIsNeverReplaced() throws {
    defer { TemporaryFolder.remove(root) }
    try write("old", old)
    try FileManager.default.createDirectory(atPath: root + "/ailo", withIntermediateDirectories: true)
    try write("new", new)
    #expect(try StoreMove.move(from: old, to: new) == false)
    #expect(read(new) == "new")
    #expect(read(old) == "old")
  }

  @Test func aMoveStoppedBeforeTheDatabaseIsFinishedByTheNextRun() throws {
    defer { TemporaryFolder.remove(root) }
    // The recordings and the WAL went, the database did not: the store is still at the old place.
    try write("db", old)
    try FileManager.default.createDirectory(atPath: root + "/ailo/log.audio", withIntermediateDirectories: true)
    try write("wal", new + "-wal")
    #expect(try StoreMove.move(from: old, to: new))
    #expect(read(new) == "db")
    #expect(read(new + "-wal") == "wal")
    #expect(!FileManager.default.fileExists(atPath: old))
  }
}
