import PromptCatalog
import Testing

@Suite struct CatalogOutlineTests {
  @Test func theTreeShowsTheMenuThenRecipesAndCookbooks() throws {
    var catalog = try sampleCatalog()
    try catalog.addPreset(named: "Lose", text: "x", inMenu: false)
    let expected = """
      ✉️ Mail/  [Sprache: Deutsch; Ton: sachlich]
        Reply/  [Ton: freundlich]
          Freundlich
          Kurz
      Notes/
        Korrektur (default)
      Signatur
      Presets outside the menu:
        Lose
      Recipes:
        Antwort: Mail/Reply + Mail/Reply/Freundlich + Signatur
      Cookbooks:
        Büro  [Firma: ACME]
          Post:
            Antwort

      """
    #expect(catalog.outline() == expected)
    #expect(Catalog().outline() == "")
  }

  @Test func listRowsAreNameIconKeywordsOrJSON() throws {
    let catalog = try sampleCatalog()
    #expect(
      try catalog.listRows(.folder).map(\.columns) == [
        "Mail\t✉️\tSprache: Deutsch; Ton: sachlich", "Mail/Reply\t\tTon: freundlich", "Notes\t\t",
      ])
    #expect(try catalog.listRows(.preset).map(\.name) == ["Freundlich", "Korrektur", "Kurz", "Signatur"])
    let recipe = try #require(try catalog.listRows(.recipe).first)
    #expect(
      recipe.json.hasPrefix("{\"chapterId\":\"") && recipe.json.contains("\"separator\":\"\\n---\\n\"")
        && !recipe.json.contains("\n"))
    #expect(try catalog.listRows(.cookbook).map(\.name) == ["Büro"])
  }

  @Test func columnsNeverHoldTabsOrLineBreaks() {
    let row = Catalog.ListRow(name: "a\tb", icon: "", keywords: "x\ny", json: "{}")
    #expect(row.columns == "a b\t\tx y")
  }

  @Test func showPrintsAPresetsTextAndOtherDefinitions() throws {
    let catalog = try sampleCatalog()
    #expect(
      catalog.definition(of: try catalog.entry(named: "Freundlich"))
        == "Antworte {{Ton}} auf {{Sprache}}. Anrede: {{Anrede|Sie}}.\n")
    #expect(
      catalog.definition(of: try catalog.entry(named: "Antwort")) == """
        recipe: Antwort
        separator: \\n---\\n
        cookbook: Büro, chapter Post
        items:
          1. Mail/Reply/
          2. Mail/Reply/Freundlich
          3. Signatur

        """)
    #expect(
      catalog.definition(of: try catalog.entry(named: "Mail"))
        == "folder: Mail\nicon: ✉️\nkeywords: Sprache: Deutsch; Ton: sachlich\nitems:\n  Reply/\n")
    #expect(
      catalog.definition(of: try catalog.entry(named: "Büro"))
        == "cookbook: Büro\nkeywords: Firma: ACME\nchapter Post:\n  Antwort\n")
  }

  @Test func separatorsTypedWithEscapesBecomeTheCharacters() {
    #expect(Catalog.unescaped(#"\n---\n"#) == "\n---\n")
    #expect(Catalog.unescaped(#"a\tb\\n\x"#) == "a\tb\\n\\x")
    #expect(Catalog.unescaped("plain") == "plain")
  }
}
