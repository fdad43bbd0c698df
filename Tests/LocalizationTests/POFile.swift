import Foundation

/// One entry of a gettext catalog.
struct POEntry: Equatable {
  /// `# ` lines: the translator's own notes, kept when the catalog is merged again.
  var translatorComments: [String] = []
  /// `#.` lines: the `TRANSLATORS:` comment of the code.
  var extractedComments: [String] = []
  var flags: [String] = []
  var id: String
  var plural: String?
  /// `msgstr`, or `msgstr[0]`, `msgstr[1]` … for an entry with a plural.
  var translations: [String]
}

/// A `.po` or `.pot` file: its header (the entry with the empty msgid) and its entries, read and
/// written in gettext's format (C escapes, continued strings, `msgstr[n]` for plural forms).
/// Obsolete entries (`#~`) and previous ids (`#|`) are dropped on reading.
struct POFile: Equatable {
  var header: String
  var entries: [POEntry]

  init(header: String, entries: [POEntry]) {
    self.header = header
    self.entries = entries
  }

  init(parsing text: String) throws {
    var header = ""
    var entries: [POEntry] = []
    for (number, block) in Self.blocks(text) {
      var entry = POEntry(id: "", translations: [])
      var isHeader = false
      var current: WritableKeyPath<POEntry, String>?
      var translationIndex = -1
      for line in block {
        if line.hasPrefix("#. ") || line == "#." {
          entry.extractedComments.append(String(line.dropFirst(3)))
        } else if line.hasPrefix("#,") {
          entry.flags += line.dropFirst(2).split(separator: ",").map { $0.trimmingSpaces }
        } else if line.hasPrefix("# ") || line == "#" {
          entry.translatorComments.append(String(line.dropFirst(2)))
        } else if line.hasPrefix("#") {
          continue
        } else if line.hasPrefix("msgid_plural ") {
          entry.plural = try Self.string(line.dropFirst(13), number)
          current = \POEntry.plural!
        } else if line.hasPrefix("msgid ") {
          entry.id = try Self.string(line.dropFirst(6), number)
          current = \POEntry.id
        } else if line.hasPrefix("msgstr") {
          let rest = line.dropFirst(6)
          let value = try Self.string(rest.drop { $0 != " " }.dropFirst(), number)
          entry.translations.append(value)
          translationIndex = entry.translations.count - 1
          isHeader = entry.id.isEmpty && entry.plural == nil
          current = nil
        } else if line.hasPrefix("\"") {
          let more = try Self.string(line[...], number)
          if let key = current {
            entry[keyPath: key] += more
          } else if translationIndex >= 0 {
            entry.translations[translationIndex] += more
          }
        } else {
          throw POError("line \(number): cannot read \(line)")
        }
      }
      if isHeader {
        header = entry.translations.first ?? ""
      } else if !entry.id.isEmpty {
        entries.append(entry)
      }
    }
    self.init(header: header, entries: entries)
  }

  /// The file's text, as `msgmerge` would write it (long strings continued at spaces and line breaks).
  var text: String {
    var out = "msgid \"\"\n" + Self.quoted(header, keyword: "msgstr")
    for entry in entries {
      out += "\n"
      out += entry.translatorComments.map { "# \($0)\n" }.joined()
      out += entry.extractedComments.map { $0.isEmpty ? "#.\n" : "#. \($0)\n" }.joined()
      if !entry.flags.isEmpty { out += "#, " + entry.flags.joined(separator: ", ") + "\n" }
      out += Self.quoted(entry.id, keyword: "msgid")
      if let plural = entry.plural {
        out += Self.quoted(plural, keyword: "msgid_plural")
        for (index, form) in entry.translations.enumerated() { out += Self.quoted(form, keyword: "msgstr[\(index)]") }
      } else {
        out += Self.quoted(entry.translations.first ?? "", keyword: "msgstr")
      }
    }
    return out
  }

  // MARK: Reading

  /// The file's entries as their lines (numbered from the first), split at blank lines.
  private static func blocks(_ text: String) -> [(Int, [String])] {
    var blocks: [(Int, [String])] = []
    var block: [String] = []
    var start = 1
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.trimmingSpaces.isEmpty {
        if !block.isEmpty { blocks.append((start, block)) }
        block = []
        start = index + 2
      } else {
        block.append(line.trimmingSpaces)
      }
    }
    if !block.isEmpty { blocks.append((start, block)) }
    return blocks
  }

  /// The text of a quoted C string.
  private static func string(_ quoted: Substring, _ line: Int) throws -> String {
    let body = quoted.trimmingSpaces
    guard body.count >= 2, body.hasPrefix("\""), body.hasSuffix("\"") else {
      throw POError("entry at line \(line): a string is not quoted: \(quoted)")
    }
    var result = ""
    var escaping = false
    for character in body.dropFirst().dropLast() {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  // MARK: Writing

  /// `keyword "text"`, or `keyword ""` and the text in lines of at most 79 columns, broken after
  /// each line break and at spaces.
  private static func quoted(_ text: String, keyword: String) -> String {
    let escaped = escape(text)
    if !text.dropLast().contains("\n"), keyword.count + escaped.count + 3 <= 79 {
      return "\(keyword) \"\(escaped)\"\n"
    }
    var lines: [String] = []
    var pieces = escaped.components(separatedBy: "\\n").map { $0 + "\\n" }
    pieces[pieces.count - 1].removeLast(2)
    if pieces.last == "" { pieces.removeLast() }
    for piece in pieces {
      var line = ""
      // Counted by words, not by the line's length: a piece may start with spaces (an indented
      // line of a help text), which are empty words that must stay.
      var words = 0
      for word in piece.split(separator: " ", omittingEmptySubsequences: false) {
        defer { words += 1 }
        let candidate = words == 0 ? String(word) : line + " " + word
        if candidate.count + 2 > 77, !line.isEmpty {
          lines.append(line + " ")
          line = String(word)
        } else {
          line = candidate
        }
      }
      lines.append(line)
    }
    return "\(keyword) \"\"\n" + lines.map { "\"\($0)\"\n" }.joined()
  }

  private static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default: result.append(character)
      }
    }
    return result
  }
}

struct POError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension StringProtocol {
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
