import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The list route's filter and sort parameters.
struct ListFilter {
  struct Invalid: Error {
    var fields: [(name: String, value: String?, errors: [String])] = []
  }

  enum SortKey: String, CaseIterable {
    case created, title, site, domain, published, duration
  }

  var isArchived: Bool?
  var isMarked: Bool?
  var isLoaded: Bool?
  var hasLabels: Bool?
  var types: Set<String> = []
  var readStatus: Set<String> = []
  var labels: LabelSearch?
  var search: String?
  var title: String?
  var site: String?
  var author: String?
  var ids: [String] = []
  /// `range_start`: created at or after (RFC 3339 here; the server also takes relative tokens).
  var createdFrom: Date?
  /// Empty means the default, `-created`.
  var sort: [(key: SortKey, descending: Bool)] = []

  static func parse(_ query: [(String, String)]) -> Result<ListFilter, Invalid> {
    var filter = ListFilter()
    var invalid = Invalid()
    func values(_ name: String) -> [String] { query.filter { $0.0 == name }.map(\.1).filter { !$0.isEmpty } }
    func boolean(_ name: String) -> Bool? {
      guard let text = values(name).first else { return nil }
      if let value = parseBool(text) { return value }
      invalid.fields.append((name, text, ["invalid boolean value"]))
      return nil
    }
    func choices(_ name: String, _ allowed: Set<String>) -> Set<String> {
      let given = values(name)
      for value in given where !allowed.contains(value) {
        invalid.fields.append((name, value, ["\(value) is not one of \(allowed.sorted().joined(separator: ", "))"]))
      }
      return Set(given).intersection(allowed)
    }
    func text(_ name: String) -> String? {
      values(name).first.map { String($0.trimmingSpaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    filter.isArchived = boolean("is_archived")
    filter.isMarked = boolean("is_marked")
    filter.isLoaded = boolean("is_loaded")
    filter.hasLabels = boolean("has_labels")
    filter.types = choices("type", ["article", "photo", "video"])
    filter.readStatus = choices("read_status", ["unread", "reading", "read"])
    filter.labels = text("labels").map(LabelSearch.init)
    filter.search = text("search")?.lowercased()
    filter.title = text("title")?.lowercased()
    filter.site = text("site")?.lowercased()
    filter.author = text("author")?.lowercased()
    filter.ids = values("id")
    if let start = text("range_start") {
      filter.createdFrom = RFC3339.date(from: start)
      if filter.createdFrom == nil { invalid.fields.append(("range_start", start, ["invalid date"])) }
    }
    // An unknown sort value makes the sort form invalid, and the server then ignores sorting.
    let sortValues = values("sort")
    let parsedSort = sortValues.compactMap { value -> (key: SortKey, descending: Bool)? in
      let descending = value.hasPrefix("-")
      return SortKey(rawValue: String(value.dropFirst(descending ? 1 : 0))).map { ($0, descending) }
    }
    if parsedSort.count == sortValues.count { filter.sort = parsedSort }
    return invalid.fields.isEmpty ? .success(filter) : .failure(invalid)
  }

  /// Go's `strconv.ParseBool`, plus the `on` of HTML checkboxes.
  static func parseBool(_ text: String) -> Bool? {
    switch text {
    case "1", "t", "T", "TRUE", "true", "True", "on": true
    case "0", "f", "F", "FALSE", "false", "False": false
    default: nil
    }
  }

  /// Positions in `library.items` of the matching bookmarks, in answer order: the given ids'
  /// order when `id` is used, else the sort. Positions, not copies, keep large libraries cheap.
  func apply(to library: Library) -> [Int] {
    let items = library.items
    if !ids.isEmpty {
      var seen = Set<String>()
      return ids.compactMap { id in seen.insert(id).inserted ? library.position(of: id) : nil }
        .filter { matches(library.facets[$0]) && matchesText(items[$0].bookmark) }
    }
    let facets = library.facets
    let needsFlags =
      isArchived != nil || isMarked != nil || isLoaded != nil || hasLabels != nil || !types.isEmpty
      || !readStatus.isEmpty
    let needsText =
      labels != nil || search != nil || title != nil || site != nil || author != nil || createdFrom != nil
    let matching =
      needsFlags || needsText
      ? facets.indices.filter { matches(facets[$0]) && (!needsText || matchesText(items[$0].bookmark)) }
      : Array(items.indices)
    guard !sort.isEmpty, !(sort.count == 1 && sort[0].key == .created && sort[0].descending) else { return matching }
    // The library order breaks ties, so equal keys never reorder between pages.
    return matching.sorted { lhs, rhs in
      for (key, descending) in sort {
        let order = Self.compare(items[lhs].bookmark, items[rhs].bookmark, by: key)
        if order != 0 { return descending ? order > 0 : order < 0 }
      }
      return lhs < rhs
    }
  }

  private func matches(_ f: Facets) -> Bool {
    if let isArchived, f.isArchived != isArchived { return false }
    if let isMarked, f.isMarked != isMarked { return false }
    if let isLoaded, f.loaded != isLoaded { return false }
    if let hasLabels, f.hasLabels != hasLabels { return false }
    if !types.isEmpty, !types.contains(f.type) { return false }
    if !readStatus.isEmpty {
      let status = f.readProgress <= 0 ? "unread" : f.readProgress >= 100 ? "read" : "reading"
      if !readStatus.contains(status) { return false }
    }
    return true
  }

  private func matchesText(_ b: FakeBookmark) -> Bool {
    if let createdFrom, b.created < createdFrom { return false }
    if let labels, !labels.matches(b.labels) { return false }
    if let search, !b.title.lowercased().contains(search) { return false }
    if let title, !b.title.lowercased().contains(title) { return false }
    if let site, !b.siteName.lowercased().contains(site), !b.site.lowercased().contains(site) { return false }
    if let author, !(b.authors ?? []).contains(where: { $0.lowercased().contains(author) }) { return false }
    return true
  }

  /// -1, 0 or 1. `published` falls back to `created`, `duration` to the word count, as the server's do.
  private static func compare(_ lhs: FakeBookmark, _ rhs: FakeBookmark, by key: SortKey) -> Int {
    func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : a > b ? 1 : 0 }
    func bytes(_ a: String, _ b: String) -> Int {
      a == b ? 0 : a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
    switch key {
    case .created: return order(lhs.created, rhs.created)
    case .title: return bytes(lhs.title, rhs.title)
    case .site: return bytes(lhs.siteName, rhs.siteName)
    case .domain: return bytes(lhs.site, rhs.site)
    case .published: return order(lhs.published ?? lhs.created, rhs.published ?? rhs.created)
    case .duration: return order(lhs.wordCount, rhs.wordCount)
    }
  }
}

/// The `labels` parameter's search-string syntax: words or `"quoted phrases"` that must all be
/// labels, `-term` excluding, `term*` matching a prefix.
struct LabelSearch {
  struct Term {
    var text: String
    var exclude: Bool
    var prefix: Bool

    func matches(_ label: String) -> Bool { prefix ? label.hasPrefix(text) : label == text }
  }

  var terms: [Term] = []

  init(_ query: String) {
    var current = ""
    var quoted = false
    var exclude = false
    var wasQuoted = false
    func finish() {
      if !current.isEmpty || wasQuoted {
        var text = current
        let prefix = !wasQuoted && text.hasSuffix("*")
        if prefix { text.removeLast() }
        if !text.isEmpty { terms.append(Term(text: text, exclude: exclude, prefix: prefix)) }
      }
      current = ""
      exclude = false
      wasQuoted = false
    }
    for character in query {
      if character == "\"" {
        quoted.toggle()
        wasQuoted = true
      } else if character.isWhitespace, !quoted {
        finish()
      } else if character == "-", current.isEmpty, !quoted, !wasQuoted {
        exclude = true
      } else {
        current.append(character)
      }
    }
    finish()
  }

  func matches(_ labels: [String]) -> Bool {
    terms.allSatisfy { term in term.exclude != labels.contains(where: term.matches) }
  }
}
