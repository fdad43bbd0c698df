/// Text and attribute values written into HTML (or XHTML) with their delimiters as character
/// references: the project's one escaping. `&` always; the rest as `Delimiters` asks.
///
/// Delimiters are looked for among Unicode scalars, as a browser or an XML parser reads them: a
/// combining mark after `<` or `"`, or a Prepend character before it, joins it into one
/// `Character` with its neighbour, and must not hide it.
public enum HTMLEscape {
  public struct Delimiters: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `<` and `>` as `&lt;` and `&gt;`.
    public static let angleBrackets = Delimiters(rawValue: 1 << 0)
    /// `"` as `&quot;`.
    public static let doubleQuote = Delimiters(rawValue: 1 << 1)
    /// `'` as `&#39;`.
    public static let singleQuote = Delimiters(rawValue: 1 << 2)
    /// U+00A0 as `&nbsp;`, as the standard's serializer writes it.
    public static let noBreakSpace = Delimiters(rawValue: 1 << 3)

    /// For text between tags.
    public static let text: Delimiters = [.angleBrackets]
    /// For an attribute value in double quotes.
    public static let attribute: Delimiters = [.angleBrackets, .doubleQuote]
  }

  public static func text(_ value: String) -> String { escaped(value, .text) }

  public static func attribute(_ value: String) -> String { escaped(value, .attribute) }

  public static func escaped(_ value: String, _ delimiters: Delimiters) -> String {
    guard needsEscaping(value, delimiters) else { return value }
    var out = ""
    out.reserveCapacity(value.utf8.count + 16)
    escapeScalars(value, delimiters, into: &out)
    return out
  }

  /// `value` escaped at the end of `out`.
  public static func escape(_ value: String, _ delimiters: Delimiters, into out: inout String) {
    if needsEscaping(value, delimiters) { escapeScalars(value, delimiters, into: &out) } else { out += value }
  }

  private static func escapeScalars(_ value: String, _ delimiters: Delimiters, into out: inout String) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<" where delimiters.contains(.angleBrackets): out += "&lt;"
      case ">" where delimiters.contains(.angleBrackets): out += "&gt;"
      case "\"" where delimiters.contains(.doubleQuote): out += "&quot;"
      case "'" where delimiters.contains(.singleQuote): out += "&#39;"
      case "\u{A0}" where delimiters.contains(.noBreakSpace): out += "&nbsp;"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Whether any byte may need a reference: ASCII delimiters are whole scalars in UTF-8, and
  /// U+00A0's second byte is looked for alone (another character ending in it costs only the
  /// slower pass).
  private static func needsEscaping(_ value: String, _ delimiters: Delimiters) -> Bool {
    let angle = delimiters.contains(.angleBrackets)
    let double = delimiters.contains(.doubleQuote)
    let single = delimiters.contains(.singleQuote)
    let space = delimiters.contains(.noBreakSpace)
    return value.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "&"): true
      case UInt8(ascii: "<"), UInt8(ascii: ">"): angle
      case UInt8(ascii: "\""): double
      case UInt8(ascii: "'"): single
      case 0xA0: space
      default: false
      }
    }
  }
}
