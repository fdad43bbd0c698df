/// Any JSON value: what the catalog keeps of members it does not know, so that a file written by a
/// newer app goes through `import` and `export` without losing anything.
///
/// Integers that fit `Int64` stay integers so that they come back written the same way. (Named
/// apart from Wire's `JSONValue`: this module has no dependencies, and ail-ai imports both.)
public enum CatalogJSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([CatalogJSON])
  case object([String: CatalogJSON])
}

extension CatalogJSON: Codable {
  public init(from decoder: any Decoder) throws {
    // Containers first: asking a single-value container for a scalar when the value is an
    // object or array throws.
    if let object = try? decoder.container(keyedBy: MemberKey.self) {
      var members: [String: CatalogJSON] = [:]
      for key in object.allKeys { members[key.stringValue] = try object.decode(CatalogJSON.self, forKey: key) }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [CatalogJSON] = []
      while !array.isAtEnd { elements.append(try array.decode(CatalogJSON.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let string = try? single.decode(String.self) {
        self = .string(string)
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let integer = try? single.decode(Int64.self) {
        self = .integer(integer)
      } else {
        self = .number(try single.decode(Double.self))
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .integer(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .number(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .string(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: MemberKey.self)
      for (key, value) in members { try object.encode(value, forKey: MemberKey(key)) }
    }
  }
}

/// A coding key for any member name.
struct MemberKey: CodingKey, Hashable {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  init(stringValue: String) { self.init(stringValue) }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension CatalogJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: CatalogJSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, CatalogJSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
