/// Reading an object of the catalog format member by member, so that every type can keep the
/// members it does not know (``unknown(except:)``) and be lenient about the optional ones.
struct MemberDecoding {
  let container: KeyedDecodingContainer<MemberKey>

  init(_ decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: MemberKey.self)
  }

  func required<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
    try container.decode(T.self, forKey: MemberKey(name))
  }

  /// The member's value; nil when it is missing or null.
  func optional<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T? {
    try container.decodeIfPresent(T.self, forKey: MemberKey(name))
  }

  /// Every member not named in `known`, exactly as it was.
  func unknown(except known: Set<String>) throws -> [String: CatalogJSON] {
    var members: [String: CatalogJSON] = [:]
    for key in container.allKeys where !known.contains(key.stringValue) {
      members[key.stringValue] = try container.decode(CatalogJSON.self, forKey: key)
    }
    return members
  }
}

/// Writing an object of the catalog format: the unknown members it was read with, then the known
/// ones (which win should a name appear in both).
struct MemberEncoding {
  var container: KeyedEncodingContainer<MemberKey>

  init(_ encoder: any Encoder, unknown: [String: CatalogJSON]) throws {
    container = encoder.container(keyedBy: MemberKey.self)
    for (name, value) in unknown { try container.encode(value, forKey: MemberKey(name)) }
  }

  mutating func put<T: Encodable>(_ name: String, _ value: T) throws {
    try container.encode(value, forKey: MemberKey(name))
  }

  /// Leaves the member out when `value` is nil, as the app's own encoder does.
  mutating func putIfPresent<T: Encodable>(_ name: String, _ value: T?) throws {
    try container.encodeIfPresent(value, forKey: MemberKey(name))
  }

  /// Writes `null` when `value` is nil: for members the format always carries (`parentId`).
  mutating func putOrNull<T: Encodable>(_ name: String, _ value: T?) throws {
    if let value { try container.encode(value, forKey: MemberKey(name)) } else { try container.encodeNil(forKey: MemberKey(name)) }
  }
}
