import NotesStore
import Testing
import Wire

/// A combining mark (U+0301) after a delimiter joins it into one `Character`; an editor, and the
/// person reading the note, still see the delimiter.
@Suite struct NotesStoreScalarDelimiterTests {
  @Test func aCombiningMarkDoesNotHideACommentInFrontMatter() throws {
    let (members, content) = try FrontMatter.parse("---\n#\u{301} title: evil\ntitle: \"ok\"\n---\nx")
    #expect(members == ["title": .string("ok")])
    #expect(content == "x")
  }

  @Test func aCombiningMarkDoesNotHideABracketOfBrokenJSON() {
    #expect(throws: FrontMatter.ParseError.self) { try FrontMatter.parse("---\ntags: [\u{301}\"a\"]\n---\n") }
  }

  @Test func aTaskTitledWithAMarkAfterASpaceIsFiledAndItsDueDateNamed() throws {
    try withStore { store, _ in
      var filing = RecordFiling(category: nil, tags: [], title: nil, recordings: store.recordings)
      let json = #"{"tasks":[{"title":" \u0301","due":" \u0301"}]}"#
      let record = try #require(try Array(json.utf8).withUnsafeBytes { try WireCoding.parse($0) }.objectValue)
      guard case .entries(let drafts) = try filing.take(record) else {
        Issue.record("the task is not filed")
        return
      }
      #expect(drafts.count == 1)
      #expect(filing.unreadDates.map(\.due) == [" \u{301}"])
    }
  }
}
