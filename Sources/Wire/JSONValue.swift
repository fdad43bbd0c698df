/// A JSON object as decoded from the wire: keys in no particular order (encoding sorts them).
public typealias JSONObject = [String: JSONValue]

/// Any JSON value, for data a tool carries without knowing its shape: the server's bookmark object,
/// fields added by a newer tool, extension fields a user put in.
///
/// Integers that fit `Int64` stay integers so that ids and sizes survive a round trip exactly;
/// other numbers are `Double`.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

extension JSONValue {
  /// The member `key` when this is an object, else nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The value as an integer when it is one, or a number with no fractional part.
  public var intValue: Int64? {
    switch self {
    case .integer(let value): return value
    case .number(let value) where value.rounded() == value && abs(value) < 9.2e18: return Int64(value)
    default: return nil
    }
  }

  /// The value as a number, whether written with a fraction or not.
  public var numberValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .number(let value): return value
    default: return nil
    }
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    // Containers first: asking a single-value container for a scalar when the value is an
    // object or array throws, and objects are the most common nested values here.
    if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var members = JSONObject(minimumCapacity: object.allKeys.count)
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
      }
      self = .object(members)
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      if let count = array.count { elements.reserveCapacity(count) }
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
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
      var object = encoder.container(keyedBy: AnyCodingKey.self)
      for (key, value) in members { try object.encode(value, forKey: AnyCodingKey(key)) }
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements, uniquingKeysWith: { _, last in last }))
  }
}

/// A coding key for any member name: unknown fields and free-form objects.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
  public let stringValue: String
  public let intValue: Int?

  public init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  public init(stringValue: String) { self.init(stringValue) }

  public init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}
