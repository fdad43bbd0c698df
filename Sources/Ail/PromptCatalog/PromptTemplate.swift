/// The placeholders of a pre-prompt and their expansion.
///
/// `{{key}}` is replaced by the key's value; `{{key|default text}}` falls back to the text after
/// the bar; `\{{` is a literal `{{`. Keys are letters, digits, `_`, `-` and `.`, with spaces
/// around them ignored; anything else between braces is left as it is. Expansion is one pass:
/// a value that itself contains `{{x}}` is inserted as written, never expanded again, so a
/// keyword taken from a mail cannot pull in other values.
public enum PromptTemplate {
  /// One placeholder as written in the text.
  public struct Placeholder: Hashable, Sendable {
    public var key: String
    public var defaultText: String?

    public init(key: String, defaultText: String? = nil) {
      self.key = key
      self.defaultText = defaultText
    }
  }

  /// `text` with its placeholders filled from `values`. Throws
  /// ``CatalogError/missingVariables(_:)`` naming every key that has neither a value nor a
  /// default.
  public static func expand(_ text: String, values: [String: String]) throws -> String {
    var missing: Set<String> = []
    let expanded = scan(text) { placeholder in
      if let value = values[placeholder.key] { return value }
      if let fallback = placeholder.defaultText { return fallback }
      missing.insert(placeholder.key)
      return ""
    }
    guard missing.isEmpty else { throw CatalogError.missingVariables(missing.sorted()) }
    return expanded
  }

  /// The placeholders of `text` in order of appearance.
  public static func placeholders(in text: String) -> [Placeholder] {
    var found: [Placeholder] = []
    _ = scan(text) { placeholder in
      found.append(placeholder)
      return ""
    }
    return found
  }

  /// Walks `text` once, copying it and asking `replacement` for each placeholder.
  private static func scan(_ text: String, replacement: (Placeholder) -> String) -> String {
    let scalars = text.unicodeScalars
    var output = String.UnicodeScalarView()
    var index = scalars.startIndex
    func opens(at position: String.UnicodeScalarView.Index) -> Bool {
      guard position < scalars.endIndex, scalars[position] == "{" else { return false }
      let next = scalars.index(after: position)
      return next < scalars.endIndex && scalars[next] == "{"
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\\", opens(at: scalars.index(after: index)) {
        output.append(contentsOf: "{{".unicodeScalars)
        index = scalars.index(index, offsetBy: 3)
        continue
      }
      if opens(at: index), let (placeholder, end) = placeholder(in: scalars, openingAt: index) {
        output.append(contentsOf: replacement(placeholder).unicodeScalars)
        index = end
        continue
      }
      output.append(scalar)
      index = scalars.index(after: index)
    }
    return String(output)
  }

  /// The placeholder whose `{{` is at `start`, and the position after its `}}`; nil when what
  /// follows is not a placeholder.
  private static func placeholder(
    in scalars: String.UnicodeScalarView, openingAt start: String.UnicodeScalarView.Index
  ) -> (Placeholder, String.UnicodeScalarView.Index)? {
    let contentStart = scalars.index(start, offsetBy: 2)
    var index = contentStart
    var bar: String.UnicodeScalarView.Index?
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "}" {
        let next = scalars.index(after: index)
        if next < scalars.endIndex, scalars[next] == "}" {
          let keyEnd = bar ?? index
          let key = Keywords.trim(String(scalars[contentStart..<keyEnd]))
          guard isKey(key) else { return nil }
          let defaultText = bar.map { Keywords.trim(String(scalars[scalars.index(after: $0)..<index])) }
          return (Placeholder(key: key, defaultText: defaultText), scalars.index(after: next))
        }
      }
      if bar == nil {
        if scalar == "|" {
          bar = index
        } else if scalar == "\n" || scalar == "{" {
          return nil  // Keys are short and on one line; this is prose with braces.
        }
      }
      index = scalars.index(after: index)
    }
    return nil
  }

  static func isKey(_ key: String) -> Bool {
    !key.isEmpty
      && key.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
      }
  }
}
