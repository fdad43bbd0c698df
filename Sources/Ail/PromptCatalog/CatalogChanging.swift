import Localization

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What `edit` changes; nil leaves a member as it is, an empty icon or keywords string removes it.
public struct EntryChanges: Sendable, Equatable {
  public var name: String?
  public var icon: String?
  public var keywords: String?
  /// Presets only.
  public var text: String?
  public var isDefault: Bool?
  /// Presets only: whether it condenses (``Preset/condenses``).
  public var condenses: Bool?
  /// Recipes only: the separator, the menu items (paths, replacing the old ones), the cookbook
  /// (empty: none) and chapter they are filed in.
  public var separator: String?
  public var items: [String]?
  public var cookbook: String?
  public var chapter: String?
  /// Cookbooks only: chapters to add at the end.
  public var newChapters: [String]

  public init(
    name: String? = nil, icon: String? = nil, keywords: String? = nil, text: String? = nil, isDefault: Bool? = nil,
    condenses: Bool? = nil, separator: String? = nil, items: [String]? = nil, cookbook: String? = nil,
    chapter: String? = nil,
    newChapters: [String] = []
  ) {
    self.name = name
    self.icon = icon
    self.keywords = keywords
    self.text = text
    self.isDefault = isDefault
    self.condenses = condenses
    self.separator = separator
    self.items = items
    self.cookbook = cookbook
    self.chapter = chapter
    self.newChapters = newChapters
  }

  /// The changes that do not apply to entries of `kind`, by name.
  func inapplicable(to kind: CatalogEntry.Kind) -> [String] {
    var fields: [String] = []
    if kind != .preset {
      if text != nil { fields.append("text") }
      if isDefault != nil { fields.append("default") }
      if condenses != nil { fields.append("condenses") }
    }
    if kind != .recipe {
      if separator != nil { fields.append("separator") }
      if items != nil { fields.append("items") }
      if cookbook != nil { fields.append("cookbook") }
      if chapter != nil { fields.append("chapter") }
    }
    if kind != .cookbook, !newChapters.isEmpty { fields.append("chapters") }
    return fields
  }
}

extension Catalog {
  /// Changes the entry `name` names (see ``entry(named:kind:)``); presets and recipes get a new
  /// `updatedAt`. Renaming a preset renames the menu items that showed its old name.
  @discardableResult
  public mutating func edit(_ name: String, kind: CatalogEntry.Kind? = nil, changes: EntryChanges, now: Date = Date())
    throws
    -> CatalogEntry
  {
    let entry = try entry(named: name, kind: kind)
    let inapplicable = changes.inapplicable(to: entry.kind)
    guard inapplicable.isEmpty else {
      throw CatalogError.invalidValue(
        "\(describe(entry: entry)): " + inapplicable.joined(separator: ", ")
          + " cannot be changed on a \(entry.kind.rawValue)")
    }
    try Self.checkIcon(changes.icon)
    try Self.checkKeywords(changes.keywords, owner: describe(entry: entry))
    let stamp = Timestamp(now)
    switch entry {
    case .folder(var folder):
      if let newName = changes.name {
        folder.name = try Self.checkedName(newName, "a folder")
        try checkFree(folder.name, in: folder.parentId, except: folder.id)
      }
      apply(changes, icon: &folder.icon, keywords: &folder.keywords)
      replace(folder)
      return .folder(folder)
    case .preset(var preset):
      let oldName = preset.name
      let oldIcon = preset.icon
      if let newName = changes.name {
        preset.name = try Self.checkedName(newName, "a preset")
        if let taken = presets.first(where: { $0.id != preset.id && $0.name.lowercased() == preset.name.lowercased() })
        {
          throw CatalogError.conflict(tr("a preset named \"\(taken.name)\" already exists"))
        }
        for item in menuItems where item.presetId == preset.id && item.name == oldName {
          try checkFree(preset.name, in: item.parentId, except: item.id)
        }
      }
      if let text = changes.text { preset.text = text }
      apply(changes, icon: &preset.icon, keywords: &preset.keywords)
      if let isDefault = changes.isDefault {
        if isDefault { clearDefault(now: stamp) }
        preset.isDefault = isDefault
      }
      if let condenses = changes.condenses { preset.condenses = condenses }
      preset.updatedAt = stamp
      for index in menuItems.indices where menuItems[index].presetId == preset.id {
        if menuItems[index].name == oldName { menuItems[index].name = preset.name }
        if menuItems[index].icon == oldIcon { menuItems[index].icon = preset.icon }
      }
      presets[presets.firstIndex { $0.id == preset.id }!] = preset
      return .preset(preset)
    case .recipe(var recipe):
      if let newName = changes.name {
        recipe.name = try Self.checkedName(newName, "a recipe")
        if let taken = recipes.first(where: { $0.id != recipe.id && $0.name.lowercased() == recipe.name.lowercased() })
        {
          throw CatalogError.conflict(tr("a recipe named \"\(taken.name)\" already exists"))
        }
      }
      let itemIds = try changes.items.map { paths in
        guard !paths.isEmpty else { throw CatalogError.invalidValue(tr("a recipe needs at least one menu item")) }
        return try paths.map { try menuItem(atPath: $0).id }
      }
      if changes.cookbook == "" {
        guard changes.chapter == nil else { throw CatalogError.invalidValue(tr("a chapter needs its cookbook")) }
        (recipe.cookbookId, recipe.chapterId) = (nil, nil)
      } else if changes.cookbook != nil || changes.chapter != nil {
        let cookbook = changes.cookbook ?? recipe.cookbookId.flatMap(cookbook(id:))?.name
        (recipe.cookbookId, recipe.chapterId) = try filing(cookbook: cookbook, chapter: changes.chapter)
      }
      if let separator = changes.separator { recipe.separator = separator }
      apply(changes, icon: &recipe.icon, keywords: &recipe.keywords)
      recipe.updatedAt = stamp
      recipes[recipes.firstIndex { $0.id == recipe.id }!] = recipe
      if let itemIds { setItems(of: recipe.id, to: itemIds) }
      return .recipe(recipe)
    case .cookbook(var cookbook):
      if let newName = changes.name {
        cookbook.name = try Self.checkedName(newName, "a cookbook")
        if let taken = cookbooks.first(where: {
          $0.id != cookbook.id && $0.name.lowercased() == cookbook.name.lowercased()
        }) {
          throw CatalogError.conflict(tr("a cookbook named \"\(taken.name)\" already exists"))
        }
      }
      try Self.addChapters(changes.newChapters, to: &cookbook)
      apply(changes, icon: &cookbook.icon, keywords: &cookbook.keywords)
      cookbooks[cookbooks.firstIndex { $0.id == cookbook.id }!] = cookbook
      return .cookbook(cookbook)
    }
  }

  /// Moves the menu item at `path` into the folder at `folder` (the top of the menu for nil), at
  /// sort position `order` or after the items there.
  @discardableResult
  public mutating func move(_ path: String, to folder: String?, order: Int? = nil) throws -> MenuItem {
    var item = try menuItem(atPath: path)
    let destination = try folder.map { try menuItem(atPath: $0, kind: .folder) }
    if let destination, isInside(destination, item) {
      let (moved, into) = (self.path(of: item), self.path(of: destination))
      throw CatalogError.conflict(tr("cannot move \"\(moved)\" into itself (\"\(into)\")"))
    }
    try checkFree(item.name, in: destination?.id, except: item.id)
    let sortOrder = order ?? nextSortOrder(in: destination?.id)
    item.parentId = destination?.id
    item.sortOrder = sortOrder
    replace(item)
    return item
  }

  private func apply(_ changes: EntryChanges, icon: inout String?, keywords: inout String?) {
    if let newIcon = changes.icon { icon = Self.nonEmpty(newIcon) }
    if let newKeywords = changes.keywords { keywords = Self.nonEmpty(newKeywords) }
  }

  private mutating func replace(_ item: MenuItem) {
    menuItems[menuItems.firstIndex { $0.id == item.id }!] = item
  }
}
