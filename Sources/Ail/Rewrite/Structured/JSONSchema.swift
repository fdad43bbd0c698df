public import Wire

/// The part of JSON Schema an answer is held to: `type` (object, array, string, number,
/// integer, boolean, null, or a list of them), `enum`, `properties`, `required`,
/// `additionalProperties: false` and `items`. Other keywords (formats, lengths, patterns) are
/// sent to the provider as written but not checked here.
public struct JSONSchema: Sendable, Equatable {
  public let value: JSONValue

  public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// A schema is an object; each `type` it names must be one of JSON's.
  public init(_ value: JSONValue) throws(Invalid) {
    guard value.objectValue != nil else { throw Invalid(description: "a JSON Schema is an object") }
    if let problem = Self.check(value, at: "#") { throw Invalid(description: problem) }
    self.value = value
  }

  private static let types: Set<String> = ["object", "array", "string", "number", "integer", "boolean", "null"]

  private static func check(_ schema: JSONValue, at path: String) -> String? {
    guard schema.objectValue != nil else { return nil }
    for name in names(schema["type"]) where !types.contains(name) {
      return "\(path): unknown type \"\(name)\""
    }
    for (key, sub) in schema["properties"]?.objectValue ?? [:] {
      if let problem = check(sub, at: "\(path)/properties/\(key)") { return problem }
    }
    if let items = schema["items"] { return check(items, at: "\(path)/items") }
    return nil
  }

  private static func names(_ type: JSONValue?) -> [String] {
    if let one = type?.stringValue { return [one] }
    return type?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  /// The first place `instance` breaks the schema, as `$.tasks[0].title: expected a string,
  /// found null`; nil when it matches.
  public func violation(of instance: JSONValue) -> String? { Self.violation(of: instance, against: value, at: "$") }

  private static func violation(of instance: JSONValue, against schema: JSONValue, at path: String) -> String? {
    let allowed = names(schema["type"])
    if !allowed.isEmpty, !allowed.contains(where: { matches(instance, type: $0) }) {
      return "\(path): expected \(allowed.joined(separator: " or ")), found \(describe(instance))"
    }
    if let choices = schema["enum"]?.arrayValue, !choices.contains(where: { same($0, instance) }) {
      let listed = choices.map { String(decoding: (try? WireCoding.line($0).dropLast()) ?? [], as: UTF8.self) }
      return "\(path): expected one of \(listed.joined(separator: ", ")), found \(describe(instance))"
    }
    if let members = instance.objectValue {
      let properties = schema["properties"]?.objectValue ?? [:]
      for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
        return "\(path): the member \"\(name)\" is missing"
      }
      for (name, member) in members.sorted(by: { $0.key < $1.key }) {
        if let sub = properties[name] {
          if let problem = violation(of: member, against: sub, at: "\(path).\(name)") { return problem }
        } else if schema["additionalProperties"] == .bool(false) {
          return "\(path): the member \"\(name)\" is not allowed"
        } else if let extra = schema["additionalProperties"], extra.objectValue != nil,
          let problem = violation(of: member, against: extra, at: "\(path).\(name)")
        {
          return problem
        }
      }
    }
    if let elements = instance.arrayValue, let items = schema["items"], items.objectValue != nil {
      for (index, element) in elements.enumerated() {
        if let problem = violation(of: element, against: items, at: "\(path)[\(index)]") { return problem }
      }
    }
    return nil
  }

  private static func matches(_ instance: JSONValue, type: String) -> Bool {
    switch (type, instance) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null): true
    case ("number", .integer), ("number", .number), ("integer", .integer): true
    case ("integer", .number(let value)): value.rounded() == value
    default: false
    }
  }

  /// Numbers compare by value: `1` matches an enum's `1.0`.
  private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): Double(x) == y
    default: a == b
    }
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string(let text): "the string \"\(text.count > 40 ? text.prefix(39) + "…" : text)\""
    case .integer(let number): "the number \(number)"
    case .number(let number): "the number \(number)"
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    }
  }
}
