#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `bookmark`: a bookmark's metadata without its article (`rk-fetch --metadata-only`).
public struct BookmarkRecord: WireRecord, Hashable {
  public static let kind = "bookmark"

  public var id: String
  /// The bookmark object exactly as the server sent it in its list.
  public var bookmark: JSONObject
  public var fetchedAt: Date
  public var unknownFields: JSONObject

  public init(id: String, bookmark: JSONObject, fetchedAt: Date, unknownFields: JSONObject = [:]) {
    self.id = id
    self.bookmark = bookmark
    self.fetchedAt = fetchedAt
    self.unknownFields = unknownFields
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, id, bookmark
    case fetchedAt = "fetched_at"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    id = try c.decode(String.self, forKey: .id)
    bookmark = try c.decode(JSONObject.self, forKey: .bookmark)
    fetchedAt = try c.decode(Date.self, forKey: .fetchedAt)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(bookmark, forKey: .bookmark)
    try c.encode(fetchedAt, forKey: .fetchedAt)
  }
}

/// `deleted`: a bookmark the server reports as deleted since the last sync.
public struct Deleted: WireRecord, Hashable {
  public static let kind = "deleted"

  public var id: String
  public var unknownFields: JSONObject

  public init(id: String, unknownFields: JSONObject = [:]) {
    self.id = id
    self.unknownFields = unknownFields
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, id
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    id = try c.decode(String.self, forKey: .id)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(id, forKey: .id)
  }
}
