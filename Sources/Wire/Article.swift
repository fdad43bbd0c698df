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
  /// The bookmark object exactly as the server sent it in its list; empty when a record made by
  /// hand has none (then `base_url` places the article).
  public var bookmark: JSONObject
  /// The article HTML fragment, as the server returned it (or as `rk-extract-images` rewrote it).
  public var html: String
  /// When rk-fetch fetched it; records made by hand may leave it out.
  public var fetchedAt: Date?
  /// Where the record came from when not from the server, e.g. `"cache"`.
  public var source: String?
  /// Overrides the bookmark's `url` as the base for relative references.
  public var baseURL: String?
  /// The images the HTML refers to, once `rk-extract-images` has looked.
  public var images: [ImageReference]?
  public var unknownFields: JSONObject
  /// Whether the record had a `bookmark` member, so that one without keeps going without.
  private var hasBookmark = true

  public init(
    id: String, bookmark: JSONObject, html: String, fetchedAt: Date?, source: String? = nil,
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

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    let bookmark = try members.optionalObject("bookmark")
    self.bookmark = bookmark ?? [:]
    hasBookmark = bookmark != nil
    html = try members.string("html")
    fetchedAt = try members.optionalDate("fetched_at")
    source = try members.optionalString("source")
    baseURL = try members.optionalString("base_url")
    images = try members.optionalObjects("images")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("bookmark", hasBookmark || !bookmark.isEmpty ? bookmark : nil)
    members.put("html", html)
    members.put("fetched_at", fetchedAt)
    members.put("source", source)
    members.put("base_url", baseURL)
    members.put("images", images)
  }
}
