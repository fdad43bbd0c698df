import Localization
public import Wire

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Adding folders, presets, recipes and cookbooks. Every change is checked before anything is
/// changed, so a refused change leaves the catalog as it was.
extension Catalog {
  /// A new folder at the end of `parent` (a folder path; nil for the top of the menu).
  @discardableResult
  public mutating func addFolder(
    named name: String, in parent: String? = nil, icon: String? = nil, keywords: String? = nil
  )
    throws -> MenuItem
  {
    let name = try Self.checkedName(name, "a folder")
    let parentId = try parent.map { try menuItem(atPath: $0, kind: .folder).id }
    try checkFree(name, in: parentId)
    try Self.checkIcon(icon)
    try Self.checkKeywords(keywords, owner: "folder \"\(name)\"")
    let folder = MenuItem(
      id: Self.newId(), parentId: parentId, name: name, icon: Self.nonEmpty(icon), keywords: Self.nonEmpty(keywords),
      sortOrder: nextSortOrder(in: parentId), kind: .folder)
    menuItems.append(folder)
    return folder
  }

  /// A new preset, shown in the menu at the end of `folder` (a folder path), or at the top of
  /// the menu when `folder` is nil and `inMenu` is true. Marking it as the default takes the mark
  /// from any other preset.
  @discardableResult
  public mutating func addPreset(
    named name: String, text: String, in folder: String? = nil, inMenu: Bool = true, icon: String? = nil,
    keywords: String? = nil, isDefault: Bool = false, condenses: Bool = false, schema: JSONValue? = nil,
    now: Date = Date()
  ) throws -> Preset {
    let name = try Self.checkedName(name, "a preset")
    if let taken = presets.first(where: { $0.name.lowercased() == name.lowercased() }) {
      throw CatalogError.conflict(tr("a preset named \"\(taken.name)\" already exists"))
    }
    let parentId = try folder.map { try menuItem(atPath: $0, kind: .folder).id }
    if folder != nil || inMenu { try checkFree(name, in: parentId) }
    try Self.checkIcon(icon)
    try Self.checkKeywords(keywords, owner: "preset \"\(name)\"")
    let stamp = Timestamp(now)
    if isDefault { clearDefault(now: stamp) }
    let preset = Preset(
      id: Self.newId(), name: name, text: text, icon: Self.nonEmpty(icon), keywords: Self.nonEmpty(keywords),
      isDefault: isDefault, condenses: condenses, schema: schema, createdAt: stamp, updatedAt: stamp)
    presets.append(preset)
    if folder != nil || inMenu {
      menuItems.append(
        MenuItem(
          id: Self.newId(), parentId: parentId, name: name, icon: preset.icon, sortOrder: nextSortOrder(in: parentId),
          kind: .preset, presetId: preset.id))
    }
    return preset
  }

  /// A new recipe of the menu items at `items` (menu paths), in that order; filed in a cookbook
  /// and one of its chapters when they are named.
  @discardableResult
  public mutating func addRecipe(
    named name: String, items: [String], separator: String = Recipe.defaultSeparator, icon: String? = nil,
    keywords: String? = nil, cookbook: String? = nil, chapter: String? = nil, now: Date = Date()
  ) throws -> Recipe {
    let name = try Self.checkedName(name, "a recipe")
    if let taken = recipes.first(where: { $0.name.lowercased() == name.lowercased() }) {
      throw CatalogError.conflict(tr("a recipe named \"\(taken.name)\" already exists"))
    }
    guard !items.isEmpty else { throw CatalogError.invalidValue(tr("a recipe needs at least one menu item")) }
    let itemIds = try items.map { try menuItem(atPath: $0).id }
    let (cookbookId, chapterId) = try filing(cookbook: cookbook, chapter: chapter)
    try Self.checkIcon(icon)
    try Self.checkKeywords(keywords, owner: "recipe \"\(name)\"")
    let stamp = Timestamp(now)
    let recipe = Recipe(
      id: Self.newId(), name: name, separator: separator, keywords: Self.nonEmpty(keywords), icon: Self.nonEmpty(icon),
      cookbookId: cookbookId, chapterId: chapterId, sortOrder: (recipes.map(\.sortOrder).max() ?? -1) + 1,
      createdAt: stamp, updatedAt: stamp)
    recipes.append(recipe)
    setItems(of: recipe.id, to: itemIds)
    return recipe
  }

  /// A new cookbook with chapters of the given names, in that order.
  @discardableResult
  public mutating func addCookbook(
    named name: String, chapters: [String] = [], icon: String? = nil, keywords: String? = nil
  )
    throws -> Cookbook
  {
    let name = try Self.checkedName(name, "a cookbook")
    if let taken = cookbooks.first(where: { $0.name.lowercased() == name.lowercased() }) {
      throw CatalogError.conflict(tr("a cookbook named \"\(taken.name)\" already exists"))
    }
    try Self.checkIcon(icon)
    try Self.checkKeywords(keywords, owner: "cookbook \"\(name)\"")
    var cookbook = Cookbook(
      id: Self.newId(), name: name, icon: Self.nonEmpty(icon), keywords: Self.nonEmpty(keywords),
      sortOrder: (cookbooks.map(\.sortOrder).max() ?? -1) + 1)
    try Self.addChapters(chapters, to: &cookbook)
    cookbooks.append(cookbook)
    return cookbook
  }

  // MARK: Shared checks and helpers

  static func newId() -> String { UUID().uuidString }

  static func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

  /// `name` trimmed; it must not be empty and, as paths are made of names, must hold no `/`.
  static func checkedName(_ name: String, _ what: String) throws -> String {
    let trimmed = Keywords.trim(name)
    guard !trimmed.isEmpty else { throw CatalogError.invalidValue("\(what) needs a name") }
    guard !trimmed.contains("/") else {
      throw CatalogError.invalidValue(tr("\"\(trimmed)\": names cannot contain \"/\""))
    }
    return trimmed
  }

  static func checkIcon(_ icon: String?) throws {
    if let icon, icon.count > maximumIconLength { throw CatalogError.invalidValue(iconProblem(icon)) }
  }

  static func checkKeywords(_ keywords: String?, owner: String) throws {
    if let keywords { _ = try Keywords.parse(keywords, owner: owner) }
  }

  /// No other item in the folder `parentId` has the name already (`except` is the one moving).
  func checkFree(_ name: String, in parentId: String?, except: String? = nil) throws {
    if let taken = menuItems.first(where: { $0.parentId == parentId && $0.id != except && $0.name == name }) {
      throw CatalogError.conflict(tr("\"\(path(of: taken))\" already exists"))
    }
  }

  func nextSortOrder(in parentId: String?) -> Int {
    (menuItems.filter { $0.parentId == parentId }.map(\.sortOrder).max() ?? -1) + 1
  }

  mutating func clearDefault(now: Timestamp) {
    for index in presets.indices where presets[index].isDefault {
      presets[index].isDefault = false
      presets[index].updatedAt = now
    }
  }

  /// The ids of the cookbook and chapter with these names; a chapter needs its cookbook.
  func filing(cookbook: String?, chapter: String?) throws -> (String?, String?) {
    guard let cookbook else {
      if chapter != nil { throw CatalogError.invalidValue(tr("a chapter needs its cookbook")) }
      return (nil, nil)
    }
    guard case .cookbook(let found) = try entry(named: cookbook, kind: .cookbook) else { return (nil, nil) }
    guard let chapter else { return (found.id, nil) }
    let chapters = NameMatching.matches(chapter, in: found.chapters, name: \.name)
    guard chapters.count == 1 else {
      if chapters.count > 1 {
        throw CatalogError.ambiguous(what: "chapter", name: chapter, matches: chapters.map(\.id))
      }
      throw CatalogError.notFound(
        what: "chapter in cookbook \"\(found.name)\"", name: chapter,
        candidates: NameMatching.suggestions(for: chapter, among: found.chapters.map(\.name)))
    }
    return (found.id, chapters[0].id)
  }

  /// Makes `itemIds`, in order, the items of the recipe `recipeId`.
  mutating func setItems(of recipeId: String, to itemIds: [String]) {
    recipeMenuItems.removeAll { $0.recipeId == recipeId }
    for (order, itemId) in itemIds.enumerated() {
      recipeMenuItems.append(RecipeMenuItem(recipeId: recipeId, menuItemId: itemId, sortOrder: order))
    }
  }

  static func addChapters(_ names: [String], to cookbook: inout Cookbook) throws {
    for name in names {
      let name = try checkedName(name, "a chapter")
      if cookbook.chapters.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        throw CatalogError.conflict(tr("cookbook \"\(cookbook.name)\" already has a chapter \"\(name)\""))
      }
      let order = (cookbook.chapters.map(\.sortOrder).max() ?? -1) + 1
      cookbook.chapters.append(Cookbook.Chapter(id: newId(), name: name, sortOrder: order))
    }
  }
}
