#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The catalog as people read it: the `tree`, `list` and `show` texts.
extension Catalog {
  /// The menu as an indented tree (folders end in `/`, two spaces per level, icons before names,
  /// keywords in brackets), then presets outside the menu, recipes with their items, and cookbooks
  /// with their chapters and recipes. Empty for an empty catalog.
  public func outline() -> String {
    var lines: [String] = []
    func walk(_ parentId: String?, depth: Int) {
      for item in children(of: parentId) {
        let preset = item.presetId.flatMap(preset(id:))
        let mark = preset?.isDefault == true ? " (default)" : ""
        lines.append(
          String(repeating: "  ", count: depth)
            + Self.label(item.name + (item.isFolder ? "/" : "") + mark, item.icon, item.keywords))
        if item.isFolder { walk(item.id, depth: depth + 1) }
      }
    }
    walk(nil, depth: 0)
    let shown = Set(menuItems.compactMap(\.presetId))
    let loose = presets.filter { !shown.contains($0.id) }.sorted { $0.name < $1.name }
    if !loose.isEmpty {
      lines.append("Presets outside the menu:")
      lines += loose.map { "  " + Self.label($0.name + ($0.isDefault ? " (default)" : ""), $0.icon, $0.keywords) }
    }
    let orderedRecipes = recipes.sorted { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }
    if !orderedRecipes.isEmpty {
      lines.append("Recipes:")
      lines += orderedRecipes.map {
        "  " + Self.label($0.name, $0.icon, $0.keywords) + ": " + items(of: $0).map(path(of:)).joined(separator: " + ")
      }
    }
    let orderedCookbooks = cookbooks.sorted { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }
    if !orderedCookbooks.isEmpty {
      lines.append("Cookbooks:")
      for cookbook in orderedCookbooks {
        lines.append("  " + Self.label(cookbook.name, cookbook.icon, cookbook.keywords))
        let filed = orderedRecipes.filter { $0.cookbookId == cookbook.id }
        lines += filed.filter { $0.chapterId == nil }.map { "    " + Self.label($0.name, $0.icon, nil) }
        for chapter in cookbook.chapters.sorted(by: { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }) {
          lines.append("    " + chapter.name + ":")
          lines += filed.filter { $0.chapterId == chapter.id }.map { "      " + Self.label($0.name, $0.icon, nil) }
        }
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// One row of `list`: the name (a folder's whole path), icon and keywords, and the entry as
  /// one line of JSON in the export format.
  public struct ListRow: Sendable, Equatable {
    public var name: String
    public var icon: String
    public var keywords: String
    public var json: String

    public init(name: String, icon: String, keywords: String, json: String) {
      self.name = name
      self.icon = icon
      self.keywords = keywords
      self.json = json
    }

    /// Tab-separated, tabs and line breaks inside the fields turned into spaces.
    public var columns: String {
      [name, icon, keywords].map { String($0.map { $0 == "\t" || $0.isNewline ? " " : $0 }) }.joined(separator: "\t")
    }
  }

  /// The entries of one kind for `list`: folders in menu order, presets by name, recipes and
  /// cookbooks in their sort order.
  public func listRows(_ kind: CatalogEntry.Kind) throws -> [ListRow] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func row(_ name: String, _ icon: String?, _ keywords: String?, _ value: some Encodable) throws -> ListRow {
      ListRow(
        name: name, icon: icon ?? "", keywords: keywords ?? "",
        json: String(decoding: try encoder.encode(value), as: UTF8.self))
    }
    switch kind {
    case .folder:
      var rows: [ListRow] = []
      func walk(_ parentId: String?) throws {
        for folder in children(of: parentId) where folder.isFolder {
          rows.append(try row(path(of: folder), folder.icon, folder.keywords, folder))
          try walk(folder.id)
        }
      }
      try walk(nil)
      return rows
    case .preset:
      return try presets.sorted { $0.name < $1.name }.map { try row($0.name, $0.icon, $0.keywords, $0) }
    case .recipe:
      return try recipes.sorted { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }.map {
        try row($0.name, $0.icon, $0.keywords, $0)
      }
    case .cookbook:
      return try cookbooks.sorted { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }.map {
        try row($0.name, $0.icon, $0.keywords, $0)
      }
    }
  }

  /// What `show` prints: a preset's text as it is stored, or the definition of a folder, recipe or
  /// cookbook as `field: value` lines.
  public func definition(of entry: CatalogEntry) -> String {
    var lines: [String] = []
    func field(_ name: String, _ value: String?) {
      if let value, !value.isEmpty { lines.append("\(name): \(value)") }
    }
    switch entry {
    case .preset(let preset):
      return preset.text.hasSuffix("\n") || preset.text.isEmpty ? preset.text : preset.text + "\n"
    case .folder(let folder):
      field("folder", path(of: folder))
      field("icon", folder.icon)
      field("keywords", folder.keywords)
      let inside = children(of: folder.id)
      if !inside.isEmpty {
        lines.append("items:")
        lines += inside.map { "  " + $0.name + ($0.isFolder ? "/" : "") }
      }
    case .recipe(let recipe):
      field("recipe", recipe.name)
      field("icon", recipe.icon)
      field("keywords", recipe.keywords)
      field("separator", Self.escaped(recipe.separator))
      if let cookbook = recipe.cookbookId.flatMap(cookbook(id:)) {
        let chapter = cookbook.chapters.first { $0.id == recipe.chapterId }
        field("cookbook", cookbook.name + (chapter.map { ", chapter \($0.name)" } ?? ""))
      }
      lines.append("items:")
      lines += items(of: recipe).enumerated().map {
        "  \($0.offset + 1). \(path(of: $0.element))\($0.element.isFolder ? "/" : "")"
      }
    case .cookbook(let cookbook):
      field("cookbook", cookbook.name)
      field("icon", cookbook.icon)
      field("keywords", cookbook.keywords)
      let filed = recipes.filter { $0.cookbookId == cookbook.id }.sorted {
        ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name)
      }
      let loose = filed.filter { $0.chapterId == nil }
      if !loose.isEmpty {
        lines.append("recipes:")
        lines += loose.map { "  " + $0.name }
      }
      for chapter in cookbook.chapters.sorted(by: { ($0.sortOrder, $0.name) < ($1.sortOrder, $1.name) }) {
        lines.append("chapter \(chapter.name):")
        lines += filed.filter { $0.chapterId == chapter.id }.map { "  " + $0.name }
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func label(_ name: String, _ icon: String?, _ keywords: String?) -> String {
    (icon.map { $0 + " " } ?? "") + name + (keywords.map { $0.isEmpty ? "" : "  [\($0)]" } ?? "")
  }

  /// A separator as one would type it: `\n` for a line break, `\t` for a tab.
  static func escaped(_ text: String) -> String {
    text.map { $0 == "\n" ? "\\n" : $0 == "\t" ? "\\t" : $0 == "\\" ? "\\\\" : String($0) }.joined()
  }

  /// The inverse of ``escaped(_:)``, for separators typed on the command line.
  public static func unescaped(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "\\": result.append("\\")
        default: result += "\\" + String(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return escaping ? result + "\\" : result
  }
}
