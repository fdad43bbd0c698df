#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The one JSON configuration every tool uses, so that all of them write byte-identical lines.
///
/// Member names are spelled out (snake_case) in each type's mapping instead of using a key strategy:
/// a strategy would also rename the members of objects the tools carry without knowing them.
public enum WireCoding {
  /// Compact, sorted keys, unescaped slashes, RFC 3339 dates.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var single = encoder.singleValueContainer()
      try single.encode(RFC3339.string(from: date))
    }
    return encoder
  }

  /// RFC 3339 dates with 0–9 fractional digits and any offset.
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let single = try decoder.singleValueContainer()
      let text = try single.decode(String.self)
      guard let date = RFC3339.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: single, debugDescription: "not an RFC 3339 date: \(text.prefix(40))")
      }
      return date
    }
    return decoder
  }

  /// `value` as one wire line: compact JSON followed by `\n`. Wire objects and JSON values take
  /// the fast writer; anything else goes through `JSONEncoder` with the same settings.
  public static func line(_ value: some Encodable) throws -> [UInt8] {
    let json: JSONValue
    switch value {
    case let object as any WireObject: json = .object(object.members)
    case let value as JSONValue: json = value
    default:
      var data = try shared.encoder.encode(value)
      data.append(UInt8(ascii: "\n"))
      return [UInt8](data)
    }
    var writer = JSONWriter()
    writer.write(json)
    writer.newline()
    return writer.bytes
  }

  /// Decodes `type` from one line's bytes (without its newline). Wire objects and JSON values are
  /// parsed by the fast parser; anything else goes through `JSONDecoder`.
  public static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
    switch type {
    case let objectType as any WireObject.Type:
      guard case .object(let members) = try parse(bytes) else {
        throw DecodingError.typeMismatch(
          JSONObject.self, .init(codingPath: [], debugDescription: "not a JSON object"))
      }
      return try objectType.init(members: members) as! T
    case is JSONValue.Type:
      return try parse(bytes) as! T
    default:
      return try shared.decoder.decode(type, from: Data(bytes))
    }
  }

  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try data.withUnsafeBytes { try decode(type, from: $0) }
  }

  /// Parses one JSON text; a syntax error is a `DecodingError` whose text says where.
  public static func parse(_ bytes: UnsafeRawBufferPointer) throws -> JSONValue {
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description))
    }
  }

  // JSONEncoder and JSONDecoder are thread-safe once configured; sharing them saves their set-up
  // on every line.
  private static let shared = (encoder: makeEncoder(), decoder: makeDecoder())
}

extension WireCoding {
  /// A one-line account of a decoding failure, naming the member: `missing "html"`,
  /// `"bookmark.labels" is not an array`, `not valid JSON`.
  public static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
      var text = ""
      for key in codingPath + (last.map { [$0] } ?? []) {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing \"\(path(context.codingPath, key))\""
    case .valueNotFound(_, let context):
      return "\"\(path(context.codingPath))\" is null"
    case .typeMismatch(let type, let context):
      let expected = context.debugDescription
      let what = expected.hasPrefix("expected ") ? String(expected.dropFirst(9)) : describe(type)
      return "\"\(path(context.codingPath))\" is not \(what)"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return context.debugDescription.hasPrefix("not valid JSON") ? context.debugDescription : "not valid JSON"
      }
      return "\"\(path(context.codingPath))\": \(context.debugDescription)"
    @unknown default:
      return String(describing: error)
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a boolean"
    case is Int.Type, is Int64.Type: return "an integer"
    case is Double.Type: return "a number"
    case is [String: JSONValue].Type: return "an object"
    default:
      let name = String(describing: type)
      return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
    }
  }
}
