import Wire

/// Reading an object of the catalog format member by member, so that every type can keep the
/// members it does not know (``unknown(except:)``) and be lenient about the optional ones.
struct MemberDecoding {
  let container: KeyedDecodingContainer<AnyCodingKey>

  init(_ decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: AnyCodingKey.self)
  }

  func required<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
    try container.decode(T.self, forKey: AnyCodingKey(name))
  }

  /// The member's value; nil when it is missing or null.
  func optional<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T? {
    try container.decodeIfPresent(T.self, forKey: AnyCodingKey(name))
  }

  /// Every member not named in `known`, exactly as it was.
  func unknown(except known: Set<String>) throws -> [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    for key in container.allKeys where !known.contains(key.stringValue) {
      members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
    return members
  }
}

/// Writing an object of the catalog format: the unknown members it was read with, then the known
/// ones (which win should a name appear in both).
struct MemberEncoding {
  var container: KeyedEncodingContainer<AnyCodingKey>

  init(_ encoder: any Encoder, unknown: [String: JSONValue]) throws {
    container = encoder.container(keyedBy: AnyCodingKey.self)
    for (name, value) in unknown { try container.encode(value, forKey: AnyCodingKey(name)) }
  }

  mutating func put<T: Encodable>(_ name: String, _ value: T) throws {
    try container.encode(value, forKey: AnyCodingKey(name))
  }

  /// Leaves the member out when `value` is nil, as the app's own encoder does.
  mutating func putIfPresent<T: Encodable>(_ name: String, _ value: T?) throws {
    try container.encodeIfPresent(value, forKey: AnyCodingKey(name))
  }

  /// Writes `null` when `value` is nil: for members the format always carries (`parentId`).
  mutating func putOrNull<T: Encodable>(_ name: String, _ value: T?) throws {
    if let value {
      try container.encode(value, forKey: AnyCodingKey(name))
    } else {
      try container.encodeNil(forKey: AnyCodingKey(name))
    }
  }
}
