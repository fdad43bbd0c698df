#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// An object's members as a record type reads them: typed accessors that throw the same
/// `DecodingError`s as `JSONDecoder` (so messages name the member), and everything not read kept
/// for ``remaining()``.
public struct MemberReader {
  private let object: JSONObject
  private let codingPath: [any CodingKey]
  private var consumed: [String] = []

  /// - Parameter kind: the `kind` the object must carry, for records.
  init(_ object: JSONObject, codingPath: [any CodingKey] = [], kind: String?) throws {
    self.object = object
    self.codingPath = codingPath
    guard let kind else { return }
    consumed.append("kind")
    let found = object["kind"]?.stringValue
    guard found == kind else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [AnyCodingKey("kind")],
          debugDescription: found.map { "expected kind \"\(kind)\", found \"\($0)\"" }
            ?? "missing \"kind\" (expected \"\(kind)\")"))
    }
  }

  // MARK: Typed members

  public mutating func string(_ name: String) throws -> String { try require(name, optionalString(name)) }
  public mutating func int(_ name: String) throws -> Int { try require(name, optionalInt(name)) }
  public mutating func double(_ name: String) throws -> Double { try require(name, optionalDouble(name)) }
  public mutating func bool(_ name: String) throws -> Bool { try require(name, optionalBool(name)) }
  public mutating func date(_ name: String) throws -> Date { try require(name, optionalDate(name)) }
  public mutating func object(_ name: String) throws -> JSONObject { try require(name, optionalObject(name)) }

  /// Any JSON value, as it is; nil when absent or null.
  public mutating func optionalValue(_ name: String) -> JSONValue? {
    consumed.append(name)
    guard let value = object[name], value != .null else { return nil }
    return value
  }

  public mutating func optionalString(_ name: String) throws -> String? {
    try typed(name, "a string") { $0.stringValue }
  }

  public mutating func optionalInt(_ name: String) throws -> Int? {
    try typed(name, "an integer") { value in value.intValue.flatMap { Int(exactly: $0) } }
  }

  public mutating func optionalDouble(_ name: String) throws -> Double? {
    try typed(name, "a number") { value in
      switch value {
      case .integer(let integer): Double(integer)
      case .number(let number): number
      default: nil
      }
    }
  }

  public mutating func optionalBool(_ name: String) throws -> Bool? { try typed(name, "a boolean") { $0.boolValue } }

  public mutating func optionalObject(_ name: String) throws -> JSONObject? {
    try typed(name, "an object") { $0.objectValue }
  }

  public mutating func optionalDate(_ name: String) throws -> Date? {
    guard let text = try optionalString(name) else { return nil }
    guard let date = RFC3339.date(from: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: path(name), debugDescription: "not an RFC 3339 date: \(text.prefix(40))"))
    }
    return date
  }

  public mutating func optionalStrings(_ name: String) throws -> [String]? {
    try optionalArray(name) { element, reader in
      guard let text = element.stringValue else { throw reader.mismatch("a string") }
      return text
    }
  }

  /// An array of nested objects, each read with its own reader (paths like `images[2].url`).
  public mutating func optionalObjects<T: WireObject>(_ name: String, as type: T.Type = T.self) throws -> [T]? {
    try optionalArray(name) { element, reader in
      guard let members = element.objectValue else { throw reader.mismatch("an object") }
      var nested = try MemberReader(members, codingPath: reader.codingPath, kind: nil)
      return try T(reading: &nested)
    }
  }

  public mutating func objects<T: WireObject>(_ name: String, as type: T.Type = T.self) throws -> [T] {
    try require(name, optionalObjects(name, as: type))
  }

  /// One nested object, read with its own reader.
  public mutating func optionalObject<T: WireObject>(_ name: String, as type: T.Type = T.self) throws -> T? {
    guard let members = try optionalObject(name) else { return nil }
    var nested = try MemberReader(members, codingPath: path(name), kind: nil)
    return try T(reading: &nested)
  }

  /// The members nobody asked for.
  public func remaining() -> JSONObject {
    object.filter { !consumed.contains($0.key) }
  }

  // MARK: Plumbing

  private mutating func typed<T>(_ name: String, _ what: String, _ convert: (JSONValue) -> T?) throws -> T? {
    consumed.append(name)
    guard let value = object[name], value != .null else { return nil }
    guard let converted = convert(value) else {
      throw DecodingError.typeMismatch(T.self, .init(codingPath: path(name), debugDescription: "expected \(what)"))
    }
    return converted
  }

  private mutating func optionalArray<T>(_ name: String, _ element: (JSONValue, ElementContext) throws -> T) throws
    -> [T]?
  {
    guard let values = try typed(name, "an array", { $0.arrayValue }) else { return nil }
    return try values.enumerated().map { index, value in
      try element(value, ElementContext(codingPath: path(name) + [AnyCodingKey(intValue: index)]))
    }
  }

  private func require<T>(_ name: String, _ value: T?) throws -> T {
    guard let value else {
      throw DecodingError.keyNotFound(AnyCodingKey(name), .init(codingPath: codingPath, debugDescription: "missing"))
    }
    return value
  }

  private func path(_ name: String) -> [any CodingKey] { codingPath + [AnyCodingKey(name)] }

  struct ElementContext {
    let codingPath: [any CodingKey]
    func mismatch(_ what: String) -> DecodingError {
      .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(what)"))
    }
  }
}

/// Collects a record's members for writing; unknown members go in first, so a modelled member of
/// the same name wins.
public struct MemberWriter {
  private(set) var object: JSONObject

  init(unknown: JSONObject, kind: String?) {
    object = unknown
    if let kind { object["kind"] = .string(kind) }
  }

  public mutating func put(_ name: String, _ value: String?) { set(name, value.map(JSONValue.string)) }
  public mutating func put(_ name: String, _ value: Int?) { set(name, value.map { .integer(Int64($0)) }) }
  public mutating func put(_ name: String, _ value: Double?) { set(name, value.map(JSONValue.number)) }
  public mutating func put(_ name: String, _ value: Bool?) { set(name, value.map(JSONValue.bool)) }
  public mutating func put(_ name: String, _ value: Date?) {
    set(name, value.map { .string(RFC3339.string(from: $0)) })
  }
  public mutating func put(_ name: String, _ value: JSONObject?) { set(name, value.map(JSONValue.object)) }
  public mutating func put(_ name: String, _ value: [String]?) {
    set(name, value.map { .array($0.map(JSONValue.string)) })
  }

  /// Any JSON value (a differently named `put`: literals would make overloads ambiguous).
  public mutating func putValue(_ name: String, _ value: JSONValue?) { set(name, value) }

  public mutating func put<T: WireObject>(_ name: String, _ value: [T]?) {
    set(name, value.map { .array($0.map { .object($0.members) }) })
  }

  public mutating func put<T: WireObject>(_ name: String, _ value: T?) { set(name, value.map { .object($0.members) }) }

  /// Leaves the member out when `value` is nil.
  private mutating func set(_ name: String, _ value: JSONValue?) {
    if let value { object[name] = value } else { object[name] = nil }
  }
}
