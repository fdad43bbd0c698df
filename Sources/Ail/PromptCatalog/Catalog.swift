public import Wire

/// The whole catalog: the menu tree, presets, recipes and cookbooks.
///
/// The stored file and the export file are the same thing: the app's catalog export format,
/// version 1 (camelCase members, UUID strings as ids, ISO 8601 dates). Members this version does
/// not know are kept, at every level, and written back.
public struct Catalog: Sendable, Hashable {
  /// The only format version this code reads and writes.
  public static let formatVersion = 1

  /// When the file was written; set on every save and export.
  public var exportDate: Timestamp?
  public var menuItems: [MenuItem]
  public var presets: [Preset]
  public var recipes: [Recipe]
  public var cookbooks: [Cookbook]
  public var recipeMenuItems: [RecipeMenuItem]
  public var unknownMembers: [String: JSONValue]

  public init(
    exportDate: Timestamp? = nil, menuItems: [MenuItem] = [], presets: [Preset] = [], recipes: [Recipe] = [],
    cookbooks: [Cookbook] = [], recipeMenuItems: [RecipeMenuItem] = [], unknownMembers: [String: JSONValue] = [:]
  ) {
    self.exportDate = exportDate
    self.menuItems = menuItems
    self.presets = presets
    self.recipes = recipes
    self.cookbooks = cookbooks
    self.recipeMenuItems = recipeMenuItems
    self.unknownMembers = unknownMembers
  }

  /// How many menu items, presets, recipes and cookbooks there are.
  public var entryCount: Int { menuItems.count + presets.count + recipes.count + cookbooks.count }

  public var isEmpty: Bool { menuItems.isEmpty && presets.isEmpty && recipes.isEmpty && cookbooks.isEmpty }

  // MARK: Lookups by id

  public func menuItem(id: String) -> MenuItem? { menuItems.first { $0.id == id } }
  public func preset(id: String) -> Preset? { presets.first { $0.id == id } }
  public func recipe(id: String) -> Recipe? { recipes.first { $0.id == id } }
  public func cookbook(id: String) -> Cookbook? { cookbooks.first { $0.id == id } }
}

extension Catalog: Codable {
  static let memberNames: Set<String> = [
    "version", "exportDate", "menuItems", "presets", "recipes", "cookbooks", "recipeMenuItems",
  ]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    exportDate = try members.optional("exportDate")
    menuItems = try members.optional("menuItems") ?? []
    presets = try members.optional("presets") ?? []
    recipes = try members.optional("recipes") ?? []
    cookbooks = try members.optional("cookbooks") ?? []
    recipeMenuItems = try members.optional("recipeMenuItems") ?? []
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("version", Self.formatVersion)
    try members.putIfPresent("exportDate", exportDate)
    try members.put("menuItems", menuItems)
    try members.put("presets", presets)
    try members.put("recipes", recipes)
    try members.put("cookbooks", cookbooks)
    try members.put("recipeMenuItems", recipeMenuItems)
  }
}
