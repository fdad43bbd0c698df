public import Wire

/// One node of the menu tree: a folder, or a reference to a preset placed in a folder.
public struct MenuItem: Sendable, Hashable, Identifiable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case folder, preset
  }

  public var id: String
  /// The folder this item is in; nil at the top of the menu.
  public var parentId: String?
  public var name: String
  /// At most three characters (an emoji, an abbreviation).
  public var icon: String?
  /// `key: value; key2: value2`, see ``Keywords``.
  public var keywords: String?
  public var sortOrder: Int
  public var kind: Kind
  /// The preset a `preset` item shows.
  public var presetId: String?
  /// Members of the file this version does not know, written back unchanged.
  public var unknownMembers: [String: JSONValue]

  public init(
    id: String, parentId: String? = nil, name: String, icon: String? = nil, keywords: String? = nil, sortOrder: Int = 0,
    kind: Kind, presetId: String? = nil, unknownMembers: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.parentId = parentId
    self.name = name
    self.icon = icon
    self.keywords = keywords
    self.sortOrder = sortOrder
    self.kind = kind
    self.presetId = presetId
    self.unknownMembers = unknownMembers
  }

  public var isFolder: Bool { kind == .folder }
}

extension MenuItem: Codable {
  static let memberNames: Set<String> = ["id", "parentId", "name", "icon", "keywords", "sortOrder", "type", "presetId"]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    id = try members.required("id")
    parentId = try members.optional("parentId")
    name = try members.required("name")
    icon = try members.optional("icon")
    keywords = try members.optional("keywords")
    sortOrder = try members.optional("sortOrder") ?? 0
    kind = try members.required("type")
    presetId = try members.optional("presetId")
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("id", id)
    try members.putOrNull("parentId", parentId)
    try members.put("name", name)
    try members.putIfPresent("icon", icon)
    try members.putIfPresent("keywords", keywords)
    try members.put("sortOrder", sortOrder)
    try members.put("type", kind)
    try members.putIfPresent("presetId", presetId)
  }
}
