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

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    bookmark = try members.object("bookmark")
    fetchedAt = try members.date("fetched_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("bookmark", bookmark)
    members.put("fetched_at", fetchedAt)
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

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
  }
}
