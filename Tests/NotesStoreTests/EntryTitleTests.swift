import NotesStore
import Testing

/// The title an entry takes when none is given: from its text, else from its recording.
@Suite struct EntryTitleTests {
  @Test func theFirstLineThatIsNotBlankWithoutAHeadingsMarks() {
    #expect(NoteLog.title(from: "\n  \n# Plumber\nCall about the boiler") == "Plumber")
    #expect(NoteLog.title(from: "Call the plumber about the boiler") == "Call the plumber about the boiler")
    #expect(NoteLog.title(from: " \n\t") == "(untitled)")
  }

  @Test func aLongLineIsCutTo80CharactersWithAnEllipsis() {
    let title = NoteLog.title(from: String(repeating: "Größenänderung ", count: 10))
    #expect(title.count == 80 && title.hasSuffix("…"))
    #expect(title.hasPrefix("Größenänderung Größenänderung"))
  }

  @Test func aRecordingGivesItsNameWithoutTheExtension() {
    #expect(NoteLog.title(ofRecording: "/home/anna/memos/Einkauf Samstag.m4a") == "Einkauf Samstag")
    #expect(NoteLog.title(ofRecording: ".ogg") == ".ogg")
  }
}
