/// A record that travels between tools: one JSON object per line with a `"kind"` naming its type.
///
/// Conforming types keep every member they do not know in `unknownFields` and write it back, so a
/// tool that passes a record on never drops what an earlier or newer tool put in.
public protocol WireRecord: Codable, Sendable {
  /// The value of the record's `"kind"` member.
  static var kind: String { get }
  /// Members this type does not model, kept for the round trip.
  var unknownFields: JSONObject { get set }
}

/// The two members every record has, read without decoding the rest of a possibly large line.
public struct RecordHead: Decodable, Sendable, Hashable {
  public var kind: String?
  public var id: String?

  public init(kind: String?, id: String?) {
    self.kind = kind
    self.id = id
  }
}

/// Decoding and encoding helpers shared by the record types.
enum RecordCoding {
  /// Checks the `kind` member, so that a bookmark line is never silently read as an article.
  static func checkKind<K: CodingKey>(
    _ expected: String, in container: KeyedDecodingContainer<K>, key: K
  ) throws {
    let found = try container.decodeIfPresent(String.self, forKey: key)
    guard found == expected else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: found.map { "expected kind \"\(expected)\", found \"\($0)\"" }
          ?? "missing \"kind\" (expected \"\(expected)\")")
    }
  }

  /// Every member of the object whose name is not one of `Known`.
  static func unknownFields<Known: CodingKey & CaseIterable>(
    from decoder: any Decoder, known: Known.Type, alsoKnown: Set<String> = []
  ) throws -> JSONObject {
    let all = try decoder.container(keyedBy: AnyCodingKey.self)
    var unknown: JSONObject = [:]
    for key in all.allKeys
    where Known(stringValue: key.stringValue) == nil && !alsoKnown.contains(key.stringValue) {
      unknown[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
    }
    return unknown
  }

  /// Writes the unknown members first so that a modelled member of the same name wins.
  static func encodeUnknownFields(_ fields: JSONObject, to encoder: any Encoder) throws {
    guard !fields.isEmpty else { return }
    var all = encoder.container(keyedBy: AnyCodingKey.self)
    for (name, value) in fields { try all.encode(value, forKey: AnyCodingKey(name)) }
  }
}
