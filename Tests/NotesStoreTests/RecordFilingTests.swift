import Foundation
import NotesStore
import Testing
import Wire

/// Mail, transcript and AI records made into entries, each mail and recording once.
@Suite struct RecordFilingTests {
  func object(_ json: String) throws -> JSONObject {
    try #require(try Array(json.utf8).withUnsafeBytes { try WireCoding.parse($0) }.objectValue)
  }

  /// Files `lines` as `add --records` does; returns how many entries were added.
  func file(_ lines: [String], into store: NoteLog, tags: [String] = []) throws -> (added: Int, other: Int) {
    var filing = RecordFiling(category: "Inbox", tags: tags, title: nil, recordings: store.recordings)
    var added = 0
    var other = 0
    func add(_ drafts: [NoteLog.Draft]) throws {
      for draft in drafts where try store.add(draft, unlessLogged: true) != nil { added += 1 }
    }
    for line in lines {
      switch try filing.take(try object(line)) {
      case .entries(let drafts): try add(drafts)
      case .held: break
      case .other: other += 1
      }
    }
    try add(try filing.finish())
    return (added, other)
  }

  @Test func aMailBecomesAnEntryOnce() throws {
    try withStore { store, _ in
      let mail = """
        {"kind":"mail","message_id":"abc@example.org","from":{"name":"Anna","address":"anna@example.org"},\
        "to":[],"cc":[],"reply_to":[],"date":"2026-11-20T08:00:00Z","subject":"Lunch?","text":"Friday at noon?\\n",\
        "has_html":false,"attachments":[],"warnings":[]}
        """
      #expect(try file([mail], into: store, tags: ["later"]).added == 1)
      #expect(try file([mail], into: store).added == 0, "the same message id is filed once")
      let entry = try #require(try store.list().first)
      #expect(entry.title == "Lunch?")
      #expect(entry.content == "Friday at noon?\n")
      #expect(entry.tags == ["mail", "later"])
      #expect(entry.category == "Inbox")
      #expect(
        entry.source
          == LogSource(
            messageID: "abc@example.org", from: "Anna <anna@example.org>",
            date: RFC3339.date(from: "2026-11-20T08:00:00Z")))
    }
  }

  @Test func aTranscriptBecomesAnEntryWithItsRecordingOncePerContent() throws {
    try withStore { store, folder in
      let memo = folder + "/monday.wav"
      try Data("RIFF fake".utf8).write(to: URL(fileURLWithPath: memo))
      let chunk =
        #"{"kind":"transcript_chunk","file":"\#(memo)","index":0,"start":0,"end":1,"text":"hello","engine":"e"}"#
      let transcript =
        #"{"kind":"transcript","file":"\#(memo)","text":"hello","duration":1,"chunks":1,"engine":"e","ai_text":"Hello."}"#
      #expect(try file([chunk, transcript], into: store).added == 1, "the chunks go with their transcript")
      let entry = try #require(try store.list().first)
      #expect(entry.title == "monday")
      #expect(entry.content == "Hello.", "ail-ai's text is preferred")
      #expect(entry.source?.file == "monday.wav")
      #expect(
        try store.audioPath(entry.id).flatMap { FileManager.default.contents(atPath: $0) } == Data("RIFF fake".utf8))
      // The same recording under another name is the same content.
      try FileManager.default.copyItem(atPath: memo, toPath: folder + "/copy.wav")
      #expect(try file([transcript.replacingOccurrences(of: "monday.wav", with: "copy.wav")], into: store).added == 0)
    }
  }

  @Test func chunksWithoutATranscriptMakeOneEntryPerRecording() throws {
    try withStore { store, _ in
      let lines = [
        #"{"kind":"transcript_chunk","file":"/gone/a.wav","index":0,"start":0,"end":1,"text":"one","engine":"e"}"#,
        #"{"kind":"transcript_chunk","file":"/gone/b.wav","index":0,"start":0,"end":1,"text":"bee","engine":"e"}"#,
        #"{"kind":"transcript_chunk","file":"/gone/a.wav","index":1,"start":1,"end":2,"text":"two","engine":"e"}"#,
        #"{"kind":"segment","file":"/gone/a.wav","index":0,"start":0,"end":1}"#,
      ]
      let result = try file(lines, into: store)
      #expect(result.added == 2)
      #expect(result.other == 1)
      #expect(Set(try store.list().map { "\($0.title): \($0.content)" }) == ["a: one\ntwo", "b: bee"])
      #expect(try store.list().allSatisfy { $0.audio == nil }, "the files are not at hand")
      #expect(try file(lines, into: store).added == 0, "known by name when the file is not at hand")
    }
  }

  @Test func anAIAnswerBecomesAnEntry() throws {
    try withStore { store, _ in
      let line = ##"{"kind":"rewrite","text":"raw","ai_text":"# Shopping list\nMilk\n"}"##
      #expect(try file([line], into: store).added == 1)
      let entry = try #require(try store.list().first)
      #expect(entry.title == "Shopping list")
      #expect(entry.content == "# Shopping list\nMilk\n")
    }
  }

  @Test func aTaskDueAtNoReadableDateKeepsTheDateInItsTextAndIsNamedForAWarning() throws {
    try withStore { store, _ in
      var filing = RecordFiling(
        category: nil, tags: [], title: nil, recordings: store.recordings,
        dates: TypedDate(now: tuesdayMorning, timeZone: berlin))
      let tasks = try object(
        #"{"tasks":[{"title":"Call Bob","due":"next Friday-ish","note":"About the boiler."},"#
          + #"{"title":"Pay rent","due":"2026-12-01 09:00"}]}"#)
      guard case .entries(let drafts) = try filing.take(tasks) else {
        Issue.record("the tasks are not filed")
        return
      }
      #expect(drafts.map(\.title) == ["Call Bob", "Pay rent"])
      #expect(drafts[0].reminder == nil)
      #expect(drafts[0].content == "About the boiler.\n\nDue: next Friday-ish")
      #expect(drafts[1].reminder != nil)
      #expect(filing.unreadDates == [RecordFiling.UnreadDate(task: "Call Bob", due: "next Friday-ish")])
      // The next record starts afresh: a warning names each task once.
      _ = try filing.take(try object(#"{"tasks":[{"title":"Pay rent","due":"2026-12-01 09:00"}]}"#))
      #expect(filing.unreadDates.isEmpty)
    }
  }

  @Test func aMalformedMailSaysWhichField() throws {
    try withStore { store, _ in
      #expect(throws: DecodingError.self) { try file([#"{"kind":"mail","subject":"x"}"#], into: store) }
    }
  }
}
