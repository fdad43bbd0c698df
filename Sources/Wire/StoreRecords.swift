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
  public var unknownFields: JSONObject

  public init(
    id: String, title: String, site: String? = nil, url: String? = nil, labels: [String] = [],
    cachedAt: Date, accessedAt: Date? = nil, bytes: Int, images: Int = 0, unknownFields: JSONObject = [:]
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
    self.unknownFields = unknownFields
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, id, title, site, url, labels, bytes, images
    case cachedAt = "cached_at"
    case accessedAt = "accessed_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    id = try c.decode(String.self, forKey: .id)
    title = try c.decode(String.self, forKey: .title)
    site = try c.decodeIfPresent(String.self, forKey: .site)
    url = try c.decodeIfPresent(String.self, forKey: .url)
    labels = try c.decodeIfPresent([String].self, forKey: .labels) ?? []
    cachedAt = try c.decode(Date.self, forKey: .cachedAt)
    accessedAt = try c.decodeIfPresent(Date.self, forKey: .accessedAt)
    bytes = try c.decode(Int.self, forKey: .bytes)
    images = try c.decodeIfPresent(Int.self, forKey: .images) ?? 0
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encodeIfPresent(site, forKey: .site)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(labels, forKey: .labels)
    try c.encode(cachedAt, forKey: .cachedAt)
    try c.encodeIfPresent(accessedAt, forKey: .accessedAt)
    try c.encode(bytes, forKey: .bytes)
    try c.encode(images, forKey: .images)
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

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, id, title, site, url, snippet, rank
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    id = try c.decode(String.self, forKey: .id)
    title = try c.decode(String.self, forKey: .title)
    site = try c.decodeIfPresent(String.self, forKey: .site)
    url = try c.decodeIfPresent(String.self, forKey: .url)
    snippet = try c.decode(String.self, forKey: .snippet)
    rank = try c.decode(Double.self, forKey: .rank)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encodeIfPresent(site, forKey: .site)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(snippet, forKey: .snippet)
    try c.encode(rank, forKey: .rank)
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

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, id, title, bytes, reason
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    id = try c.decode(String.self, forKey: .id)
    title = try c.decode(String.self, forKey: .title)
    bytes = try c.decode(Int.self, forKey: .bytes)
    reason = try c.decode(String.self, forKey: .reason)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(bytes, forKey: .bytes)
    try c.encode(reason, forKey: .reason)
  }
}
