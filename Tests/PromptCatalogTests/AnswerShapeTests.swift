import Foundation
import PromptCatalog
import Testing
import Wire

/// What presets say of their answers — condensing, a schema — reaches the system prompt of every
/// way of naming them, survives the file, and can be changed.
@Suite struct AnswerShapeTests {
  @Test func theStartingCatalogsSummariesCondenseAndItsTaskListHasASchema() throws {
    var catalog = Catalog()
    try catalog.addDefaults(now: Date(timeIntervalSince1970: 0))
    let summary = try catalog.systemPrompt(preset: "Summary", recipe: nil, variables: [:])
    #expect(summary.condenses)
    #expect(summary.schema == nil)
    let tasks = try catalog.systemPrompt(preset: nil, recipe: "Mail/Analyze/Tasks", variables: [:])
    #expect(tasks.condenses)
    #expect(tasks.schema?["properties"]?["tasks"]?["items"]?["required"] == ["title"])
    let proofread = try catalog.systemPrompt(preset: "Proofread", recipe: nil, variables: [:])
    #expect(!proofread.condenses && proofread.schema == nil)
  }

  @Test func aRecipeCondensesWhenOneOfItsPresetsDoesAndEditingChangesIt() throws {
    var catalog = Catalog()
    try catalog.addPreset(named: "Plain", text: "Rewrite.", now: Date(timeIntervalSince1970: 0))
    try catalog.addPreset(
      named: "Short", text: "Summarise.", condenses: true, schema: ["type": "string"],
      now: Date(timeIntervalSince1970: 0))
    try catalog.addRecipe(named: "Both", items: ["Plain", "Short"])
    let both = try catalog.systemPrompt(preset: nil, recipe: "Both", variables: [:])
    #expect(both.condenses && both.schema == ["type": "string"])
    try catalog.edit("Short", changes: EntryChanges(condenses: false))
    #expect(!(try catalog.systemPrompt(preset: nil, recipe: "Both", variables: [:]).condenses))

    let data = try JSONEncoder().encode(catalog)
    let again = try JSONDecoder().decode(Catalog.self, from: data)
    #expect(again.presets.first { $0.name == "Short" }?.schema == ["type": "string"])
    #expect(String(decoding: data, as: UTF8.self).contains("condenses") == false, "false is not written")
  }
}
