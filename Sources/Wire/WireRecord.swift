/// A JSON object type of the wire contract. Each type maps its members once — ``init(reading:)``
/// and ``members`` — and both the fast wire path (``WireCoding``) and `Codable` use that mapping.
///
/// Members a type does not model are kept in `unknownFields` and written back, so a tool that
/// passes an object on never drops what an earlier or newer tool put in.
public protocol WireObject: Codable, Sendable {
  /// Members this type does not model, kept for the round trip.
  var unknownFields: JSONObject { get set }
  /// Reads the modelled members; the rest is `members.remaining()`.
  init(reading members: inout MemberReader) throws
  /// Writes the modelled members.
  func write(to members: inout MemberWriter)
}

/// A record: a ``WireObject`` that travels as one line, with a `"kind"` naming its type.
public protocol WireRecord: WireObject {
  /// The value of the record's `"kind"` member.
  static var kind: String { get }
}

extension WireObject {
  /// Every member, modelled and unknown, as written on the wire.
  public var members: JSONObject {
    var writer = MemberWriter(unknown: unknownFields, kind: (Self.self as? any WireRecord.Type)?.kind)
    write(to: &writer)
    return writer.object
  }

  /// Reads the object from its decoded members, checking `kind` for records.
  public init(members object: JSONObject, codingPath: [any CodingKey] = []) throws {
    var reader = try MemberReader(
      object, codingPath: codingPath, kind: (Self.self as? any WireRecord.Type)?.kind)
    try self.init(reading: &reader)
  }

  public init(from decoder: any Decoder) throws {
    try self.init(members: try JSONObject(from: decoder), codingPath: decoder.codingPath)
  }

  public func encode(to encoder: any Encoder) throws {
    try JSONValue.object(members).encode(to: encoder)
  }
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
