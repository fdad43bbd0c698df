/// Anything a catalog command can name: a folder (by its menu path), a preset (by name or by the
/// path of a menu item showing it), a recipe or a cookbook (by name).
public enum CatalogEntry: Sendable, Equatable {
  case folder(MenuItem)
  case preset(Preset)
  case recipe(Recipe)
  case cookbook(Cookbook)

  public enum Kind: String, Sendable, CaseIterable {
    case folder, preset, recipe, cookbook
  }

  public var kind: Kind {
    switch self {
    case .folder: .folder
    case .preset: .preset
    case .recipe: .recipe
    case .cookbook: .cookbook
    }
  }

  var id: String {
    switch self {
    case .folder(let item): item.id
    case .preset(let preset): preset.id
    case .recipe(let recipe): recipe.id
    case .cookbook(let cookbook): cookbook.id
    }
  }
}

extension Catalog {
  /// The one entry `name` names, among entries of `kind` when given. Exact names win over names
  /// matching only when case is ignored; when entries of several kinds fit, the error says so and
  /// `kind` settles it.
  public func entry(named name: String, kind: CatalogEntry.Kind? = nil) throws -> CatalogEntry {
    let kinds = kind.map { [$0] } ?? CatalogEntry.Kind.allCases
    for caseSensitive in [true, false] {
      var found: [CatalogEntry] = []
      for kind in kinds {
        for entry in entries(of: kind, named: name, caseSensitive: caseSensitive)
        where !found.contains(where: { $0.kind == entry.kind && $0.id == entry.id }) {
          found.append(entry)
        }
      }
      if found.count == 1 { return found[0] }
      if found.count > 1 {
        let hint = Set(found.map(\.kind)).count > 1 ? " (say which with --type)" : ""
        throw CatalogError.ambiguous(what: "entry" + hint, name: name, matches: found.map(describe(entry:)))
      }
    }
    if isEmpty { throw CatalogError.emptyCatalog }
    let what = kind?.rawValue ?? "folder, preset, recipe or cookbook"
    throw CatalogError.notFound(
      what: what, name: name, candidates: NameMatching.suggestions(for: name, among: names(of: kinds)))
  }

  /// How messages name an entry: `folder Mail/Reply`, `preset Friendly`.
  public func describe(entry: CatalogEntry) -> String {
    switch entry {
    case .folder(let item): "folder \(path(of: item))"
    case .preset(let preset): "preset \(preset.name)"
    case .recipe(let recipe): "recipe \(recipe.name)"
    case .cookbook(let cookbook): "cookbook \(cookbook.name)"
    }
  }

  private func entries(of kind: CatalogEntry.Kind, named name: String, caseSensitive: Bool) -> [CatalogEntry] {
    func fits(_ candidate: String) -> Bool {
      caseSensitive ? candidate == name : candidate.lowercased() == name.lowercased()
    }
    switch kind {
    case .folder:
      return menuItems(matchingPath: name, kind: .folder, caseSensitive: caseSensitive).map(CatalogEntry.folder)
    case .preset:
      var found = presets.filter { fits($0.name) }.map(CatalogEntry.preset)
      if found.isEmpty {
        let items = menuItems(matchingPath: name, kind: .preset, caseSensitive: caseSensitive)
        found = items.compactMap { $0.presetId.flatMap(preset(id:)) }.map(CatalogEntry.preset)
      }
      return found
    case .recipe:
      return recipes.filter { fits($0.name) }.map(CatalogEntry.recipe)
    case .cookbook:
      return cookbooks.filter { fits($0.name) }.map(CatalogEntry.cookbook)
    }
  }

  private func names(of kinds: [CatalogEntry.Kind]) -> [String] {
    kinds.flatMap { kind -> [String] in
      switch kind {
      case .folder: menuItems.filter(\.isFolder).map(path(of:))
      case .preset: presets.map(\.name)
      case .recipe: recipes.map(\.name)
      case .cookbook: cookbooks.map(\.name)
      }
    }
  }
}
