import PromptCatalog
import Testing

@Suite struct KeywordTests {
  @Test func entriesSplitOnSemicolonsThenAtTheFirstColon() throws {
    let entries = try Keywords.parse("Anrede: Du;  Ton : freundlich ; url: https://example.org:8080/a")
    #expect(entries.map(\.key) == ["Anrede", "Ton", "url"])
    #expect(entries.map(\.value) == ["Du", "freundlich", "https://example.org:8080/a"])
  }

  @Test func escapedSemicolonStaysInTheValue() throws {
    let values = try Keywords.values(#"Liste: a\; b\; c; Ende: ja"#)
    #expect(values == ["Liste": "a; b; c", "Ende": "ja"])
  }

  @Test func emptyEntriesAreIgnoredAndLaterEntriesWin() throws {
    #expect(try Keywords.values(";; Ton: a;  ; Ton: b;") == ["Ton": "b"])
    #expect(try Keywords.values("") == [:])
    #expect(try Keywords.values("Leer:") == ["Leer": ""])
  }

  @Test(arguments: ["Anrede Du", ": nur Wert", "gut: ja; schlecht"])
  func malformedEntryIsAnErrorNamingIt(_ text: String) {
    #expect {
      try Keywords.parse(text, owner: "preset \"X\"")
    } throws: { error in
      guard case CatalogError.malformedKeywords(let owner, let entry) = error else { return false }
      return owner == "preset \"X\"" && text.contains(entry)
        && (error as? CatalogError)?.description.contains(entry) == true
    }
  }

  @Test func formattedKeywordsParseBackToTheSameEntries() throws {
    let entries: [(key: String, value: String)] = [("a", "x; y"), ("b", "c: d")]
    let parsed = try Keywords.parse(Keywords.format(entries))
    #expect(parsed.map(\.key) == ["a", "b"])
    #expect(parsed.map(\.value) == ["x; y", "c: d"])
  }
}
