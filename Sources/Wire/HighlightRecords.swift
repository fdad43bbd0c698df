public import Foundation

/// `highlight`: a passage marked in an article on the server (Readeck calls it an annotation),
/// with the article it is in.
public struct HighlightRecord: WireRecord, Hashable {
  public static let kind = "highlight"

  public var id: String
  public var bookmarkID: String
  public var title: String?
  public var url: String?
  public var site: String?
  /// The highlighted text, as the server stores it.
  public var text: String
  public var note: String?
  /// Readeck's colour name (`yellow`, `red`, `blue`, `green`, …).
  public var color: String
  public var created: Date
  /// The id a highlight made offline had until rk-push created it (`local-hl-N`).
  public var localID: String?
  public var unknownFields: JSONObject

  public init(
    id: String, bookmarkID: String, title: String? = nil, url: String? = nil, site: String? = nil, text: String,
    note: String? = nil, color: String, created: Date, localID: String? = nil, unknownFields: JSONObject = [:]
  ) {
    self.id = id
    self.bookmarkID = bookmarkID
    self.title = title
    self.url = url
    self.site = site
    self.text = text
    self.note = note
    self.color = color
    self.created = created
    self.localID = localID
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    id = try members.string("id")
    bookmarkID = try members.string("bookmark_id")
    title = try members.optionalString("title")
    url = try members.optionalString("url")
    site = try members.optionalString("site")
    text = try members.string("text")
    note = try members.optionalString("note")
    color = try members.string("color")
    created = try members.date("created")
    localID = try members.optionalString("local_id")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("id", id)
    members.put("bookmark_id", bookmarkID)
    members.put("title", title)
    members.put("url", url)
    members.put("site", site)
    members.put("text", text)
    members.put("note", note)
    members.put("color", color)
    members.put("created", created)
    members.put("local_id", localID)
  }
}

/// `highlight_summary`: the end of a listing of every highlight on the server. Only a complete
/// one tells a store which highlights are gone.
public struct HighlightSummary: WireRecord, Hashable {
  public static let kind = "highlight_summary"

  public var server: String
  public var count: Int
  public var complete: Bool
  /// When the listing began: what the store knows of the server is as of then, however late
  /// the records reach it.
  public var listedAt: Date?
  public var unknownFields: JSONObject

  public init(server: String, count: Int, complete: Bool, listedAt: Date? = nil, unknownFields: JSONObject = [:]) {
    self.server = server
    self.count = count
    self.complete = complete
    self.listedAt = listedAt
    self.unknownFields = unknownFields
  }

  public init(reading members: inout MemberReader) throws {
    server = try members.string("server")
    count = try members.int("count")
    complete = try members.bool("complete")
    listedAt = try members.optionalDate("listed_at")
    unknownFields = members.remaining()
  }

  public func write(to members: inout MemberWriter) {
    members.put("server", server)
    members.put("count", count)
    members.put("complete", complete)
    members.put("listed_at", listedAt)
  }
}

/// Readeck's highlight colours. Here because they are part of the records' contract (what
/// `rk-cache highlight --color` takes, what a listing without a colour means); the server takes
/// any name of up to 32 characters, and a reader shows one it does not know as the default.
public enum HighlightColor {
  public static let names = ["yellow", "red", "blue", "green"]
  public static let defaultName = "yellow"

  /// How a reader shows the colour `name`: one of ``names`` (any case), else the default.
  public static func shown(_ name: String?) -> String {
    guard let name = name?.lowercased(), names.contains(name) else { return defaultName }
    return name
  }
}
