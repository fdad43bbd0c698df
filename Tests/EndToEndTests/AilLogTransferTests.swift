import Foundation
import Testing
import Wire

/// Export to an empty store and back: every entry, version and recording, byte for byte.
@Suite struct AilLogTransferTests {
  typealias Place = AilLogTests.Place

  func log(_ place: Place, _ arguments: [String], stdin: String = "", db: String? = nil) throws -> ToolRun {
    try run("ail-log", arguments + ["--db", db ?? place.db], environment: AilLogTests.clock, stdin: stdin)
  }

  /// Every file under `folder`, by relative path, with its bytes.
  func files(_ folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for case let name as String in FileManager.default.enumerator(atPath: folder)! {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
        result[name] = FileManager.default.contents(atPath: folder + "/" + name)
      }
    }
    return result
  }

  /// A store with a voice entry (recording, versions, reminder), a mail entry and a plain one.
  func filledStore(_ place: Place) throws {
    let memo = place.folder + "/memo.wav"
    try Data("RIFF pretend audio".utf8).write(to: URL(fileURLWithPath: memo))
    let voice = try log(
      place, ["add", "first words\n", "--title", "Voice", "--audio", memo, "--tag", "memo", "--remind", "fri 17:00"])
    #expect(voice.status == 0, "\(voice.stderr)")
    let id = voice.records.first?["id"]?.stringValue ?? ""
    _ = try log(place, ["edit", id, "--content", "-"], stdin: "better words\n")
    _ = try log(place, ["edit", id, "--content", "-"], stdin: "best words\n")
    let odd = try log(
      place, ["add", "-", "--title", "Title: \"quoted\"", "--category", "Odd"], stdin: "---\nnot front matter\n")
    #expect(odd.status == 0, "\(odd.stderr)")
    _ = try log(place, ["categories", "add", "Odd", "--color", "#abcdef"])
    let mail =
      #"{"kind":"mail","message_id":"m1@x","to":[],"cc":[],"reply_to":[],"subject":"S","text":"T","has_html":false,"attachments":[],"warnings":[]}"#
    _ = try log(place, ["add", "--records"], stdin: mail + "\n")
  }

  @Test(arguments: ["ndjson", "markdown"])
  func exportToAnEmptyStoreAndBackIsByteForByte(format: String) throws {
    let place = try Place()
    defer { place.remove() }
    try filledStore(place)
    let first = place.folder + "/first"
    let exported = try log(place, ["export", "--format", format, "--to", first])
    #expect(exported.status == 0, "\(exported.stderr)")
    let copy = place.folder + "/copy.sqlite"
    let imported = try log(place, ["import", first], db: copy)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("imported 3 entries"), "\(imported.stderr)")
    let second = place.folder + "/second"
    #expect(try log(place, ["export", "--format", format, "--to", second], db: copy).status == 0)
    let before = try files(first)
    #expect(before.count == (format == "ndjson" ? 2 : 4), "\(before.keys.sorted())")
    #expect(try files(second) == before)
    // The copy works like the original: versions, search, the recording.
    let voice = try #require(try log(place, ["search", "best"], db: copy).records.first?["id"]?.stringValue)
    #expect(try log(place, ["history", voice], db: copy).records.count == 2)
    let audio = try log(place, ["audio", voice], db: copy).stdout.trimmingCharacters(in: .newlines)
    #expect(FileManager.default.contents(atPath: audio) == Data("RIFF pretend audio".utf8))
    // Importing again adds nothing.
    #expect(try log(place, ["import", first], db: copy).stderr.contains("imported 0 entries, 3 already there"))
  }

  @Test func theAppsJSONIsImportedWithItsRecordings() throws {
    let place = try Place()
    defer { place.remove() }
    try Data("m4a bytes".utf8).write(to: URL(fileURLWithPath: place.folder + "/rec-1.m4a"))
    let json = """
      [{"id":"6b1f0d6e-3f5a-4c44-9a55-2b7f2f8e9d10","title":"From the app","content":"Body","category":"Ideas",
        "tags":["One","one","Two"],"reminderDate":786000000,"audioURL":"file:///var/mobile/Documents/rec-1.m4a",
        "createdAt":785000000},
       {"title":"Second","content":"x","createdAt":785000001}]
      """
    try json.write(toFile: place.folder + "/LogEntries.json", atomically: true, encoding: .utf8)
    let result = try log(place, ["import", "--format", "ailo", place.folder + "/LogEntries.json"])
    #expect(result.status == 0, "\(result.stderr)")
    let entries = try log(place, ["list", "--sort", "title"]).records
    #expect(entries.map { $0["title"]?.stringValue } == ["From the app", "Second"])
    #expect(entries[0]["id"] == .string("6B1F0D6E-3F5A-4C44-9A55-2B7F2F8E9D10"))
    #expect(entries[0]["tags"] == .array([.string("One"), .string("Two")]))
    #expect(entries[0]["created_at"] == .string("2025-11-16T15:33:20Z"))
    #expect(entries[1]["category"] == .string("General"))
    let audio = try log(place, ["audio", "6b1f"]).stdout.trimmingCharacters(in: .newlines)
    #expect(FileManager.default.contents(atPath: audio) == Data("m4a bytes".utf8))

    try #"[{"title":"ok","createdAt":1},{"content":"untitled","createdAt":2}]"#
      .write(toFile: place.folder + "/bad.json", atomically: true, encoding: .utf8)
    let bad = try log(place, ["import", "--format", "ailo", place.folder + "/bad.json"])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("entry 2 of the array: no title"), "\(bad.stderr)")
  }
}
