public import Wire

/// Menu items combined in order into one system prompt: folders become headings, presets supply
/// their text, parts are joined with ``separator``.
public struct Recipe: Sendable, Hashable, Identifiable {
  public static let defaultSeparator = "\n\n"

  public var id: String
  public var name: String
  public var separator: String
  public var keywords: String?
  public var icon: String?
  public var cookbookId: String?
  /// A chapter of the cookbook the recipe is filed in.
  public var chapterId: String?
  public var sortOrder: Int
  public var createdAt: Timestamp?
  public var updatedAt: Timestamp?
  public var unknownMembers: [String: JSONValue]

  public init(
    id: String, name: String, separator: String = Recipe.defaultSeparator, keywords: String? = nil, icon: String? = nil,
    cookbookId: String? = nil, chapterId: String? = nil, sortOrder: Int = 0, createdAt: Timestamp? = nil,
    updatedAt: Timestamp? = nil, unknownMembers: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.name = name
    self.separator = separator
    self.keywords = keywords
    self.icon = icon
    self.cookbookId = cookbookId
    self.chapterId = chapterId
    self.sortOrder = sortOrder
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.unknownMembers = unknownMembers
  }
}

extension Recipe: Codable {
  static let memberNames: Set<String> = [
    "id", "name", "separator", "keywords", "icon", "cookbookId", "chapterId", "sortOrder", "createdAt", "updatedAt",
  ]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    id = try members.required("id")
    name = try members.required("name")
    separator = try members.optional("separator") ?? Self.defaultSeparator
    keywords = try members.optional("keywords")
    icon = try members.optional("icon")
    cookbookId = try members.optional("cookbookId")
    chapterId = try members.optional("chapterId")
    sortOrder = try members.optional("sortOrder") ?? 0
    createdAt = try members.optional("createdAt")
    updatedAt = try members.optional("updatedAt")
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("id", id)
    try members.put("name", name)
    try members.put("separator", separator)
    try members.putIfPresent("keywords", keywords)
    try members.putIfPresent("icon", icon)
    try members.putIfPresent("cookbookId", cookbookId)
    try members.putIfPresent("chapterId", chapterId)
    try members.put("sortOrder", sortOrder)
    try members.putIfPresent("createdAt", createdAt)
    try members.putIfPresent("updatedAt", updatedAt)
  }
}

/// One menu item of a recipe, at its place in the recipe.
public struct RecipeMenuItem: Sendable, Hashable {
  public var recipeId: String
  public var menuItemId: String
  public var sortOrder: Int
  public var unknownMembers: [String: JSONValue]

  public init(recipeId: String, menuItemId: String, sortOrder: Int, unknownMembers: [String: JSONValue] = [:]) {
    self.recipeId = recipeId
    self.menuItemId = menuItemId
    self.sortOrder = sortOrder
    self.unknownMembers = unknownMembers
  }
}

extension RecipeMenuItem: Codable {
  static let memberNames: Set<String> = ["recipeId", "menuItemId", "sortOrder"]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    recipeId = try members.required("recipeId")
    menuItemId = try members.required("menuItemId")
    sortOrder = try members.optional("sortOrder") ?? 0
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("recipeId", recipeId)
    try members.put("menuItemId", menuItemId)
    try members.put("sortOrder", sortOrder)
  }
}
