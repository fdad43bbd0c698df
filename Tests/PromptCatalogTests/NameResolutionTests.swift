import PromptCatalog
import Testing

@Suite struct NameResolutionTests {
  /// Two folders called Reply, in Mail and in Chat.
  private func twoReplies() throws -> Catalog {
    var catalog = try sampleCatalog()
    try catalog.addFolder(named: "Chat")
    try catalog.addFolder(named: "Reply", in: "Chat")
    try catalog.addPreset(named: "Locker", text: "Locker.", in: "Chat/Reply")
    return catalog
  }

  @Test func pathsWalkTheFolderTree() throws {
    let catalog = try sampleCatalog()
    let item = try catalog.menuItem(atPath: "Mail/Reply/Freundlich")
    #expect(catalog.path(of: item) == "Mail/Reply/Freundlich")
    #expect(try catalog.menuItem(atPath: "/Mail/Reply/Freundlich") == item)
    #expect(try catalog.menuItem(atPath: "Reply/Freundlich") == item)
    #expect(try catalog.menuItem(atPath: "Freundlich") == item)
    #expect(try catalog.menuItem(atPath: "mail/reply/freundlich") == item)
    #expect(try catalog.menuItem(atPath: "Mail/Reply/Freundlich/") == item)
  }

  @Test func aLeadingSlashInsistsOnTheWholePath() throws {
    #expect(throws: CatalogError.self) { try sampleCatalog().menuItem(atPath: "/Reply/Freundlich") }
  }

  @Test func aWholePathWinsOverTheEndOfALongerOne() throws {
    var catalog = try sampleCatalog()
    try catalog.addFolder(named: "Reply")
    let top = try catalog.menuItem(atPath: "Reply")
    #expect(top.parentId == nil)
  }

  @Test func anAmbiguousPathListsEveryFit() throws {
    let catalog = try twoReplies()
    #expect(throws: CatalogError.ambiguous(what: "menu item", name: "Reply", matches: ["Chat/Reply", "Mail/Reply"])) {
      try catalog.resolveRecipe("Reply")
    }
    #expect(try catalog.menuItem(atPath: "Chat/Reply").parentId != nil)
  }

  @Test func anUnknownNameSuggestsCloseOnes() throws {
    let catalog = try sampleCatalog()
    #expect {
      try catalog.resolveRecipe("Reply/Freundich")
    } throws: { error in
      guard case CatalogError.notFound(_, let name, let candidates, _) = error else { return false }
      return name == "Reply/Freundich" && candidates.first == "Mail/Reply/Freundlich"
        && (error as? CatalogError)?.description.contains("did you mean \"Mail/Reply/Freundlich\"") == true
    }
    #expect {
      try catalog.resolvePreset("Korektur")
    } throws: { error in
      guard case CatalogError.notFound(let what, _, let candidates, _) = error else { return false }
      return what == "preset" && candidates == ["Korrektur"]
    }
  }

  @Test func anUnknownNameWithNothingCloseListsWhatTheCatalogHas() throws {
    let catalog = try sampleCatalog()
    #expect {
      try catalog.resolvePreset("Summary")
    } throws: { error in
      let message = (error as? CatalogError)?.description ?? ""
      return message.hasPrefix("no preset named \"Summary\"; the catalog has ")
        && catalog.presets.allSatisfy { message.contains("\"\($0.name)\"") } && message.contains("ail-ai catalog list")
    }
    var crowded = Catalog()
    for number in 1...20 {
      try crowded.addPreset(named: "Preset \(number)", text: "Text \(number).", in: nil, now: fixedNow)
    }
    let message = String(describing: try #require(throws: CatalogError.self) { try crowded.resolvePreset("Summary") })
    #expect(message.contains("and \(20 - CatalogError.namesListed) more"))
  }

  @Test func anUnknownNameInAnEmptyCatalogSaysHowToFillIt() {
    #expect(throws: CatalogError.emptyCatalog) { try Catalog().resolveRecipe("Reply") }
    #expect(CatalogError.emptyCatalog.description.contains("ail-ai catalog init"))
  }

  @Test func aRecipeNameWinsOverAMenuPath() throws {
    var catalog = try sampleCatalog()
    try catalog.addRecipe(named: "Kurz", items: ["Korrektur"])
    guard case .recipe(let recipe) = try catalog.resolveRecipe("Kurz") else {
      Issue.record("expected the recipe")
      return
    }
    #expect(recipe.name == "Kurz")
    guard case .menuItem(let item) = try catalog.resolveRecipe("Reply/Kurz") else {
      Issue.record("expected the menu item")
      return
    }
    #expect(item.name == "Kurz")
  }

  @Test func exactCaseWinsThenAUniqueMatchIgnoringCase() throws {
    var catalog = try sampleCatalog()
    try catalog.addPreset(named: "kurz2", text: "a")
    try catalog.addPreset(named: "KURZ2X", text: "b")
    #expect(try catalog.resolvePreset("kurz2").0.text == "a")
    #expect(try catalog.resolvePreset("Kurz2x").0.text == "b")
  }

  @Test func presetsOfTheSameNameAreAmbiguous() throws {
    var catalog = try sampleCatalog()
    catalog.presets.append(Preset(id: "X", name: "Kurz", text: "anders"))
    #expect(throws: CatalogError.ambiguous(what: "preset", name: "Kurz", matches: ["Mail/Reply/Kurz", "Kurz (X)"])) {
      try catalog.resolvePreset("Kurz")
    }
  }

  @Test func entriesOfSeveralKindsNeedTheKindSaid() throws {
    var catalog = try sampleCatalog()
    try catalog.addRecipe(named: "Notes", items: ["Korrektur"])
    #expect {
      try catalog.entry(named: "Notes")
    } throws: { error in
      guard case CatalogError.ambiguous(_, _, let matches) = error else { return false }
      return matches == ["folder Notes", "recipe Notes"] && "\(error)".contains("--type")
    }
    #expect(try catalog.entry(named: "Notes", kind: .recipe).kind == .recipe)
    #expect(try catalog.entry(named: "Notes", kind: .folder).kind == .folder)
  }

  @Test func aPresetCanBeNamedByItsMenuPath() throws {
    let catalog = try sampleCatalog()
    guard case .preset(let preset) = try catalog.entry(named: "Reply/Freundlich") else {
      Issue.record("expected the preset")
      return
    }
    #expect(preset.name == "Freundlich")
    #expect(try catalog.entry(named: "büro").kind == .cookbook)
  }
}
