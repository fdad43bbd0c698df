import Foundation
import Wire

/// Several listings of the bookmark list merged into one, in the order the server would have
/// listed them together. Needed for "any of these labels": Readeck's `labels` parameter is one
/// search string whose words must all match (and a repeated `labels` is not read), so the
/// sync lists each label apart and merges here.
enum SelectionMerge {
  /// Each bookmark once (the first listing that has it), ordered by `sort` as the server orders
  /// the list (`-created` when empty or when a key is unknown, which makes the server ignore the
  /// sort); equal keys keep the listings' order. The newest `limit` of the merge are among the
  /// newest `limit` of each listing, so each listing needs no more; 0 keeps all.
  static func merge(_ listings: [[JSONObject]], sort: [String], limit: Int) -> [JSONObject] {
    var seen = Set<String>()
    var all: [(position: Int, bookmark: JSONObject)] = []
    for listing in listings {
      for bookmark in listing where seen.insert(bookmark["id"]?.stringValue ?? "").inserted {
        all.append((all.count, bookmark))
      }
    }
    let keys = sortKeys(sort)
    all.sort { lhs, rhs in
      for (key, descending) in keys {
        let order = compare(lhs.bookmark, rhs.bookmark, by: key)
        if order != 0 { return descending ? order > 0 : order < 0 }
      }
      return lhs.position < rhs.position
    }
    let merged = all.map(\.bookmark)
    return limit > 0 ? Array(merged.prefix(limit)) : merged
  }

  private enum Key: String {
    case created, published, title, site, domain, duration
  }

  private static func sortKeys(_ sort: [String]) -> [(Key, descending: Bool)] {
    let keys = sort.compactMap { value -> (Key, descending: Bool)? in
      let descending = value.hasPrefix("-")
      return Key(rawValue: String(value.dropFirst(descending ? 1 : 0))).map { ($0, descending) }
    }
    return keys.isEmpty || keys.count != sort.count ? [(.created, true)] : keys
  }

  /// -1, 0 or 1 on the field the server sorts by: `published` falls back to `created`,
  /// `duration` to the word count; texts compare by their bytes.
  private static func compare(_ lhs: JSONObject, _ rhs: JSONObject, by key: Key) -> Int {
    func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : a > b ? 1 : 0 }
    func time(_ bookmark: JSONObject, _ field: String) -> Decimal {
      let parsed =
        (bookmark[field]?.stringValue).flatMap(RFC3339.parse)
        ?? RFC3339.parse(
          bookmark["created"]?.stringValue ?? "")
      // Seconds and nanoseconds as one exact number: a Double would round off the nanoseconds.
      return parsed.map { Decimal($0.seconds) + Decimal($0.nanoseconds) / 1_000_000_000 } ?? 0
    }
    func text(_ field: String) -> Int {
      let (a, b) = (lhs[field]?.stringValue ?? "", rhs[field]?.stringValue ?? "")
      return a == b ? 0 : a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
    switch key {
    case .created: return order(time(lhs, "created"), time(rhs, "created"))
    case .published: return order(time(lhs, "published"), time(rhs, "published"))
    case .title: return text("title")
    case .site: return text("site_name")
    case .domain: return text("site")
    case .duration: return order(lhs["word_count"]?.intValue ?? 0, rhs["word_count"]?.intValue ?? 0)
    }
  }
}
