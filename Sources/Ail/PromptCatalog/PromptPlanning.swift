/// What recipes, menu paths and presets stand for, as ``PromptPlan``s.
///
/// Keywords apply in this order, later ones winning: the cookbook, the recipe, the folders from
/// outer to inner, then each preset (its menu item's keywords, then its own) in recipe order; the
/// caller's variables come last of all.
extension Catalog {
  /// The menu items of `recipe`, in their order in the recipe.
  public func items(of recipe: Recipe) -> [MenuItem] {
    recipeMenuItems.enumerated()
      .filter { $0.element.recipeId == recipe.id }
      .sorted { ($0.element.sortOrder, $0.offset) < ($1.element.sortOrder, $1.offset) }
      .compactMap { menuItem(id: $0.element.menuItemId) }
  }

  /// A recipe: its folders become headings, its presets supply their text.
  public func plan(recipe: Recipe) -> PromptPlan {
    let items = items(of: recipe)
    var sources: [PromptPlan.KeywordSource] = []
    if let cookbook = recipe.cookbookId.flatMap(cookbook(id:)) {
      sources.append(.init(owner: "cookbook \"\(cookbook.name)\"", keywords: cookbook.keywords))
    }
    sources.append(.init(owner: "recipe \"\(recipe.name)\"", keywords: recipe.keywords))
    let parts = items.compactMap(part(for:))
    sources += folderKeywords(items) + presetKeywords(items.filter { !$0.isFolder })
    return PromptPlan(
      source: "recipe \(recipe.name)", parts: parts, separator: recipe.separator, keywordSources: sources
    ).answering(like: items.compactMap { $0.presetId.flatMap(preset(id:)) })
  }

  /// The recipe a menu item stands for when named by its path: a heading for each folder down to
  /// it, then the preset's text, or for a folder, the texts of the presets directly in it.
  public func plan(menuItem item: MenuItem) -> PromptPlan {
    let folders = ancestors(of: item) + (item.isFolder ? [item] : [])
    let presetItems = item.isFolder ? children(of: item.id).filter { !$0.isFolder } : [item]
    let parts = folders.map { PromptPlan.Part.heading($0.name) } + presetItems.compactMap(part(for:))
    return PromptPlan(
      source: "menu path \(path(of: item))", parts: parts, separator: Recipe.defaultSeparator,
      keywordSources: folderKeywords(folders) + presetKeywords(presetItems)
    ).answering(like: presetItems.compactMap { $0.presetId.flatMap(preset(id:)) })
  }

  /// One preset alone; with the menu item it was found through, that item's folders' keywords
  /// apply too (but they add no headings).
  public func plan(preset: Preset, through item: MenuItem? = nil) -> PromptPlan {
    var sources = item.map { folderKeywords(ancestors(of: $0)) } ?? []
    if let item { sources.append(.init(owner: "menu item \"\(path(of: item))\"", keywords: item.keywords)) }
    sources.append(.init(owner: "preset \"\(preset.name)\"", keywords: preset.keywords))
    return PromptPlan(
      source: "preset \(preset.name)", parts: [.text(preset.text, preset: preset.name)],
      separator: Recipe.defaultSeparator, keywordSources: sources
    ).answering(like: [preset])
  }

  private func part(for item: MenuItem) -> PromptPlan.Part? {
    if item.isFolder { return .heading(item.name) }
    guard let preset = item.presetId.flatMap(preset(id:)) else { return nil }
    return .text(preset.text, preset: preset.name)
  }

  /// The folders of `items` and the folders they are in, each once, outer before inner.
  private func folderKeywords(_ items: [MenuItem]) -> [PromptPlan.KeywordSource] {
    var seen: Set<String> = []
    var sources: [PromptPlan.KeywordSource] = []
    for item in items {
      for folder in ancestors(of: item) + (item.isFolder ? [item] : []) where seen.insert(folder.id).inserted {
        sources.append(.init(owner: "folder \"\(path(of: folder))\"", keywords: folder.keywords))
      }
    }
    return sources
  }

  private func presetKeywords(_ items: [MenuItem]) -> [PromptPlan.KeywordSource] {
    items.flatMap { item -> [PromptPlan.KeywordSource] in
      var sources = [PromptPlan.KeywordSource(owner: "menu item \"\(path(of: item))\"", keywords: item.keywords)]
      if let preset = item.presetId.flatMap(preset(id:)) {
        sources.append(.init(owner: "preset \"\(preset.name)\"", keywords: preset.keywords))
      }
      return sources
    }
  }
}

extension PromptPlan {
  /// The plan, its answer shaped by `presets`: condensing when one of them condenses, with the
  /// schema of the last that has one.
  fileprivate func answering(like presets: [Preset]) -> PromptPlan {
    var plan = self
    plan.condenses = presets.contains(where: \.condenses)
    plan.schema = presets.compactMap(\.schema).last
    return plan
  }
}
