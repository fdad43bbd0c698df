import Wire

/// The echo answer to a structured-output request (`response_format` with a `json_schema`, or
/// Ollama's `format` schema): a value the schema accepts, as constrained decoding guarantees a
/// real server's answer is, its strings the echo text.
enum SchemaInstance {
  static func schema(in body: JSONValue) -> JSONValue? {
    if let schema = body["response_format"]?["json_schema"]?["schema"], schema.objectValue != nil { return schema }
    if let format = body["format"], format.objectValue != nil { return format }
    return nil
  }

  static func value(for schema: JSONValue, text: String) -> JSONValue {
    if let first = schema["enum"]?.arrayValue?.first { return first }
    let type =
      schema["type"]?.stringValue ?? schema["type"]?.arrayValue?.first?.stringValue
      ?? (schema["properties"] != nil ? "object" : "string")
    switch type {
    case "object":
      var members: JSONObject = [:]
      for (name, property) in schema["properties"]?.objectValue ?? [:] {
        members[name] = value(for: property, text: text)
      }
      return .object(members)
    case "array": return .array(schema["items"].map { [value(for: $0, text: text)] } ?? [])
    case "integer": return .integer(1)
    case "number": return .number(1.5)
    case "boolean": return .bool(true)
    case "null": return .null
    default: return .string(text)
    }
  }
}
