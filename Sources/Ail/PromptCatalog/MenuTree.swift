/// The menu as a tree: children in order, ancestors, and paths such as `Mail/Reply/Friendly`.
extension Catalog {
  /// The items directly in the folder `parentId` (the top of the menu for nil), by sort order,
  /// then name.
  public func children(of parentId: String?) -> [MenuItem] {
    menuItems.filter { $0.parentId == parentId }.sorted(by: Self.menuOrder)
  }

  /// The folders `item` is in, outermost first.
  public func ancestors(of item: MenuItem) -> [MenuItem] {
    var chain: [MenuItem] = []
    var parentId = item.parentId
    // The bound keeps an unchecked catalog with a cycle from looping for ever.
    while let id = parentId, let parent = menuItem(id: id), chain.count < menuItems.count {
      chain.insert(parent, at: 0)
      parentId = parent.parentId
    }
    return chain
  }

  /// The names from the top of the menu down to `item`, joined with `/`.
  public func path(of item: MenuItem) -> String {
    (ancestors(of: item) + [item]).map(\.name).joined(separator: "/")
  }

  /// Whether `item` is `folder` or somewhere inside it.
  func isInside(_ item: MenuItem, _ folder: MenuItem) -> Bool {
    item.id == folder.id || ancestors(of: item).contains { $0.id == folder.id }
  }

  /// Everything inside `folder`, at any depth (not `folder` itself).
  func descendants(of folder: MenuItem) -> [MenuItem] {
    children(of: folder.id).flatMap { [$0] + descendants(of: $0) }
  }

  /// The menu item `path` names: names separated by `/`, either the whole path from the top
  /// (`Mail/Reply/Friendly`, or with a leading `/` to insist on it) or its end when that is
  /// unique (`Reply/Friendly`). Exact names first, then names ignoring case.
  ///
  /// - Parameter kind: only items of this kind count.
  public func menuItem(atPath path: String, kind: MenuItem.Kind? = nil) throws -> MenuItem {
    let matches = menuItems(matchingPath: path, kind: kind)
    if matches.count == 1 { return matches[0] }
    let what = kind.map { $0 == .folder ? "folder" : "preset in the menu" } ?? "menu item"
    if matches.count > 1 {
      throw CatalogError.ambiguous(what: what, name: path, matches: matches.map(self.path(of:)).sorted())
    }
    if isEmpty { throw CatalogError.emptyCatalog }
    let all = menuItems.filter { kind == nil || $0.kind == kind }.map(self.path(of:))
    throw CatalogError.notFound(what: what, name: path, candidates: NameMatching.suggestions(for: path, among: all))
  }

  /// The items `path` fits: exact matches when there are any, else those ignoring case.
  func menuItems(matchingPath path: String, kind: MenuItem.Kind? = nil) -> [MenuItem] {
    let exact = menuItems(matchingPath: path, kind: kind, caseSensitive: true)
    return exact.isEmpty ? menuItems(matchingPath: path, kind: kind, caseSensitive: false) : exact
  }

  /// The items `path` fits in one way of comparing names; whole-path matches win over matches of
  /// the path's end.
  func menuItems(matchingPath path: String, kind: MenuItem.Kind?, caseSensitive: Bool) -> [MenuItem] {
    let absolute = path.hasPrefix("/")
    let names = path.split(separator: "/").map { Keywords.trim($0) }
    guard !names.isEmpty else { return [] }
    let same: (String, String) -> Bool = caseSensitive ? { $0 == $1 } : { $0.lowercased() == $1.lowercased() }
    var whole: [MenuItem] = []
    var ends: [MenuItem] = []
    for item in menuItems where (kind == nil || item.kind == kind) && same(item.name, names[names.count - 1]) {
      let chain = ancestors(of: item)
      guard chain.count >= names.count - 1 else { continue }
      guard zip(chain.suffix(names.count - 1), names.dropLast()).allSatisfy({ same($0.name, $1) }) else { continue }
      if chain.count == names.count - 1 { whole.append(item) } else if !absolute { ends.append(item) }
    }
    return whole.isEmpty ? ends : whole
  }

  static func menuOrder(_ a: MenuItem, _ b: MenuItem) -> Bool {
    (a.sortOrder, a.name) < (b.sortOrder, b.name)
  }
}
