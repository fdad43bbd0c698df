import PromptCatalog
import Testing

@Suite struct PromptGenerationTests {
  @Test func recipeJoinsHeadingsAndPresetTextsWithItsSeparator() throws {
    let prompt = try sampleCatalog().systemPrompt(preset: nil, recipe: "Antwort", variables: [:])
    #expect(
      prompt.text == "# Reply\n---\nAntworte freundlich auf Deutsch. Anrede: Sie.\n---\nSchließe mit Viele Grüße.")
    #expect(prompt.source == "recipe Antwort")
    #expect(prompt.keywords == ["Firma": "ACME", "Sprache": "Deutsch", "Ton": "freundlich", "Gruß": "Viele Grüße"])
  }

  @Test func recipeItemsFollowTheirSortOrderNotTheirPlaceInTheFile() throws {
    var catalog = try sampleCatalog()
    catalog.recipeMenuItems.reverse()
    let prompt = try catalog.systemPrompt(preset: nil, recipe: "Antwort", variables: [:])
    #expect(prompt.text.hasPrefix("# Reply\n---\nAntworte"))
  }

  @Test func theDefaultSeparatorIsABlankLine() throws {
    var catalog = try sampleCatalog()
    try catalog.addRecipe(named: "Zwei", items: ["Kurz", "Korrektur"])
    #expect(
      try catalog.systemPrompt(preset: nil, recipe: "Zwei", variables: [:]).text
        == "Fasse dich kurz.\n\nKorrigiere den Text.")
  }

  @Test func keywordsApplyCookbookThenRecipeThenFoldersThenPresetsThenVariables() throws {
    var catalog = Catalog()
    let keys = ["a", "b", "c", "d", "e", "f"]
    func keywords(_ level: String, from first: Int) -> String {
      keys[first...].map { "\($0): \(level)" }.joined(separator: "; ")
    }
    try catalog.addCookbook(named: "Buch", keywords: keywords("cookbook", from: 0))
    try catalog.addFolder(named: "Außen", keywords: keywords("outer", from: 2))
    try catalog.addFolder(named: "Innen", in: "Außen", keywords: keywords("inner", from: 3))
    try catalog.addPreset(
      named: "P", text: keys.map { "{{\($0)}}" }.joined(separator: " "), in: "Außen/Innen",
      keywords: keywords("preset", from: 4))
    try catalog.addRecipe(named: "R", items: ["P"], keywords: keywords("recipe", from: 1), cookbook: "Buch")
    let prompt = try catalog.systemPrompt(preset: nil, recipe: "R", variables: ["f": "var"])
    #expect(prompt.text == "cookbook recipe outer inner preset var")
    #expect(prompt.keywords["f"] == "var")
  }

  @Test func laterPresetsOfARecipeOverrideEarlierOnes() throws {
    var catalog = Catalog()
    try catalog.addPreset(named: "Eins", text: "{{x}}", keywords: "x: eins")
    try catalog.addPreset(named: "Zwei", text: "{{x}}", keywords: "x: zwei")
    try catalog.addRecipe(named: "R", items: ["Eins", "Zwei"])
    #expect(try catalog.systemPrompt(preset: nil, recipe: "R", variables: [:]).text == "zwei\n\nzwei")
  }

  @Test func aKeywordValueIsInsertedLiterallyNeverExpanded() throws {
    var catalog = Catalog()
    try catalog.addPreset(named: "P", text: "Betreff: {{Betreff}}", keywords: "Geheim: 42")
    let prompt = try catalog.systemPrompt(preset: "P", recipe: nil, variables: ["Betreff": "{{Geheim}}"])
    #expect(prompt.text == "Betreff: {{Geheim}}")
  }

  @Test func everyMissingKeyOfEveryPartIsReportedAtOnce() throws {
    var catalog = Catalog()
    try catalog.addPreset(named: "Eins", text: "{{b}} {{a}}")
    try catalog.addPreset(named: "Zwei", text: "{{c}} {{a}} {{d|ok}}")
    try catalog.addRecipe(named: "R", items: ["Eins", "Zwei"])
    #expect(throws: CatalogError.missingVariables(["a", "b", "c"])) {
      try catalog.systemPrompt(preset: nil, recipe: "R", variables: [:])
    }
    #expect(
      try catalog.systemPrompt(preset: nil, recipe: "R", variables: ["a": "1", "b": "2", "c": "3"]).text
        == "2 1\n\n3 1 ok")
  }

  @Test func aMenuPathIsAnImplicitRecipeWithTheFoldersAsHeadings() throws {
    let catalog = try sampleCatalog()
    let expected = "# Mail\n\n# Reply\n\nAntworte freundlich auf Deutsch. Anrede: Sie."
    let full = try catalog.systemPrompt(preset: nil, recipe: "Mail/Reply/Freundlich", variables: [:])
    #expect(full.text == expected)
    #expect(full.source == "menu path Mail/Reply/Freundlich")
    #expect(try catalog.systemPrompt(preset: nil, recipe: "Reply/Freundlich", variables: [:]).text == expected)
    let overridden = try catalog.systemPrompt(
      preset: nil, recipe: "Reply/Freundlich", variables: ["Anrede": "Du", "Ton": "knapp"])
    #expect(overridden.text == "# Mail\n\n# Reply\n\nAntworte knapp auf Deutsch. Anrede: Du.")
  }

  @Test func aFolderPathBringsItsDirectPresetsInSortOrder() throws {
    var catalog = try sampleCatalog()
    try catalog.move("Mail/Reply/Kurz", to: "Mail/Reply", order: -1)
    let prompt = try catalog.systemPrompt(preset: nil, recipe: "Mail/Reply", variables: [:])
    #expect(prompt.text == "# Mail\n\n# Reply\n\nFasse dich kurz.\n\nAntworte freundlich auf Deutsch. Anrede: Sie.")
  }

  @Test func aPresetByNameTakesTheKeywordsOfItsOnePlaceInTheMenu() throws {
    let prompt = try sampleCatalog().systemPrompt(preset: "freundlich", recipe: nil, variables: ["Ton": "kühl"])
    #expect(prompt.text == "Antworte kühl auf Deutsch. Anrede: Sie.")
    #expect(prompt.source == "preset Freundlich")
  }

  @Test func aPresetShownInTwoPlacesByNameUsesOnlyItsOwnKeywords() throws {
    var catalog = try sampleCatalog()
    let preset = try catalog.resolvePreset("Freundlich").0
    catalog.menuItems.append(MenuItem(id: "ZWEI", name: "Freundlich", kind: .preset, presetId: preset.id))
    #expect(throws: CatalogError.missingVariables(["Sprache", "Ton"])) {
      try catalog.systemPrompt(preset: "Freundlich", recipe: nil, variables: [:])
    }
    let prompt = try catalog.systemPrompt(
      preset: "Freundlich", recipe: nil, variables: ["Sprache": "Englisch", "Ton": "kühl"])
    #expect(prompt.text == "Antworte kühl auf Englisch. Anrede: Sie.")
  }

  @Test func aPresetByPathTakesItsFoldersKeywordsButNoHeadings() throws {
    let prompt = try sampleCatalog().systemPrompt(preset: "Reply/Freundlich", recipe: nil, variables: [:])
    #expect(prompt.text == "Antworte freundlich auf Deutsch. Anrede: Sie.")
  }

  @Test func aFolderIsNoPreset() throws {
    #expect(throws: CatalogError.self) {
      try sampleCatalog().systemPrompt(preset: "Mail/Reply", recipe: nil, variables: [:])
    }
  }

  @Test func withoutANameTheDefaultPresetIsUsed() throws {
    let prompt = try sampleCatalog().systemPrompt(preset: nil, recipe: nil, variables: [:])
    #expect(prompt.text == "Korrigiere den Text.")
    #expect(prompt.source == "default preset Korrektur")
  }

  @Test func withoutANameOrADefaultThereIsNoPrompt() throws {
    var catalog = try sampleCatalog()
    try catalog.edit("Korrektur", changes: EntryChanges(isDefault: false))
    #expect(throws: CatalogError.noSystemPrompt) { try catalog.systemPrompt(preset: nil, recipe: nil, variables: [:]) }
    #expect(throws: CatalogError.noSystemPrompt) {
      try Catalog().systemPrompt(preset: nil, recipe: nil, variables: [:])
    }
  }

  @Test func severalDefaultsAreAConflict() throws {
    var catalog = try sampleCatalog()
    catalog.presets[0].isDefault = true
    #expect(throws: CatalogError.self) { try catalog.systemPrompt(preset: nil, recipe: nil, variables: [:]) }
  }

  @Test func malformedKeywordsInTheCatalogNameTheirOwner() throws {
    var catalog = try sampleCatalog()
    catalog.menuItems[0].keywords = "kaputt"
    #expect(throws: CatalogError.malformedKeywords(owner: "folder \"Mail\"", entry: "kaputt")) {
      try catalog.systemPrompt(preset: nil, recipe: "Reply/Freundlich", variables: [:])
    }
  }

  @Test func aSystemTextIsExpandedWithTheVariablesOnly() throws {
    let prompt = try SystemPrompt.literal(
      "Sei {{Ton|nett}} zu {{Name}}.", source: "--system", variables: ["Name": "Ada"])
    #expect(prompt.text == "Sei nett zu Ada.")
    #expect(throws: CatalogError.missingVariables(["Name"])) {
      try SystemPrompt.literal("{{Name}}", source: "x", variables: [:])
    }
  }
}
