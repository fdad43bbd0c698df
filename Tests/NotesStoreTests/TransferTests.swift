import Foundation
import NotesStore
import SQLiteStore
import Testing
import Wire

/// Export and import, front matter, and the app's own JSON.
@Suite struct TransferTests {
  @Test func exportedEntriesComeBackAsTheyWere() throws {
    try withStore { store, folder in
      let memo = folder + "/memo.ogg"
      try Data("ogg bytes".utf8).write(to: URL(fileURLWithPath: memo))
      let first = try #require(
        try store.add(
          .init(
            title: "Voice", content: "said\n", category: "Voice", tags: ["a", "B"], reminder: tuesdayMorning,
            audio: try store.recordings.read(fileAt: memo), source: LogSource(file: "memo.ogg"))))
      _ = try store.edit(first.id, .init(content: "said better\n"))
      _ = try store.add(.init(title: "Plain", content: "text with \"quotes\"\n---\nand a rule"))
      let exported = try store.exportEntries()
      #expect(exported.first?.versions?.map(\.content) == ["said\n"])

      let copy = try NoteLog(path: folder + "/copy.sqlite", creating: true)
      for entry in exported {
        let audio = try entry.audio.map {
          copy.recordings.content(
            named: $0, data: try Data(contentsOf: URL(fileURLWithPath: store.recordings.path(of: $0))))
        }
        #expect(try copy.restore(entry, audio: audio))
        #expect(try !copy.restore(entry, audio: audio), "an id already there stays")
      }
      #expect(try copy.exportEntries() == exported)
      #expect(try copy.search("better").map(\.id) == [first.id])
      #expect(
        try copy.audioPath(first.id).flatMap { FileManager.default.contents(atPath: $0) } == Data("ogg bytes".utf8))
    }
  }

  @Test func frontMatterRoundTripsAnEntry() throws {
    let entry = LogEntry(
      id: "5A0C9A3E-0000-4000-8000-000000000001", title: "Title: with colon", content: "---\nbody\n", category: "C",
      tags: ["x", "y"], reminder: tuesdayMorning, createdAt: tuesdayMorning, updatedAt: tuesdayMorning)
    let text = FrontMatter.document(entry)
    #expect(text.hasPrefix("---\nid: \"5A0C9A3E-0000-4000-8000-000000000001\"\ntitle: \"Title: with colon\"\n"))
    let (members, content) = try FrontMatter.parse(text)
    #expect(content == "---\nbody\n")
    var object = members
    object["kind"] = .string("log_entry")
    object["content"] = .string(content)
    #expect(try LogEntry(members: object) == entry)
  }

  /// "\r\n" is one Character: split at it as text, such a note had no front matter at all.
  @Test func frontMatterSavedWithWindowsLineEndsReadsTheSameAndKeepsTheContentAsWritten() throws {
    let (members, content) = try FrontMatter.parse(
      "---\r\ntitle: \"Einkauf\"\r\ntags: [\"a\"]\r\n---\r\nMilch\r\nBrot\r\n")
    #expect(members["title"] == .string("Einkauf"))
    #expect(members["tags"] == .array([.string("a")]))
    #expect(content == "Milch\r\nBrot\r\n")
  }

  @Test func frontMatterTakesPlainValuesAndReportsBadOnes() throws {
    let (members, content) = try FrontMatter.parse("---\ntitle: Plain words\ntags: [\"a\"]\nreminder:\n---\nbody")
    #expect(members["title"] == .string("Plain words"))
    #expect(members["tags"] == .array([.string("a")]))
    #expect(members["reminder"] == nil)
    #expect(content == "body")
    #expect(throws: FrontMatter.ParseError.badLine(3, "tags: not valid JSON: [\"a\"")) {
      try FrontMatter.parse("---\ntitle: x\ntags: [\"a\"\n---\n")
    }
    #expect(throws: FrontMatter.ParseError.noFrontMatter) { try FrontMatter.parse("title: x\n") }
  }

  @Test func theAppsJSONIsRead() throws {
    let json = """
      [{"id":"6b1f0d6e-3f5a-4c44-9a55-2b7f2f8e9d10","title":"From the app","content":"Body","category":"Ideas",
        "tags":["One","one","Two"],"reminderDate":786000000,"audioURL":"file:///var/mobile/x/rec.m4a",
        "createdAt":785000000},
       {"title":"ISO dates","createdAt":"2026-11-24T09:30:00Z"}]
      """
    let value = try Array(json.utf8).withUnsafeBytes { try WireCoding.parse($0) }
    let entries = try AppExport.entries(value, defaultCategory: "General")
    #expect(entries.count == 2)
    let (first, audio) = entries[0]
    #expect(first.id == "6B1F0D6E-3F5A-4C44-9A55-2B7F2F8E9D10")
    #expect(first.category == "Ideas")
    #expect(first.createdAt == Date(timeIntervalSinceReferenceDate: 785_000_000))
    #expect(first.reminder == Date(timeIntervalSinceReferenceDate: 786_000_000))
    #expect(audio == "/var/mobile/x/rec.m4a")
    #expect(entries[1].0.category == "General")
    #expect(entries[1].0.createdAt == tuesdayMorning)

    let untitled = try Array(#"[{"title":"ok","createdAt":1},{"content":"no title","createdAt":1}]"#.utf8)
      .withUnsafeBytes { try WireCoding.parse($0) }
    #expect(throws: AppExport.Problem.self) { try AppExport.entries(untitled, defaultCategory: nil) }
    let problem = try? AppExport.entries(untitled, defaultCategory: nil)
    #expect(problem == nil)
    do { _ = try AppExport.entries(untitled, defaultCategory: nil) } catch let error as AppExport.Problem {
      #expect(error.description == "entry 2 of the array: no title")
    }
  }
}
