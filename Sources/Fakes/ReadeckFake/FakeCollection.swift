#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A saved search (Readeck: collection): a name and the list filters it applies when
/// `GET /api/bookmarks?collection=ID` names it. Unset filters do not filter.
public struct FakeCollection: Sendable {
  /// A Readeck short UID, as bookmark ids are.
  public var id: String
  public var name: String
  public var created: Date
  public var updated: Date
  public var isPinned = false
  public var isDeleted = false
  /// The `labels` filter, in the list's search-string syntax (`"my label"`, `rust -old`).
  public var labels = ""
  public var search = ""
  public var title = ""
  public var author = ""
  public var site = ""
  /// `article`, `photo`, `video`.
  public var types: [String] = []
  /// `unread`, `reading`, `read`.
  public var readStatus: [String] = []
  public var isMarked: Bool? = nil
  public var isArchived: Bool? = nil
  public var rangeStart = ""
  public var rangeEnd = ""

  public init(
    id: String, name: String, created: Date = Date(timeIntervalSince1970: 1_790_000_000), labels: String = "",
    search: String = "", site: String = "", types: [String] = [], isMarked: Bool? = nil, isArchived: Bool? = nil
  ) {
    self.id = id
    self.name = name
    self.created = created
    self.updated = created
    self.labels = labels
    self.search = search
    self.site = site
    self.types = types
    self.isMarked = isMarked
    self.isArchived = isArchived
  }

  /// The filters as the list route's query parameters, so the list applies them with its own code.
  var filterQuery: [(String, String)] {
    var query: [(String, String)] = []
    for (name, value) in [
      ("labels", labels), ("search", search), ("title", title), ("author", author), ("site", site),
      ("range_start", rangeStart), ("range_end", rangeEnd),
    ] where !value.isEmpty {
      query.append((name, value))
    }
    query += types.map { ("type", $0) }
    query += readStatus.map { ("read_status", $0) }
    if let isMarked { query.append(("is_marked", String(isMarked))) }
    if let isArchived { query.append(("is_archived", String(isArchived))) }
    return query
  }
}
