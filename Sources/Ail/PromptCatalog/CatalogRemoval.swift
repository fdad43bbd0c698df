import Localization

/// Removing entries without leaving references to nothing behind.
extension Catalog {
  /// Removes the entry `name` names and everything that only it held, and returns what went,
  /// for messages.
  ///
  /// * A folder must be empty unless `recursive`; then its contents go too, with the presets no
  ///   other menu item shows.
  /// * A preset goes with every menu item that shows it.
  /// * Menu items used by recipes are kept (the change is refused) unless `force`; then they
  ///   leave those recipes.
  /// * A recipe goes with its list of items; a cookbook's recipes stay, filed nowhere.
  @discardableResult
  public mutating func remove(
    _ name: String, kind: CatalogEntry.Kind? = nil, recursive: Bool = false, force: Bool = false
  )
    throws -> [String]
  {
    let entry = try entry(named: name, kind: kind)
    switch entry {
    case .folder(let folder):
      let inside = descendants(of: folder)
      if !inside.isEmpty && !recursive {
        let (shown, count) = (path(of: folder), inside.count)
        throw CatalogError.conflict(
          tr(
            one: "folder \"\(shown)\" holds \(count) menu item: remove them first, or use --recursive",
            other: "folder \"\(shown)\" holds \(count) menu items: remove them first, or use --recursive", count: count)
        )
      }
      let goingItems = Set(([folder] + inside).map(\.id))
      let stillShown = Set(menuItems.filter { !goingItems.contains($0.id) }.compactMap(\.presetId))
      let goingPresets = Set(inside.compactMap(\.presetId)).subtracting(stillShown)
      var removed = try removeItems(goingItems, presets: goingPresets, force: force, what: describe(entry: entry))
      if !inside.isEmpty { removed.insert("\(Self.count(inside.count, "menu item")) inside it", at: 1) }
      return removed
    case .preset(let preset):
      let goingItems = Set(menuItems.filter { $0.presetId == preset.id }.map(\.id))
      return try removeItems(goingItems, presets: [preset.id], force: force, what: describe(entry: entry))
    case .recipe(let recipe):
      recipes.removeAll { $0.id == recipe.id }
      recipeMenuItems.removeAll { $0.recipeId == recipe.id }
      return [describe(entry: entry)]
    case .cookbook(let cookbook):
      cookbooks.removeAll { $0.id == cookbook.id }
      var unfiled = 0
      for index in recipes.indices where recipes[index].cookbookId == cookbook.id {
        recipes[index].cookbookId = nil
        recipes[index].chapterId = nil
        unfiled += 1
      }
      return [describe(entry: entry)] + (unfiled > 0 ? ["\(Self.count(unfiled, "recipe")) unfiled (kept)"] : [])
    }
  }

  private mutating func removeItems(_ itemIds: Set<String>, presets presetIds: Set<String>, force: Bool, what: String)
    throws
    -> [String]
  {
    let users = Set(recipeMenuItems.filter { itemIds.contains($0.menuItemId) }.map(\.recipeId))
    let userNames = recipes.filter { users.contains($0.id) }.map(\.name).sorted()
    if !userNames.isEmpty && !force {
      let list = userNames.map { "\"\($0)\"" }.joined(separator: ", ")
      // TRANSLATORS: {0} is what would be removed ("preset "Short""), {1} the recipes using it.
      throw CatalogError.conflict(
        tr(
          one: "\(what) is used by recipe \(list): use --force to take it out of it",
          other: "\(what) is used by recipes \(list): use --force to take it out of them", count: userNames.count))
    }
    let goingPresets = presets.filter { presetIds.contains($0.id) }.map { "preset \($0.name)" }
    menuItems.removeAll { itemIds.contains($0.id) }
    presets.removeAll { presetIds.contains($0.id) }
    recipeMenuItems.removeAll { itemIds.contains($0.menuItemId) }
    var removed = [what] + goingPresets.filter { $0 != what }
    if !userNames.isEmpty { removed.append("its place in " + userNames.map { "\"\($0)\"" }.joined(separator: ", ")) }
    return removed
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
