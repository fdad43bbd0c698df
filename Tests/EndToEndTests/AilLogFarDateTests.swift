import Foundation
import GRDB
import Testing
import Wire

/// Far-future dates: a typed date outside RFC 3339's years is a usage error before anything is
/// written, and a date column holding any REAL (written with SQL) neither traps `list` nor
/// `export`, whose output `import` takes back.
@Suite struct AilLogFarDateTests {
  typealias Place = AilLogTests.Place

  func log(_ place: Place, _ arguments: [String], stdin: String = "", db: String? = nil) throws -> ToolRun {
    try run("ail-log", arguments + ["--db", db ?? place.db], environment: AilLogTests.clock, stdin: stdin)
  }

  @Test(arguments: ["in 106751991167300d", "in 99999999d", "in \(String(repeating: "9", count: 400))d"])
  func aReminderPastTheYear9999IsRefusedAndNothingIsWritten(_ when: String) throws {
    let place = try Place()
    defer { place.remove() }
    #expect(try log(place, ["add", "kept", "--title", "Kept"]).status == 0)
    let added = try log(place, ["add", "x", "--title", "t", "--remind", when])
    #expect(added.status == 64, "\(added.status) \(added.stderr)")
    #expect(added.stderr.contains("--remind") && added.stderr.contains("0000 to 9999"), "\(added.stderr)")
    let listed = try log(place, ["list"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.records.map { $0["title"]?.stringValue } == ["Kept"])
  }

  @Test func theLastDayOfTheYear9999IsTaken() throws {
    let place = try Place()
    defer { place.remove() }
    let added = try log(place, ["add", "x", "--title", "t", "--remind", "9999-12-31T12:00:00Z"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.records.first?["reminder"]?.stringValue == "9999-12-31T12:00:00Z")
  }

  @Test(arguments: ["1e300", "9.3e18", "-1e300", "9e999", "-9e999"])
  func aStoredDateOfAnySizeIsListedExportedAndImported(_ seconds: String) throws {
    let place = try Place()
    defer { place.remove() }
    let added = try log(place, ["add", "words", "--title", "Far", "--remind", "tomorrow 9:00"])
    #expect(added.status == 0, "\(added.stderr)")
    // What a store written before the bound (or by hand) can hold, written with real SQLite.
    try DatabaseQueue(path: place.db).write { db in
      try db.execute(sql: "UPDATE entry SET reminder = \(seconds), created_at = \(seconds), updated_at = \(seconds)")
    }
    let bound = seconds.hasPrefix("-") ? "0000-01-01T00:00:00Z" : "9999-12-31T23:59:59Z"

    let listed = try log(place, ["list"])
    #expect(listed.status == 0, "\(listed.status) \(listed.stderr)")
    #expect(listed.records.first?["reminder"]?.stringValue == bound, "\(listed.stdout)")
    let table = try log(place, ["list", "--format", "table"])
    #expect(table.status == 0, "\(table.status) \(table.stderr)")
    #expect(table.stdout.contains("Far"))

    for format in ["ndjson", "markdown"] {
      let folder = place.folder + "/export-" + format
      let exported = try log(place, ["export", "--format", format, "--to", folder])
      #expect(exported.status == 0, "\(format): \(exported.status) \(exported.stderr)")
      let copy = place.folder + "/copy-\(format).sqlite"
      let imported = try log(place, ["import", folder], db: copy)
      #expect(imported.status == 0, "\(format): \(imported.status) \(imported.stderr)")
      let restored = try log(place, ["list"], db: copy)
      #expect(restored.records.map { $0["title"]?.stringValue } == ["Far"], "\(format): \(restored.stdout)")
      #expect(restored.records.first?["reminder"]?.stringValue == bound, "\(format): \(restored.stdout)")
    }
  }
}
