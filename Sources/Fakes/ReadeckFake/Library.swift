#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A bookmark with what serving it needs rendered once, since the root URL never changes.
struct PreparedBookmark: Sendable {
  var bookmark: FakeBookmark
  /// The summary object, compact, no trailing newline.
  var summaryJSON: [UInt8]
  /// The `/article` body: `articleHTML` with `{root}` replaced and the highlights that have a
  /// range wrapped in `rd-annotation` elements, as the server serves them.
  var article: [UInt8]

  init(_ bookmark: FakeBookmark, root: String) {
    self.bookmark = bookmark
    summaryJSON = BookmarkJSON.encode(bookmark, root: root)
    article = Bytes.replacing("{root}", with: root, in: Self.annotated(bookmark))
  }

  private static func annotated(_ bookmark: FakeBookmark) -> String {
    guard bookmark.highlights.contains(where: { !$0.startSelector.isEmpty }),
      var article = ArticleRanges(html: bookmark.articleHTML)
    else { return bookmark.articleHTML }
    let placed = ServerCore.placed(bookmark.highlights, in: article)
    return placed.isEmpty ? bookmark.articleHTML : article.wrapped(placed)
  }

  var id: String { bookmark.id }
}

/// What the flag filters of the list route look at.
struct Facets: Sendable {
  var isArchived: Bool
  var isMarked: Bool
  var loaded: Bool
  var hasLabels: Bool
  var type: String
  var readProgress: Int

  init(_ bookmark: FakeBookmark) {
    isArchived = bookmark.isArchived
    isMarked = bookmark.isMarked
    loaded = bookmark.loaded
    hasLabels = !bookmark.labels.isEmpty
    type = bookmark.type
    readProgress = bookmark.readProgress
  }
}

/// The bookmarks the server holds, kept in the default list order (`-created`, then id) so the
/// common listing needs no sort.
struct Library: Sendable {
  let root: String
  private(set) var items: [PreparedBookmark] = []
  /// The flags list filters test, parallel to `items`: scanning these avoids touching every
  /// bookmark's strings and arrays.
  private(set) var facets: [Facets] = []
  private var positions: [String: Int] = [:]
  /// Deleted bookmarks for `GET /api/bookmarks/sync?since=`, in deletion order.
  private(set) var deletions: [(id: String, time: Date)] = []
  /// The saved searches, by name as the server lists them.
  var collections: [FakeCollection] = [] {
    didSet { collections.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) } }
  }

  init(root: String, bookmarks: [FakeBookmark]) {
    self.root = root
    // The last bookmark given for an id wins.
    var latest: [String: Int] = [:]
    for (index, bookmark) in bookmarks.enumerated() { latest[bookmark.id] = index }
    // Sorting small keys rather than whole bookmarks keeps start-up quick for large libraries.
    let keys = latest.values.map { (created: bookmarks[$0].created, id: bookmarks[$0].id, index: $0) }
    let order = keys.sorted { lhs, rhs in
      lhs.created != rhs.created ? lhs.created > rhs.created : lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
    }
    items = order.map { PreparedBookmark(bookmarks[$0.index], root: root) }
    reindex()
  }

  subscript(id: String) -> PreparedBookmark? {
    positions[id].map { items[$0] }
  }

  func position(of id: String) -> Int? { positions[id] }

  func collection(id: String) -> FakeCollection? { collections.first { $0.id == id } }

  /// Adds the bookmark, or replaces the one with its id.
  mutating func upsert(_ bookmark: FakeBookmark) {
    if let old = positions[bookmark.id] { items.remove(at: old) }
    let prepared = PreparedBookmark(bookmark, root: root)
    let index = items.partitioningIndex { !Self.precedes($0.bookmark, bookmark) }
    items.insert(prepared, at: index)
    reindex()
  }

  @discardableResult
  mutating func remove(id: String, at time: Date) -> Bool {
    guard let index = positions[id] else { return false }
    items.remove(at: index)
    reindex()
    deletions.append((id, time))
    return true
  }

  /// Newest first; equal times fall back to the id so the order never depends on input order.
  static func precedes(_ lhs: FakeBookmark, _ rhs: FakeBookmark) -> Bool {
    lhs.created != rhs.created ? lhs.created > rhs.created : lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
  }

  private mutating func reindex() {
    positions = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.element.id, $0.offset) })
    facets = items.map { Facets($0.bookmark) }
  }
}

extension Array {
  /// The first index whose element satisfies `belongsInSecondPartition`, for an array already
  /// partitioned by it (binary search).
  func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
