import Foundation

/// Which bookmarks to list, as `GET /api/bookmarks` filters.
public struct BookmarkQuery: Sendable, Equatable {
  public enum State: String, Sendable, CaseIterable {
    /// Readeck's own "Unread" list: `is_archived=false`.
    case unread
    case archived
    /// Favourites.
    case marked
    case all
  }

  public var state: State
  /// The original app's unread: also leave out favourites (`is_marked=false`).
  public var excludeMarked: Bool
  public var label: String?
  public var search: String?
  public var types: [String]
  /// Readeck sort keys (`-created` newest first is the server's default).
  public var sort: [String]
  /// Only these bookmarks, answered in this order (at most 100 per page).
  public var ids: [String]
  /// Only bookmarks created at or after this time (`range_start`, RFC 3339).
  public var createdSince: String?
  /// A collection's id: its saved filters apply besides these (`collection`).
  public var collection: String?

  public init(
    state: State = .unread, excludeMarked: Bool = false, label: String? = nil, search: String? = nil,
    types: [String] = [], sort: [String] = [], ids: [String] = [], createdSince: String? = nil,
    collection: String? = nil
  ) {
    self.state = state
    self.excludeMarked = excludeMarked
    self.label = label
    self.search = search
    self.types = types
    self.sort = sort
    self.ids = ids
    self.createdSince = createdSince
    self.collection = collection
  }

  /// The query items, without paging.
  var items: [(String, String)] {
    var items: [(String, String)] = []
    switch state {
    case .unread: items.append(("is_archived", "false"))
    case .archived: items.append(("is_archived", "true"))
    case .marked: items.append(("is_marked", "true"))
    case .all: break
    }
    if excludeMarked, state != .marked { items.append(("is_marked", "false")) }
    // A label with spaces must be quoted: the server parses search-string syntax.
    if let label { items.append(("labels", "\"" + label.replacingOccurrences(of: "\"", with: "\\\"") + "\"")) }
    if let search { items.append(("search", search)) }
    items += types.map { ("type", $0) }
    items += sort.map { ("sort", $0) }
    items += ids.map { ("id", $0) }
    if let createdSince { items.append(("range_start", createdSince)) }
    if let collection { items.append(("collection", collection)) }
    return items
  }
}
