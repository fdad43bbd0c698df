/// `import --merge`: adding another catalog's entries to this one.
extension Catalog {
  /// What a merge added and what it left out because the id was taken.
  public struct MergeSummary: Sendable, Equatable {
    public var added = 0
    public var skipped = 0
  }

  /// Adds the entries of `other` whose ids this catalog does not have yet (a cookbook comes with
  /// its chapters, a recipe with its list of items) and keeps everything else as it is. Throws
  /// ``CatalogError/invalidFile(source:problems:)`` naming `source`, changing nothing, when the
  /// result would not be sound (an added recipe filed in a chapter the kept cookbook lacks).
  @discardableResult
  public mutating func merge(_ other: Catalog, source: String) throws -> MergeSummary {
    var merged = self
    var summary = MergeSummary()
    func add<Entry>(_ entries: [Entry], to list: inout [Entry], id: (Entry) -> String) -> Set<String> {
      var known = Set(list.map(id))
      var added: Set<String> = []
      for entry in entries {
        if known.insert(id(entry)).inserted {
          list.append(entry)
          added.insert(id(entry))
        } else {
          summary.skipped += 1
        }
      }
      summary.added += added.count
      return added
    }
    _ = add(other.menuItems, to: &merged.menuItems, id: \.id)
    _ = add(other.presets, to: &merged.presets, id: \.id)
    _ = add(other.cookbooks, to: &merged.cookbooks, id: \.id)
    let newRecipes = add(other.recipes, to: &merged.recipes, id: \.id)
    merged.recipeMenuItems += other.recipeMenuItems.filter { newRecipes.contains($0.recipeId) }
    let problems = merged.problems()
    guard problems.isEmpty else { throw CatalogError.invalidFile(source: source, problems: problems) }
    self = merged
    return summary
  }
}
