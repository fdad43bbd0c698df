#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The one JSON configuration every tool uses, so that all of them write byte-identical lines.
///
/// Keys are spelled out in each type's `CodingKeys` (snake_case) instead of using a key strategy:
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

  /// `value` as one wire line: compact JSON followed by `\n`.
  public static func line(_ value: some Encodable) throws -> Data {
    var data = try shared.encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Decodes `type` from one line's bytes (without its newline).
  public static func decode<T: Decodable>(_ type: T.Type, from bytes: Data) throws -> T {
    try shared.decoder.decode(type, from: bytes)
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
      return "\"\(path(context.codingPath))\" is not \(describe(type))"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "not valid JSON" }
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
