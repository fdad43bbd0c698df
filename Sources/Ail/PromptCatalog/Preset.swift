public import Wire

/// A pre-prompt: the text that becomes (part of) the system prompt, with its `{{key}}`
/// placeholders.
public struct Preset: Sendable, Hashable, Identifiable {
  public var id: String
  public var name: String
  public var text: String
  public var icon: String?
  public var keywords: String?
  /// The preset used when a command names no system prompt.
  public var isDefault: Bool
  /// The preset condenses its input (a summary, a list of tasks): the answers to the pieces of a
  /// long input are combined by the preset again instead of being joined.
  public var condenses: Bool
  /// The JSON Schema its answer must match, when it asks for structured data.
  public var schema: JSONValue?
  public var createdAt: Timestamp?
  public var updatedAt: Timestamp?
  public var unknownMembers: [String: JSONValue]

  public init(
    id: String, name: String, text: String, icon: String? = nil, keywords: String? = nil, isDefault: Bool = false,
    condenses: Bool = false, schema: JSONValue? = nil, createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
    unknownMembers: [String: JSONValue] = [:]
  ) {
    self.id = id
    self.name = name
    self.text = text
    self.icon = icon
    self.keywords = keywords
    self.isDefault = isDefault
    self.condenses = condenses
    // A nil literal can arrive as JSON's null (JSONValue takes `nil`): no schema either.
    self.schema = schema == .null ? nil : schema
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.unknownMembers = unknownMembers
  }
}

extension Preset: Codable {
  static let memberNames: Set<String> = [
    "id", "name", "text", "icon", "keywords", "isDefault", "condenses", "schema", "createdAt", "updatedAt",
  ]

  public init(from decoder: any Decoder) throws {
    let members = try MemberDecoding(decoder)
    id = try members.required("id")
    name = try members.required("name")
    text = try members.optional("text") ?? ""
    icon = try members.optional("icon")
    keywords = try members.optional("keywords")
    isDefault = try members.optional("isDefault") ?? false
    condenses = try members.optional("condenses") ?? false
    schema = try members.optional("schema")
    createdAt = try members.optional("createdAt")
    updatedAt = try members.optional("updatedAt")
    unknownMembers = try members.unknown(except: Self.memberNames)
  }

  public func encode(to encoder: any Encoder) throws {
    var members = try MemberEncoding(encoder, unknown: unknownMembers)
    try members.put("id", id)
    try members.put("name", name)
    try members.put("text", text)
    try members.putIfPresent("icon", icon)
    try members.putIfPresent("keywords", keywords)
    try members.put("isDefault", isDefault)
    if condenses { try members.put("condenses", true) }
    try members.putIfPresent("schema", schema)
    try members.putIfPresent("createdAt", createdAt)
    try members.putIfPresent("updatedAt", updatedAt)
  }
}
