public import Wire

/// A collection of recipes, in chapters; its keywords apply to all of its recipes.
public struct Cookbook: Sendable, Hashable, Identifiable {
  public struct Chapter: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var sortOrder: Int
    public var unknownMembers: [String: JSONValue]

    public init(id: String, name: String, sortOrder: Int = 0, unknownMembers: [String: JSONValue] = [:]) {
      self.id = id
      self.name = name
      self.sortOrder = sortOrder
      self.unknownMembers = unknownMembers
    }
  }

  public var id: String
  public var name: String
  public var icon: String?
  public var keywords: String?
  public var sortOrder: Int
  public var chapters: [Chapter]
  public var unknownMembers: [String: JSONValue]

  public init(
    id: String, name: String, icon: String? = nil, keywords: String? = nil, sortOrder: Int = 0,
    chapters: [Chapter] = [],
    unknownMembers: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.name = name
    self.icon = icon
    self.keywords = keywords
    self.sortOrder = sortOrder
    self.chapters = chapters
    self.unknownMembers = unknownMembers
  }
}

extension Cookbook: Codable {
  static let memberNames: Set<String> = ["id", "name", "icon", "keywords", "sortOrder", "chapters"]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    id = try members.required("id")
    name = try members.required("name")
    icon = try members.optional("icon")
    keywords = try members.optional("keywords")
    sortOrder = try members.optional("sortOrder") ?? 0
    chapters = try members.optional("chapters") ?? []
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("id", id)
    try members.put("name", name)
    try members.putIfPresent("icon", icon)
    try members.putIfPresent("keywords", keywords)
    try members.put("sortOrder", sortOrder)
    try members.put("chapters", chapters)
  }
}

extension Cookbook.Chapter: Codable {
  static let memberNames: Set<String> = ["id", "name", "sortOrder"]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    id = try members.required("id")
    name = try members.required("name")
    sortOrder = try members.optional("sortOrder") ?? 0
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("id", id)
    try members.put("name", name)
    try members.put("sortOrder", sortOrder)
  }
}
