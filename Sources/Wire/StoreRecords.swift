#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `cache_entry`: one article in the offline store, as `rk-cache list` and `show` write it.
public struct CacheEntry: WireRecord, Hashable {
  public static let kind = "cache_entry"

  public var id: String
  public var title: String
  public var site: String?
  public var url: String?
  public var labels: [String]
  public var cachedAt: Date
  public var accessedAt: Date?
  /// HTML plus its images, in bytes.
  public var bytes: Int
  /// How many images the cached article embeds.
  public var images: Int
  /// The local state: the server's as last seen, with the offline changes applied.
  public var archived: Bool?
  public var marked: Bool?
  public var progress: Int?
  /// The fields with a change not yet pushed (`is_archived`, `labels`, …), sorted; the store
  /// always says, empty when none.
  public var pending: [String]?
  public var unknownFields: JSONObject

  public init(
    id: String, title: String, site: String? = nil, url: String? = nil, labels: [String] = [],
    cachedAt: Date, accessedAt: Date? = nil, bytes: Int, images: Int = 0, archived: Bool? = nil,
    marked: Bool? = nil, progress: Int? = nil, pending: [String]? = nil, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.title = title
    self.site = site
    self.url = url
    self.labels = labels
    self.cachedAt = cachedAt
    self.accessedAt = accessedAt
    self.bytes = bytes
    self.images = images
    self.archived = archived
    self.marked = marked
    self.progress = progress
    self.pending = pending
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    title = try members.string("title")
    site = try members.optionalString("site")
    url = try members.optionalString("url")
    labels = try members.optionalStrings("labels") ?? []
    cachedAt = try members.date("cached_at")
    accessedAt = try members.optionalDate("accessed_at")
    bytes = try members.int("bytes")
    images = try members.optionalInt("images") ?? 0
    archived = try members.optionalBool("is_archived")
    marked = try members.optionalBool("is_marked")
    progress = try members.optionalInt("read_progress")
    pending = try members.optionalStrings("pending")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("title", title)
    members.put("site", site)
    members.put("url", url)
    members.put("labels", labels)
    members.put("cached_at", cachedAt)
    members.put("accessed_at", accessedAt)
    members.put("bytes", bytes)
    members.put("images", images)
    members.put("is_archived", archived)
    members.put("is_marked", marked)
    members.put("read_progress", progress)
    members.put("pending", pending)
  }
}

/// `search_hit`: one full-text match, best first.
public struct SearchHit: WireRecord, Hashable {
  public static let kind = "search_hit"

  public var id: String
  public var title: String
  public var site: String?
  public var url: String?
  /// Text around the match with the matched terms marked.
  public var snippet: String
  /// bm25 rank: lower is better, as SQLite reports it.
  public var rank: Double
  public var unknownFields: JSONObject

  public init(
    id: String, title: String, site: String? = nil, url: String? = nil, snippet: String, rank: Double,
    unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.title = title
    self.site = site
    self.url = url
    self.snippet = snippet
    self.rank = rank
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    title = try members.string("title")
    site = try members.optionalString("site")
    url = try members.optionalString("url")
    snippet = try members.string("snippet")
    rank = try members.double("rank")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("title", title)
    members.put("site", site)
    members.put("url", url)
    members.put("snippet", snippet)
    members.put("rank", rank)
  }
}

/// `pruned`: one article `rk-prune` removed (or would remove, with `--dry-run`).
public struct Pruned: WireRecord, Hashable {
  public static let kind = "pruned"

  public var id: String
  public var title: String
  public var bytes: Int
  /// Which limit removed it: `keep`, `max-size`, `older-than`.
  public var reason: String
  public var unknownFields: JSONObject

  public init(id: String, title: String, bytes: Int, reason: String, unknownFields: JSONObject = [:]) {
    self.id = id
    self.title = title
    self.bytes = bytes
    self.reason = reason
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    title = try members.string("title")
    bytes = try members.int("bytes")
    reason = try members.string("reason")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("title", title)
    members.put("bytes", bytes)
    members.put("reason", reason)
  }
}
