extension Catalog {
  /// The longest icon, in characters as people count them (an emoji is one).
  public static let maximumIconLength = 3

  /// Everything that makes the catalog unusable, one line each, in a stable order: duplicate or
  /// empty ids, references to entries that do not exist, cycles in the menu tree, icons that are
  /// too long. Empty when the catalog is sound.
  public func problems() -> [String] {
    var problems: [String] = []
    let chapters = cookbooks.flatMap { cookbook in cookbook.chapters.map { (cookbook, $0) } }
    problems += Self.identityProblems("menu item", menuItems.map { ($0.id, $0.name) })
    problems += Self.identityProblems("preset", presets.map { ($0.id, $0.name) })
    problems += Self.identityProblems("recipe", recipes.map { ($0.id, $0.name) })
    problems += Self.identityProblems("cookbook", cookbooks.map { ($0.id, $0.name) })
    problems += Self.identityProblems("chapter", chapters.map { ($0.1.id, $0.1.name) })

    let itemIds = Set(menuItems.map(\.id))
    let presetIds = Set(presets.map(\.id))
    for item in menuItems {
      let label = "menu item \"\(item.name)\" (\(item.id))"
      if let parent = item.parentId, !itemIds.contains(parent) {
        problems.append("\(label): parent \(parent) does not exist")
      }
      switch (item.kind, item.presetId) {
      case (.preset, nil): problems.append("\(label): a preset item names no preset")
      case (.preset, let preset?) where !presetIds.contains(preset):
        problems.append("\(label): preset \(preset) does not exist")
      default: break
      }
      if let icon = item.icon, icon.count > Self.maximumIconLength {
        problems.append("\(label): " + Self.iconProblem(icon))
      }
    }
    problems += cycleProblems()

    for preset in presets {
      if let icon = preset.icon, icon.count > Self.maximumIconLength {
        problems.append("preset \"\(preset.name)\" (\(preset.id)): " + Self.iconProblem(icon))
      }
    }
    let cookbookIds = Set(cookbooks.map(\.id))
    for recipe in recipes {
      let label = "recipe \"\(recipe.name)\" (\(recipe.id))"
      if let cookbook = recipe.cookbookId, !cookbookIds.contains(cookbook) {
        problems.append("\(label): cookbook \(cookbook) does not exist")
      }
      if let chapter = recipe.chapterId {
        let owners = chapters.filter { $0.1.id == chapter }.map(\.0.id)
        if owners.isEmpty {
          problems.append("\(label): chapter \(chapter) does not exist")
        } else if let cookbook = recipe.cookbookId, cookbookIds.contains(cookbook), !owners.contains(cookbook) {
          problems.append("\(label): chapter \(chapter) is not in its cookbook \(cookbook)")
        }
      }
      if let icon = recipe.icon, icon.count > Self.maximumIconLength {
        problems.append("\(label): " + Self.iconProblem(icon))
      }
    }
    for cookbook in cookbooks {
      if let icon = cookbook.icon, icon.count > Self.maximumIconLength {
        problems.append("cookbook \"\(cookbook.name)\" (\(cookbook.id)): " + Self.iconProblem(icon))
      }
    }
    let recipeIds = Set(recipes.map(\.id))
    for (index, link) in recipeMenuItems.enumerated() {
      if !recipeIds.contains(link.recipeId) {
        problems.append("recipeMenuItems[\(index)]: recipe \(link.recipeId) does not exist")
      }
      if !itemIds.contains(link.menuItemId) {
        problems.append("recipeMenuItems[\(index)]: menu item \(link.menuItemId) does not exist")
      }
    }
    return problems
  }

  static func iconProblem(_ icon: String) -> String {
    "icon \"\(icon)\" is longer than \(maximumIconLength) characters"
  }

  private static func identityProblems(_ kind: String, _ entries: [(id: String, name: String)]) -> [String] {
    var problems: [String] = []
    var seen: Set<String> = []
    var reported: Set<String> = []
    for entry in entries {
      if entry.id.isEmpty {
        problems.append("\(kind) \"\(entry.name)\" has an empty id")
      } else if !seen.insert(entry.id).inserted, reported.insert(entry.id).inserted {
        problems.append("\(kind) id \(entry.id) is used more than once")
      }
    }
    return problems
  }

  /// One line per cycle of parent references (a folder inside itself).
  private func cycleProblems() -> [String] {
    let parents = Dictionary(menuItems.map { ($0.id, $0.parentId) }, uniquingKeysWith: { first, _ in first })
    let names = Dictionary(menuItems.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    var cycles: [[String]] = []
    var cleared: Set<String> = []
    for start in menuItems.map(\.id) where !cleared.contains(start) {
      var path: [String] = []
      var current: String? = start
      while let id = current, !cleared.contains(id) {
        if let loopStart = path.firstIndex(of: id) {
          let cycle = Array(path[loopStart...])
          if !cycles.contains(where: { Set($0) == Set(cycle) }) { cycles.append(cycle) }
          break
        }
        path.append(id)
        current = parents[id] ?? nil
      }
      cleared.formUnion(path)
    }
    return cycles.map { cycle in
      "menu items " + cycle.map { "\"\(names[$0] ?? "")\" (\($0))" }.joined(separator: ", ")
        + " are inside each other (a cycle)"
    }
  }
}
