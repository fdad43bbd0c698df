#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// `article`: one bookmark with its article HTML, as `rk-fetch` writes it and later stages extend it.
public struct Article: WireRecord, Hashable {
  public static let kind = "article"

  /// The Readeck bookmark id.
  public var id: String
  /// The bookmark object exactly as the server sent it in its list.
  public var bookmark: JSONObject
  /// The article HTML fragment, as the server returned it (or as `rk-extract-images` rewrote it).
  public var html: String
  public var fetchedAt: Date
  /// Where the record came from when not from the server, e.g. `"cache"`.
  public var source: String?
  /// Overrides the bookmark's `url` as the base for relative references.
  public var baseURL: String?
  /// The images the HTML refers to, once `rk-extract-images` has looked.
  public var images: [ImageReference]?
  public var unknownFields: JSONObject

  public init(
    id: String, bookmark: JSONObject, html: String, fetchedAt: Date, source: String? = nil,
    baseURL: String? = nil, images: [ImageReference]? = nil, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.bookmark = bookmark
    self.html = html
    self.fetchedAt = fetchedAt
    self.source = source
    self.baseURL = baseURL
    self.images = images
    self.unknownFields = unknownFields
  }

  /// The URL relative references resolve against: `base_url` when set, else the bookmark's `url`.
  public var documentURL: String? { baseURL ?? bookmark["url"]?.stringValue }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, id, bookmark, html, source, images
    case fetchedAt = "fetched_at"
    case baseURL = "base_url"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    try RecordCoding.checkKind(Self.kind, in: c, key: .kind)
    id = try c.decode(String.self, forKey: .id)
    bookmark = try c.decode(JSONObject.self, forKey: .bookmark)
    html = try c.decode(String.self, forKey: .html)
    fetchedAt = try c.decode(Date.self, forKey: .fetchedAt)
    source = try c.decodeIfPresent(String.self, forKey: .source)
    baseURL = try c.decodeIfPresent(String.self, forKey: .baseURL)
    images = try c.decodeIfPresent([ImageReference].self, forKey: .images)
    unknownFields = try RecordCoding.unknownFields(from: decoder, known: CodingKeys.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try RecordCoding.encodeUnknownFields(unknownFields, to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(bookmark, forKey: .bookmark)
    try c.encode(html, forKey: .html)
    try c.encode(fetchedAt, forKey: .fetchedAt)
    try c.encodeIfPresent(source, forKey: .source)
    try c.encodeIfPresent(baseURL, forKey: .baseURL)
    try c.encodeIfPresent(images, forKey: .images)
  }
}
