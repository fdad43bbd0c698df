/// Keywords: the `key: value; key2: value2` strings that cookbooks, recipes, folders and presets
/// carry, and whose values fill the `{{key}}` placeholders of pre-prompts.
///
/// Entries are split on `;` (`\;` is a semicolon inside a value), then at the first `:`; key and
/// value are trimmed. Empty entries are ignored; a later entry for the same key wins.
public enum Keywords {
  /// The entries of `text` in order. Throws ``CatalogError/malformedKeywords(owner:entry:)`` for
  /// an entry without `:` or with an empty key.
  ///
  /// - Parameter owner: whose keywords these are, for the message (`preset "Friendly"`).
  public static func parse(_ text: String, owner: String = "the catalog") throws -> [(key: String, value: String)] {
    var entries: [(key: String, value: String)] = []
    for entry in split(text) {
      let trimmed = trim(entry)
      if trimmed.isEmpty { continue }
      guard let colon = trimmed.firstIndex(of: ":") else {
        throw CatalogError.malformedKeywords(owner: owner, entry: trimmed)
      }
      let key = trim(trimmed[..<colon])
      guard !key.isEmpty else { throw CatalogError.malformedKeywords(owner: owner, entry: trimmed) }
      entries.append((key, trim(trimmed[trimmed.index(after: colon)...])))
    }
    return entries
  }

  /// `text` as a dictionary; later entries win.
  public static func values(_ text: String?, owner: String = "the catalog") throws -> [String: String] {
    guard let text else { return [:] }
    var values: [String: String] = [:]
    for (key, value) in try parse(text, owner: owner) { values[key] = value }
    return values
  }

  /// The keywords string for `entries`, semicolons in values escaped; parses back to the same.
  public static func format(_ entries: [(key: String, value: String)]) -> String {
    entries.map { "\($0.key): " + $0.value.replacingSemicolons() }.joined(separator: "; ")
  }

  /// The entries between unescaped semicolons, with `\;` turned into `;`.
  private static func split(_ text: String) -> [String] {
    var entries: [String] = []
    var current = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "\\", next < text.endIndex, text[next] == ";" {
        current.append(";")
        index = text.index(after: next)
        continue
      }
      if character == ";" {
        entries.append(current)
        current = ""
      } else {
        current.append(character)
      }
      index = next
    }
    entries.append(current)
    return entries
  }

  static func trim(_ text: some StringProtocol) -> String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(text[first...last])
  }
}

extension String {
  fileprivate func replacingSemicolons() -> String {
    var escaped = ""
    for character in self { escaped += character == ";" ? "\\;" : String(character) }
    return escaped
  }
}
