import Localization

/// Turning the names people type (`--preset`, `--recipe`) into prompts.
extension Catalog {
  /// The system prompt for `--preset NAME`, `--recipe NAME`, or the default preset when both
  /// are nil; `variables` (`--var`) override every keyword.
  ///
  /// A preset shown at one place in the menu (or named by its menu path) takes the keywords of
  /// the folders it is in, but no headings.
  ///
  /// A recipe name is looked up among the recipes first; otherwise it is a menu path
  /// (``menuItem(atPath:kind:)``) standing for an implicit recipe (``plan(menuItem:)``).
  public func systemPrompt(preset: String?, recipe: String?, variables: [String: String]) throws -> SystemPrompt {
    try plan(preset: preset, recipe: recipe).render(variables: variables)
  }

  /// The plan behind ``systemPrompt(preset:recipe:variables:)``.
  public func plan(preset: String?, recipe: String?) throws -> PromptPlan {
    switch (preset, recipe) {
    case (let name?, nil):
      let (preset, item) = try resolvePreset(name)
      return plan(preset: preset, through: item ?? soleMenuItem(showing: preset))
    case (nil, let name?):
      switch try resolveRecipe(name) {
      case .recipe(let recipe): return plan(recipe: recipe)
      case .menuItem(let item): return plan(menuItem: item)
      }
    case (nil, nil):
      guard let preset = try defaultPreset() else { throw CatalogError.noSystemPrompt }
      var plan = plan(preset: preset, through: soleMenuItem(showing: preset))
      plan.source = "default preset \(preset.name)"
      return plan
    case (_?, _?):
      throw CatalogError.invalidValue(tr("give a preset or a recipe, not both"))
    }
  }

  /// What a `--recipe` name stands for.
  public enum RecipeReference: Sendable, Equatable {
    case recipe(Recipe)
    case menuItem(MenuItem)
  }

  /// A recipe of that name (exactly, else ignoring case), else the menu item at that path.
  public func resolveRecipe(_ name: String) throws -> RecipeReference {
    let named = NameMatching.matches(name, in: recipes, name: \.name)
    if named.count == 1 { return .recipe(named[0]) }
    if named.count > 1 {
      throw CatalogError.ambiguous(what: "recipe", name: name, matches: named.map { "\($0.name) (\($0.id))" })
    }
    let items = menuItems(matchingPath: name)
    if items.count == 1 { return .menuItem(items[0]) }
    if items.count > 1 {
      throw CatalogError.ambiguous(what: "menu item", name: name, matches: items.map(path(of:)).sorted())
    }
    if isEmpty { throw CatalogError.emptyCatalog }
    let candidates = NameMatching.suggestions(for: name, among: recipes.map(\.name) + menuItems.map(path(of:)))
    throw CatalogError.notFound(
      what: "recipe or menu item", name: name, candidates: candidates,
      existing: recipes.map(\.name).sorted() + menuItems.filter { $0.presetId != nil }.map(path(of:)).sorted())
  }

  /// The preset of that name (exactly, else ignoring case), else the preset at that menu path,
  /// with the menu item it was found through.
  public func resolvePreset(_ name: String) throws -> (Preset, MenuItem?) {
    let named = NameMatching.matches(name, in: presets, name: \.name)
    if named.count == 1 { return (named[0], nil) }
    if named.count > 1 {
      throw CatalogError.ambiguous(what: "preset", name: name, matches: named.map(describe(preset:)))
    }
    let items = menuItems(matchingPath: name)
    if items.count > 1 {
      throw CatalogError.ambiguous(what: "menu item", name: name, matches: items.map(path(of:)).sorted())
    }
    if let item = items.first {
      guard let preset = item.presetId.flatMap(preset(id:)) else {
        throw CatalogError.invalidValue(
          tr("\"\(path(of: item))\" is a folder, not a preset (use it as a recipe: --recipe)"))
      }
      return (preset, item)
    }
    if isEmpty { throw CatalogError.emptyCatalog }
    let candidates = NameMatching.suggestions(for: name, among: presets.map(\.name))
    throw CatalogError.notFound(
      what: "preset", name: name, candidates: candidates, existing: presets.map(\.name).sorted())
  }

  /// The preset marked as the default, nil when there is none; several are a conflict.
  public func defaultPreset() throws -> Preset? {
    let marked = presets.filter(\.isDefault)
    guard marked.count <= 1 else {
      let list = marked.map { "\"\($0.name)\"" }.joined(separator: ", ")
      throw CatalogError.conflict(
        tr("several presets are marked as the default (\(list)): keep one with `ail-ai catalog edit NAME --no-default`")
      )
    }
    return marked.first
  }

  /// The menu item showing `preset` when there is exactly one: its folders' keywords then apply
  /// to the preset named alone, as they do where the app shows it.
  func soleMenuItem(showing preset: Preset) -> MenuItem? {
    let items = menuItems.filter { $0.presetId == preset.id }
    return items.count == 1 ? items[0] : nil
  }

  /// A preset as a person can tell it from others of the same name: where it is in the menu.
  func describe(preset: Preset) -> String {
    let places = menuItems.filter { $0.presetId == preset.id }.map(path(of:)).sorted()
    return places.isEmpty ? "\(preset.name) (\(preset.id))" : places.joined(separator: ", ")
  }
}
