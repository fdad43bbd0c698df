import Foundation
import TestSupport
import Testing
import Wire

/// The default notes store moved from `$XDG_DATA_HOME/ail/` to `ailo/`, beside every other ail file:
/// a store at the old place is moved by the first run that uses the default, which says so once.
@Suite struct AilLogStoreMoveTests {
  @Test func aStoreAtTheOldDefaultPlaceIsMovedOnceAndSaysSo() throws {
    let data = TemporaryFolder.path("ail-move")
    defer { TemporaryFolder.remove(data) }
    let old = data + "/ail/log.sqlite"
    let added = try run("ail-log", ["add", "--db", old, "--title", "Kept", "written before the move"])
    #expect(added.status == 0, "\(added.stderr)")
    let environment = ["XDG_DATA_HOME": data]

    let first = try run("ail-log", ["list"], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.records.map { $0["title"]?.stringValue } == ["Kept"])
    #expect(first.stderr.contains("moved the notes store from \(old) to \(data)/ailo/log.sqlite"))
    #expect(FileManager.default.fileExists(atPath: data + "/ailo/log.sqlite"))
    #expect(!FileManager.default.fileExists(atPath: old))

    let second = try run("ail-log", ["add", "--title", "Second", "a second note"], environment: environment)
    #expect(second.status == 0)
    #expect(!second.stderr.contains("moved"))
    #expect(try run("ail-log", ["list"], environment: environment).records.count == 2)
  }
}
