/// A sentence for people, written in English where it is used: `tr("no store at \(path)")`.
///
/// The English text is the catalog key (gettext's msgid), with `{0}`, `{1}` … where the code
/// interpolates values, in the order they appear, and literal braces doubled (`{{`, `}}`, as in
/// Python's `str.format`). A translation may put the placeholders in any order. One message is one
/// whole sentence: never build a sentence from translated pieces, whose order differs between
/// languages.
public struct Message: ExpressibleByStringInterpolation, Hashable, Sendable {
  /// The catalog key.
  public let id: String
  /// The interpolated values as text, `{0}` first.
  public let arguments: [String]

  public init(stringLiteral value: String) {
    id = Self.escapingBraces(value)
    arguments = []
  }

  public init(stringInterpolation: StringInterpolation) {
    id = stringInterpolation.id
    arguments = stringInterpolation.arguments
  }

  public struct StringInterpolation: StringInterpolationProtocol {
    var id = ""
    var arguments: [String] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      id.reserveCapacity(literalCapacity + 3 * interpolationCount)
      arguments.reserveCapacity(interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) { id += Message.escapingBraces(literal) }

    /// Text, numbers and anything else that describes itself; no optionals (which would read
    /// "Optional(…)").
    public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      id += "{\(arguments.count)}"
      arguments.append(value.description)
    }

    /// A fraction would show an English decimal point in every language.
    @available(*, unavailable, message: "format it for the language, e.g. with Formatted.tenths")
    public mutating func appendInterpolation(_ value: Double) {}
  }

  /// The text in `language`: the catalog's translation, else the English original.
  public func text(in language: Language) -> String {
    Self.filling(Catalog.translation(of: id, in: language)?.first ?? id, with: arguments)
  }

  static func escapingBraces(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return text }
    return text.replacing("{", with: "{{").replacing("}", with: "}}")
  }

  /// `template` with each `{n}` replaced by `arguments[n]` and doubled braces made single.
  static func filling(_ template: String, with arguments: [String]) -> String {
    guard template.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else {
      return template
    }
    var result = ""
    var rest = template[...]
    while let brace = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
      result += rest[..<brace]
      let after = rest.index(after: brace)
      if after < rest.endIndex, rest[after] == rest[brace] {
        result.append(rest[brace])
        rest = rest[rest.index(after: after)...]
      } else if rest[brace] == "{", let close = rest[after...].firstIndex(of: "}"),
        let index = Int(rest[after..<close]), arguments.indices.contains(index)
      {
        result += arguments[index]
        rest = rest[rest.index(after: close)...]
      } else {
        // Not a placeholder of this message (the catalog test prevents it): shown as written.
        result.append(rest[brace])
        rest = rest[after...]
      }
    }
    return result + rest
  }
}

/// `message` in the language of this process (or `language`).
///
/// The extraction test finds every call by its name and a string literal as its first argument:
/// call it with a literal (`tr("…")`), never with a variable, so that the catalog sees the text.
/// A comment starting `TRANSLATORS:` on the lines just above the call goes to the translators.
public func tr(_ message: Message, in language: Language = .current) -> String {
  message.text(in: language)
}

/// One of two forms by `count`: `tr(one: "pruned \(n) article", other: "pruned \(n) articles",
/// count: n)`. Both forms interpolate the same values in the same order; a translation has as many
/// forms as its language's plural rule (``Language/pluralForm(_:)``), each using those values.
public func tr(one: Message, other: Message, count: Int, in language: Language = .current) -> String {
  if let forms = Catalog.translation(of: one.id, in: language) {
    let form = language.pluralForm(count)
    return Message.filling(forms[min(form, forms.count - 1)], with: other.arguments)
  }
  return count == 1 ? Message.filling(one.id, with: one.arguments) : Message.filling(other.id, with: other.arguments)
}
