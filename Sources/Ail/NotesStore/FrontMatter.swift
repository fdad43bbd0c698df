import Foundation
import Localization
public import Wire

/// Markdown with front matter: what `export --format markdown` writes and `import` reads, and
/// what `edit` opens in `$EDITOR`. Each front-matter line is `key: value` with the value in JSON
/// (valid YAML too); a person may also write a plain text value without quotes.
public enum FrontMatter {
  /// The order of the front matter; members a newer tool added follow, sorted.
  static let order = [
    "id", "title", "category", "tags", "reminder", "audio", "source", "created_at", "updated_at", "versions",
  ]

  /// The entry's members (`kind` and `content` left out; only `keys` when given, empty ones
  /// then as `key:`), then the content verbatim.
  public static func document(_ entry: LogEntry, keys: [String]? = nil) -> String {
    let members = entry.members
    let others = members.keys.filter { !order.contains($0) && $0 != "kind" && $0 != "content" }.sorted()
    var lines = ["---"]
    for key in keys ?? (order + others) {
      if let value = members[key] {
        lines.append(key + ": " + NoteLog.json(value))
      } else if keys != nil {
        lines.append(key + ":")
      }
    }
    lines.append("---")
    return lines.joined(separator: "\n") + "\n" + entry.content
  }

  public enum ParseError: Error, Equatable, CustomStringConvertible {
    case noFrontMatter
    case badLine(Int, String)

    public var description: String {
      switch self {
      case .noFrontMatter: tr("no front matter: the text must start with a line \"---\" and end it with another")
      // TRANSLATORS: {0} is a line number of the front matter, {1} what is wrong there (a message of its own).
      case .badLine(let line, let problem): tr("line \(line): \(problem)")
      }
    }
  }

  /// The front matter's members and the content after it.
  public static func parse(_ text: String) throws -> (members: JSONObject, content: String) {
    // Lines end at the scalar "\n" ("\r\n" is one Character): a file saved with CRLF endings
    // reads the same, its content kept as written.
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)[...]
    guard lines.first?.trimmingCharacters(in: .whitespacesAndNewlines) == "---" else { throw ParseError.noFrontMatter }
    lines = lines.dropFirst()
    var members: JSONObject = [:]
    var number = 1
    while let line = lines.first {
      lines = lines.dropFirst()
      number += 1
      if line.trimmingCharacters(in: .whitespacesAndNewlines) == "---" {
        return (members, lines.joined(separator: "\n"))
      }
      // Delimiters are looked for among scalars, as other YAML readers do: a combining mark after
      // `#` or `[`, or a Prepend character before `:`, joins it into one `Character`.
      let scalars = line.unicodeScalars
      if line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || scalars.first == "#" { continue }
      guard let colon = scalars.firstIndex(of: ":") else {
        throw ParseError.badLine(number, tr("expected \"key: value\""))
      }
      let key = Substring(scalars[..<colon]).trimmingCharacters(in: .whitespaces)
      let raw = Substring(scalars[scalars.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
      if raw.isEmpty || raw == "null" || raw == "~" { continue }
      if let value = try? Array(raw.utf8).withUnsafeBytes({ try WireCoding.parse($0) }) {
        members[key] = value
      } else if let first = raw.unicodeScalars.first, first == "[" || first == "{" || first == "\"" {
        throw ParseError.badLine(number, tr("\(key): not valid JSON: \(raw.prefix(40))"))
      } else {
        members[key] = .string(raw)
      }
    }
    throw ParseError.noFrontMatter
  }
}
