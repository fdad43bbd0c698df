import Foundation
import PromptCatalog
import Testing

@Suite struct CatalogEditingTests {
  @Test func addingAFolderPutsItLastInItsParent() throws {
    var catalog = try sampleCatalog()
    let folder = try catalog.addFolder(named: "Forward", in: "Mail", icon: "↪️", keywords: "Ton: neutral")
    #expect(catalog.children(of: try catalog.menuItem(atPath: "Mail").id).map(\.name) == ["Reply", "Forward"])
    #expect(folder.kind == .folder && folder.icon == "↪️" && folder.keywords == "Ton: neutral")
    #expect(UUID(uuidString: folder.id) != nil && folder.id == folder.id.uppercased())
  }

  @Test func addingRefusesTakenNamesLongIconsBadKeywordsAndSlashes() throws {
    var catalog = try sampleCatalog()
    let before = catalog
    #expect(throws: CatalogError.conflict("\"Mail/Reply\" already exists")) {
      try catalog.addFolder(named: "Reply", in: "Mail")
    }
    #expect(throws: CatalogError.invalidValue("icon \"ABCD\" is longer than 3 characters")) {
      try catalog.addFolder(named: "X", icon: "ABCD")
    }
    #expect(throws: CatalogError.malformedKeywords(owner: "folder \"X\"", entry: "kaputt")) {
      try catalog.addFolder(named: "X", keywords: "kaputt")
    }
    #expect(throws: CatalogError.self) { try catalog.addFolder(named: "a/b") }
    #expect(throws: CatalogError.self) { try catalog.addFolder(named: "  ") }
    #expect(throws: CatalogError.self) { try catalog.addFolder(named: "X", in: "Nirgends") }
    #expect(throws: CatalogError.self) { try catalog.addPreset(named: "kurz", text: "doppelt") }
    #expect(throws: CatalogError.self) { try catalog.addRecipe(named: "antwort", items: ["Kurz"]) }
    #expect(throws: CatalogError.self) { try catalog.addCookbook(named: "BÜRO") }
    #expect(catalog == before)
  }

  @Test func anIconIsCountedInCharactersAsPeopleSeeThem() throws {
    var catalog = Catalog()
    try catalog.addFolder(named: "A", icon: "👩‍💻🇩🇪✉️")
    #expect(catalog.menuItems[0].icon == "👩‍💻🇩🇪✉️")
  }

  @Test func addingAPresetInAFolderAddsItsMenuItem() throws {
    var catalog = try sampleCatalog()
    let preset = try catalog.addPreset(
      named: "Förmlich", text: "Förmlich.", in: "Mail/Reply", icon: "🎩", keywords: "Anrede: Sie", now: fixedNow)
    let item = try catalog.menuItem(atPath: "Mail/Reply/Förmlich")
    #expect(item.kind == .preset && item.presetId == preset.id && item.icon == "🎩")
    #expect(preset.createdAt == Timestamp(fixedNow) && preset.updatedAt == Timestamp(fixedNow))
    #expect(preset.createdAt?.text == "2027-01-15T08:00:00Z")
  }

  @Test func aPresetOutsideTheMenuHasNoMenuItem() throws {
    var catalog = try sampleCatalog()
    let count = catalog.menuItems.count
    try catalog.addPreset(named: "Lose", text: "x", inMenu: false)
    #expect(catalog.menuItems.count == count)
    #expect(try catalog.systemPrompt(preset: "Lose", recipe: nil, variables: [:]).text == "x")
  }

  @Test func markingADefaultTakesTheMarkFromTheOthers() throws {
    var catalog = try sampleCatalog()
    try catalog.addPreset(named: "Neu", text: "x", isDefault: true)
    #expect(catalog.presets.filter(\.isDefault).map(\.name) == ["Neu"])
    try catalog.edit("Korrektur", changes: EntryChanges(isDefault: true))
    #expect(catalog.presets.filter(\.isDefault).map(\.name) == ["Korrektur"])
  }

  @Test func addingARecipeFilesItInItsCookbookAndChapter() throws {
    let catalog = try sampleCatalog()
    let recipe = try #require(catalog.recipes.first)
    let cookbook = try #require(catalog.cookbooks.first)
    #expect(recipe.cookbookId == cookbook.id && recipe.chapterId == cookbook.chapters.first?.id)
    #expect(recipe.separator == "\n---\n")
    #expect(catalog.items(of: recipe).map(catalog.path(of:)) == ["Mail/Reply", "Mail/Reply/Freundlich", "Signatur"])
  }

  @Test func aRecipeNeedsKnownItemsAndAKnownChapter() throws {
    var catalog = try sampleCatalog()
    #expect(throws: CatalogError.self) { try catalog.addRecipe(named: "R", items: []) }
    #expect(throws: CatalogError.self) { try catalog.addRecipe(named: "R", items: ["Nirgends"]) }
    #expect(throws: CatalogError.self) {
      try catalog.addRecipe(named: "R", items: ["Kurz"], cookbook: "Büro", chapter: "Fehlt")
    }
    #expect(throws: CatalogError.self) { try catalog.addRecipe(named: "R", items: ["Kurz"], chapter: "Post") }
    #expect(throws: CatalogError.self) { try catalog.addCookbook(named: "Neu", chapters: ["A", "a"]) }
  }

  @Test func editingAPresetChangesItsTextNameAndMenuItems() throws {
    var catalog = try sampleCatalog()
    let later = fixedNow.addingTimeInterval(60)
    try catalog.edit(
      "Reply/Kurz", changes: EntryChanges(name: "Knapp", icon: "⚡", text: "Knapp!", isDefault: nil), now: later)
    let preset = try catalog.resolvePreset("Knapp").0
    #expect(preset.text == "Knapp!" && preset.icon == "⚡")
    #expect(preset.updatedAt == Timestamp(later) && preset.createdAt == Timestamp(fixedNow))
    #expect(try catalog.menuItem(atPath: "Mail/Reply/Knapp").icon == "⚡")
    #expect(throws: CatalogError.self) { try catalog.resolvePreset("Kurz") }
  }

  @Test func editingClearsIconAndKeywordsWithEmptyStrings() throws {
    var catalog = try sampleCatalog()
    try catalog.edit("Mail", changes: EntryChanges(icon: "", keywords: ""))
    let mail = try catalog.menuItem(atPath: "Mail")
    #expect(mail.icon == nil && mail.keywords == nil)
  }

  @Test func editingARecipeReplacesItsItemsAndFiling() throws {
    var catalog = try sampleCatalog()
    try catalog.edit("Antwort", changes: EntryChanges(separator: " ", items: ["Kurz", "Korrektur"], cookbook: ""))
    let recipe = try #require(catalog.recipes.first)
    #expect(recipe.cookbookId == nil && recipe.chapterId == nil)
    #expect(
      try catalog.systemPrompt(preset: nil, recipe: "Antwort", variables: [:]).text
        == "Fasse dich kurz. Korrigiere den Text.")
    try catalog.edit("Antwort", changes: EntryChanges(cookbook: "Büro", chapter: "Post"))
    #expect(catalog.recipes[0].chapterId == catalog.cookbooks[0].chapters[0].id)
  }

  @Test func editingACookbookAddsChapters() throws {
    var catalog = try sampleCatalog()
    try catalog.edit("Büro", changes: EntryChanges(name: "Arbeit", newChapters: ["Notizen"]))
    #expect(catalog.cookbooks[0].name == "Arbeit")
    #expect(catalog.cookbooks[0].chapters.map(\.name) == ["Post", "Notizen"])
  }

  @Test func editRefusesChangesThatDoNotFitTheKind() throws {
    var catalog = try sampleCatalog()
    let before = catalog
    #expect(throws: CatalogError.self) { try catalog.edit("Mail", changes: EntryChanges(text: "x")) }
    #expect(throws: CatalogError.self) { try catalog.edit("Kurz", changes: EntryChanges(separator: "x")) }
    #expect(throws: CatalogError.self) { try catalog.edit("Kurz", changes: EntryChanges(name: "Korrektur")) }
    #expect(throws: CatalogError.self) { try catalog.edit("Kurz", changes: EntryChanges(icon: "viel zu lang")) }
    #expect(catalog == before)
  }

  @Test func moveChangesParentAndOrder() throws {
    var catalog = try sampleCatalog()
    try catalog.move("Kurz", to: "Notes")
    #expect(try catalog.menuItem(atPath: "Notes/Kurz").sortOrder == 1)
    try catalog.move("Notes/Kurz", to: nil, order: 7)
    let moved = try catalog.menuItem(atPath: "/Kurz")
    #expect(moved.parentId == nil && moved.sortOrder == 7)
  }

  @Test func moveRefusesCyclesAndTakenNames() throws {
    var catalog = try sampleCatalog()
    #expect(throws: CatalogError.self) { try catalog.move("Mail", to: "Mail/Reply") }
    #expect(throws: CatalogError.self) { try catalog.move("Mail", to: "Mail") }
    try catalog.addFolder(named: "Reply")
    #expect(throws: CatalogError.self) { try catalog.move("Mail/Reply", to: nil) }
    #expect(throws: CatalogError.self) { try catalog.move("Kurz", to: "Reply/Kurz") }
    #expect(catalog.problems().isEmpty)
  }

  @Test func removingANonEmptyFolderNeedsRecursive() throws {
    var catalog = try sampleCatalog()
    #expect(throws: CatalogError.self) { try catalog.remove("Notes") }
    let removed = try catalog.remove("Notes", recursive: true)
    #expect(removed == ["folder Notes", "1 menu item inside it", "preset Korrektur"])
    #expect(!catalog.presets.contains { $0.name == "Korrektur" })
    #expect(catalog.problems().isEmpty)
  }

  @Test func removingWhatRecipesUseNeedsForce() throws {
    var catalog = try sampleCatalog()
    let before = catalog
    #expect(throws: CatalogError.self) { try catalog.remove("Mail", recursive: true) }
    #expect(throws: CatalogError.self) { try catalog.remove("Freundlich") }
    #expect(catalog == before)
    try catalog.remove("Freundlich", force: true)
    #expect(catalog.items(of: catalog.recipes[0]).map(catalog.path(of:)) == ["Mail/Reply", "Signatur"])
    try catalog.remove("Mail", recursive: true, force: true)
    #expect(catalog.menuItems.map(catalog.path(of:)).sorted() == ["Notes", "Notes/Korrektur", "Signatur"])
    #expect(catalog.presets.map(\.name).sorted() == ["Korrektur", "Signatur"])
    #expect(catalog.problems().isEmpty)
  }

  @Test func aPresetShownElsewhereSurvivesItsFolder() throws {
    var catalog = try sampleCatalog()
    let kurz = try catalog.resolvePreset("Kurz").0
    catalog.menuItems.append(MenuItem(id: "EXTRA", name: "Kurz", kind: .preset, presetId: kurz.id))
    try catalog.remove("Mail/Reply", recursive: true, force: true)
    #expect(catalog.presets.contains { $0.name == "Kurz" })
    #expect(!catalog.presets.contains { $0.name == "Freundlich" })
  }

  @Test func removingARecipeOrCookbookKeepsTheRest() throws {
    var catalog = try sampleCatalog()
    #expect(try catalog.remove("Büro") == ["cookbook Büro", "1 recipe unfiled (kept)"])
    #expect(catalog.recipes[0].cookbookId == nil && catalog.recipes[0].chapterId == nil)
    try catalog.remove("Antwort")
    #expect(catalog.recipes.isEmpty && catalog.recipeMenuItems.isEmpty)
    #expect(catalog.presets.count == 4)
  }

  @Test func initAddsTheDefaultCategoriesOnce() throws {
    var catalog = Catalog()
    let added = try catalog.addDefaults(now: fixedNow)
    #expect(
      added.filter { $0.hasPrefix("folder") } == [
        "folder Mail", "folder Mail/Reply", "folder Mail/Forward", "folder Mail/Analyze", "folder Notes",
        "folder Articles", "folder General",
      ])
    #expect(catalog.children(of: nil).map(\.name) == ["Mail", "Notes", "Articles", "General"])
    #expect(
      catalog.children(of: try catalog.menuItem(atPath: "Mail").id).map(\.name) == ["Reply", "Forward", "Analyze"])
    #expect(catalog.problems().isEmpty)
    let prompt = try catalog.systemPrompt(preset: nil, recipe: "Reply/Friendly", variables: ["Tone": "formal"])
    #expect(prompt.text.contains("in a formal tone"))
    #expect(
      try catalog.systemPrompt(preset: nil, recipe: "Reply/Friendly", variables: [:]).text.contains(
        "in a warm but professional tone"))
    #expect(try catalog.defaultPreset()?.name == "Proofread")
    // The names the README, the tools' help and scripts/ail.mk use.
    for preset in ["Proofread", "Tidy", "Summarize", "Friendly"] {
      #expect(throws: Never.self) { try catalog.systemPrompt(preset: preset, recipe: nil, variables: [:]) }
    }
    for recipe in ["Mail/Reply/Friendly", "Notes/Tidy", "Articles/Summary"] {
      #expect(throws: Never.self) { try catalog.systemPrompt(preset: nil, recipe: recipe, variables: [:]) }
    }

    let again = catalog
    #expect(try catalog.addDefaults(now: fixedNow.addingTimeInterval(10)) == [])
    #expect(catalog == again)
  }

  @Test func initFillsInOnlyWhatIsMissing() throws {
    var catalog = try sampleCatalog()
    let added = try catalog.addDefaults(now: fixedNow)
    #expect(added.contains("folder Mail/Forward") && !added.contains("folder Mail") && !added.contains("folder Notes"))
    #expect(added.contains("preset Notes/Proofread"))
    #expect(catalog.presets.filter(\.isDefault).map(\.name) == ["Korrektur"])
    #expect(catalog.problems().isEmpty)
  }
}
