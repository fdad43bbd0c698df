import Foundation
import PromptCatalog
import TestSupport
import Testing
import Wire

@Suite struct ImportExportTests {
  private let laterDate = Date(timeIntervalSince1970: 1_900_000_000)

  @Test func theAppsExportImports() throws {
    let catalog = try Catalog(exportData: AppExportFixture.data, source: "app.json")
    #expect(catalog.menuItems.count == 5 && catalog.presets.count == 3 && catalog.recipes.count == 1)
    #expect(catalog.exportDate?.text == "2025-03-14T09:26:53.589Z")
    #expect(catalog.unknownMembers["appVersion"] == .string("2.4.1 (311)"))
    #expect(catalog.menuItems[0].unknownMembers["isExpanded"] == .bool(true))
    #expect(catalog.menuItems[3].parentId == nil)
    #expect(catalog.presets[0].unknownMembers["model"]?["temperature"] == .number(0.7))
    #expect(catalog.cookbooks[0].chapters[0].unknownMembers["summary"] == .string("Alles zur Post"))
    #expect(catalog.presets[1].updatedAt?.date == Date(timeIntervalSince1970: 1_735_052_400))
    #expect(catalog.presets[2].createdAt?.text == "2025-03-01T12:00:00.000001Z")
  }

  @Test func theAppsExportMakesTheExpectedPrompt() throws {
    let catalog = try Catalog(exportData: AppExportFixture.data, source: "app.json")
    let prompt = try catalog.systemPrompt(preset: nil, recipe: "Antwort mit Korrektur", variables: ["Anrede": "Du"])
    #expect(
      prompt.text
        == "Antworte freundlich auf Deutsch.\nAnrede: Du; Gruß: Herzliche Grüße\n\nKorrigiere Rechtschreibung und Grammatik."
    )
    #expect(prompt.keywords["Firma"] == "ACME" && prompt.keywords["Abteilung"] == "Einkauf")
    #expect(try catalog.systemPrompt(preset: nil, recipe: nil, variables: [:]).source == "default preset Korrektur")
  }

  @Test func theAppsExportExportsBackWithTheSameContent() throws {
    let catalog = try Catalog(exportData: AppExportFixture.data, source: "app.json")
    let exported = try catalog.exportData(exportDate: laterDate)
    #expect(try json(exported).normalized() == json(AppExportFixture.data).normalized())
    let text = String(decoding: exported, as: UTF8.self)
    for date in ["2024-11-02T18:04:11.123Z", "2025-01-20T07:45:00.5Z", "2024-12-24T16:00:00.000+01:00"] {
      #expect(text.contains("\"\(date)\""))
    }
    #expect(try json(exported)["exportDate"] == .string("2030-03-17T17:46:40Z"))
  }

  @Test func exportImportExportIsByteIdentical() throws {
    let first = try Catalog(exportData: AppExportFixture.data, source: "app.json").exportData(exportDate: laterDate)
    let second = try Catalog(exportData: first, source: "first").exportData(exportDate: laterDate)
    #expect(first == second)
    let own = try sampleCatalog().exportData(exportDate: laterDate)
    #expect(try Catalog(exportData: own, source: "own").exportData(exportDate: laterDate) == own)
  }

  @Test func theStoreRoundTripDiffersOnlyInTheExportDate() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let store = CatalogStore(path: folder + "/catalog.json")
    let first = try Catalog(exportData: AppExportFixture.data, source: "app.json").exportData(exportDate: laterDate)
    try store.importCatalog(first, source: "first", at: fixedNow)
    let second = try store.load().exportData(exportDate: laterDate)
    #expect(first == second)
    let stored = try Data(contentsOf: URL(fileURLWithPath: store.path))
    let withoutDate = { (data: Data) in
      String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.contains("exportDate") }
    }
    #expect(withoutDate(stored) == withoutDate(first))
  }

  @Test func unknownMembersAddedAnywhereSurviveARoundTrip() throws {
    var catalog = try sampleCatalog()
    catalog.unknownMembers["future"] = ["a": [1, 2.5, "x", nil, true]]
    catalog.menuItems[1].unknownMembers["color"] = "#fff"
    catalog.presets[0].unknownMembers["tags"] = ["a", "b"]
    catalog.recipes[0].unknownMembers["n"] = 9_007_199_254_740_993
    catalog.cookbooks[0].unknownMembers["x"] = .object([:])
    catalog.cookbooks[0].chapters[0].unknownMembers["y"] = false
    catalog.recipeMenuItems[0].unknownMembers["z"] = "w"
    let data = try catalog.exportData(exportDate: laterDate)
    var back = try Catalog(exportData: data, source: "x")
    back.exportDate = nil
    #expect(back == catalog)
  }

  @Test(arguments: Breakage.allCases)
  func aBrokenFileIsRefusedAndTheStoredCatalogStaysAsItWas(_ breakage: Breakage) throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let store = CatalogStore(path: folder + "/catalog.json")
    try store.save(try sampleCatalog(), at: fixedNow)
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))

    var broken = try Catalog(exportData: AppExportFixture.data, source: "app.json")
    breakage.apply(to: &broken)
    let data = try broken.exportData(exportDate: laterDate)
    for merge in [false, true] {
      #expect {
        try store.importCatalog(data, source: "broken.json", merge: merge)
      } throws: { error in
        guard case CatalogError.invalidFile(let source, let problems) = error else { return false }
        return source == "broken.json" && problems.contains { $0.contains(breakage.expectedProblem) }
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["catalog.json"])
  }

  @Test func aNewerVersionIsRefusedWithTheReason() throws {
    let data = Data(#"{"version": 2, "menuItems": "a new shape"}"#.utf8)
    #expect(throws: CatalogError.unsupportedVersion(source: "new.json", version: 2)) {
      try Catalog(exportData: data, source: "new.json")
    }
    #expect(CatalogError.unsupportedVersion(source: "new.json", version: 2).description.contains("newer"))
  }

  @Test(arguments: [
    (#"{"menuItems": []}"#, "no \"version\""),
    (#"{"version": 0}"#, "version 0"),
    (#"[1, 2]"#, "the file"),
    (#"{"version": 1, "menuItems": [{"id": "A", "name": "x", "type": "link"}]}"#, "menuItems[0].type"),
    (
      #"{"version": 1, "menuItems": [{"id": "A", "name": "x", "type": "folder", "sortOrder": "first"}]}"#,
      "menuItems[0].sortOrder: expected an integer"
    ),
    (#"{"version": 1, "presets": [{"id": "A", "text": "x"}]}"#, "presets[0].name: missing"),
    (#"{"version": 1, "presets": [{"id": "A", "name": "x", "createdAt": "gestern"}]}"#, "presets[0].createdAt"),
    (#"{"version": 1, "recipes": {"id": "A"}}"#, "recipes: expected an array"),
    ("{\"version\": 1,", "not JSON"),
  ])
  func aMalformedFileSaysWhere(_ text: String, _ expected: String) {
    #expect {
      try Catalog(exportData: Data(text.utf8), source: "bad.json")
    } throws: { error in
      guard case CatalogError.invalidFile(_, let problems) = error else { return false }
      return problems.count == 1 && problems[0].contains(expected)
    }
  }

  @Test func optionalMembersMayBeMissing() throws {
    let text = #"""
      {"version": 1,
       "menuItems": [{"id": "F", "name": "Ordner", "type": "folder"}, {"id": "I", "parentId": "F", "name": "P", "type": "preset", "presetId": "P"}],
       "presets": [{"id": "P", "name": "P", "text": "Hallo"}],
       "recipes": [{"id": "R", "name": "R"}],
       "recipeMenuItems": [{"recipeId": "R", "menuItemId": "I"}]}
      """#
    let catalog = try Catalog(exportData: Data(text.utf8), source: "small.json")
    #expect(catalog.recipes[0].separator == "\n\n" && catalog.presets[0].isDefault == false)
    #expect(try catalog.systemPrompt(preset: nil, recipe: "R", variables: [:]).text == "Hallo")
  }

  @Test func aLongListOfProblemsIsShortenedInTheMessage() throws {
    var catalog = Catalog()
    for index in 0..<12 {
      catalog.menuItems.append(MenuItem(id: "I\(index)", parentId: "nowhere", name: "x", kind: .folder))
    }
    #expect {
      try Catalog(exportData: catalog.exportData(), source: "many.json")
    } throws: { error in
      guard case CatalogError.invalidFile(_, let problems) = error else { return false }
      let message = "\(error)"
      return problems.count == 12 && message.contains("… and 2 more") && message.split(separator: "\n").count == 12
    }
  }

  @Test func importReplacesTheCatalogByDefault() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let store = CatalogStore(path: folder + "/catalog.json")
    try store.save(try sampleCatalog(), at: fixedNow)
    let (catalog, summary) = try store.importCatalog(AppExportFixture.data, source: "app.json", at: laterDate)
    #expect(summary.added == 10 && summary.skipped == 0)
    #expect(try store.load() == catalog)
    #expect(catalog.presets.map(\.name) == ["Freundlich", "Korrektur", "Entwurf"])
    #expect(
      (try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test func mergeAddsOnlyEntriesWithNewIds() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let store = CatalogStore(path: folder + "/catalog.json")
    var current = try Catalog(exportData: AppExportFixture.data, source: "app.json")
    current.presets[0].text = "Schon hier, bleibt so."
    current.presets.remove(at: 2)  // Entwurf
    try store.save(current, at: fixedNow)

    let (merged, summary) = try store.importCatalog(
      AppExportFixture.data, source: "app.json", merge: true, at: laterDate)
    #expect(summary.added == 1 && summary.skipped == 9)
    #expect(merged.presets.map(\.name) == ["Freundlich", "Korrektur", "Entwurf"])
    #expect(merged.presets[0].text == "Schon hier, bleibt so.")
    #expect(merged.recipeMenuItems.count == 2)

    let own = try sampleCatalog().exportData()
    let (both, _) = try store.importCatalog(own, source: "own.json", merge: true)
    #expect(both.recipes.count == 2 && both.recipeMenuItems.count == 5 && both.problems().isEmpty)
  }

  @Test func aMergeThatWouldBreakReferencesChangesNothing() throws {
    let folder = try makeTemporaryFolder()
    defer { TemporaryFolder.remove(folder) }
    let store = CatalogStore(path: folder + "/catalog.json")
    var current = try Catalog(exportData: AppExportFixture.data, source: "app.json")
    current.cookbooks[0].chapters = []
    current.recipes = []
    current.recipeMenuItems = []
    try store.save(current, at: fixedNow)
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
    #expect(throws: CatalogError.self) {
      try store.importCatalog(AppExportFixture.data, source: "app.json", merge: true)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
  }
}

/// Ways to break an otherwise good file, with the problem each must be reported as.
enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case unknownParent, unknownPreset, presetItemWithoutPreset, linkToUnknownRecipe, linkToUnknownMenuItem
  case unknownCookbook, unknownChapter, chapterOfAnotherCookbook, cycle, ownParent, longIcon
  case duplicateMenuItemId, duplicatePresetId, duplicateRecipeId, duplicateCookbookId, duplicateChapterId, emptyId

  var testDescription: String { rawValue }

  var expectedProblem: String {
    switch self {
    case .unknownParent: "parent NOPE does not exist"
    case .unknownPreset: "preset NOPE does not exist"
    case .presetItemWithoutPreset: "a preset item names no preset"
    case .linkToUnknownRecipe: "recipe NOPE does not exist"
    case .linkToUnknownMenuItem: "menu item NOPE does not exist"
    case .unknownCookbook: "cookbook NOPE does not exist"
    case .unknownChapter: "chapter NOPE does not exist"
    case .chapterOfAnotherCookbook: "is not in its cookbook"
    case .cycle, .ownParent: "(a cycle)"
    case .longIcon: "icon \"ABCD\" is longer than 3 characters"
    case .duplicateMenuItemId: "menu item id \(AppExportFixture.mailFolder) is used more than once"
    case .duplicatePresetId: "preset id \(AppExportFixture.korrekturPreset) is used more than once"
    case .duplicateRecipeId: "recipe id \(AppExportFixture.recipe) is used more than once"
    case .duplicateCookbookId: "cookbook id \(AppExportFixture.cookbook) is used more than once"
    case .duplicateChapterId: "chapter id \(AppExportFixture.chapter) is used more than once"
    case .emptyId: "has an empty id"
    }
  }

  func apply(to catalog: inout Catalog) {
    switch self {
    case .unknownParent: catalog.menuItems[1].parentId = "NOPE"
    case .unknownPreset: catalog.menuItems[2].presetId = "NOPE"
    case .presetItemWithoutPreset: catalog.menuItems[2].presetId = nil
    case .linkToUnknownRecipe: catalog.recipeMenuItems[0].recipeId = "NOPE"
    case .linkToUnknownMenuItem: catalog.recipeMenuItems[1].menuItemId = "NOPE"
    case .unknownCookbook: catalog.recipes[0].cookbookId = "NOPE"
    case .unknownChapter: catalog.recipes[0].chapterId = "NOPE"
    case .chapterOfAnotherCookbook:
      catalog.cookbooks.append(Cookbook(id: "OTHER", name: "Anderes"))
      catalog.recipes[0].cookbookId = "OTHER"
    case .cycle: catalog.menuItems[0].parentId = AppExportFixture.freundlichItem
    case .ownParent: catalog.menuItems[3].parentId = AppExportFixture.notesFolder
    case .longIcon: catalog.presets[0].icon = "ABCD"
    case .duplicateMenuItemId: catalog.menuItems[3].id = AppExportFixture.mailFolder
    case .duplicatePresetId: catalog.presets[2].id = AppExportFixture.korrekturPreset
    case .duplicateRecipeId: catalog.recipes.append(catalog.recipes[0])
    case .duplicateCookbookId: catalog.cookbooks.append(Cookbook(id: AppExportFixture.cookbook, name: "Zwilling"))
    case .duplicateChapterId:
      catalog.cookbooks.append(
        Cookbook(id: "OTHER", name: "Anderes", chapters: [.init(id: AppExportFixture.chapter, name: "Post")]))
    case .emptyId: catalog.presets[2].id = ""
    }
  }
}
