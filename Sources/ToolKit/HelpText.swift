public import Localization

/// One example for `--help` and the man page's EXAMPLES section.
public struct Example: Sendable {
  public var command: String
  public var explanation: String

  public init(_ command: String, _ explanation: String) {
    self.command = command
    self.explanation = explanation
  }
}

/// Builds a command's `discussion` with its reference sections, so that `--help` shows examples
/// and exit statuses and the man page generator (which reads the same text back) can turn them into
/// ENVIRONMENT, FILES, EXAMPLES and EXIT STATUS sections.
///
/// The layout is fixed: a heading such as `EXAMPLES:` on its own line, then entries whose first
/// line is indented two spaces and whose explanation is indented six.
public enum HelpText {
  /// The sections, by their English headings (how ``section(headed:)`` names them in every language).
  public static let sectionTitles = ["ENVIRONMENT", "FILES", "EXAMPLES", "EXIT STATUS"]

  /// A section's heading in `language`: `EXAMPLES`, `BEISPIELE`.
  public static func heading(_ section: String, in language: Language) -> String {
    switch section {
    case "ENVIRONMENT": tr("ENVIRONMENT", in: language)
    case "FILES": tr("FILES", in: language)
    case "EXAMPLES": tr("EXAMPLES", in: language)
    case "EXIT STATUS": tr("EXIT STATUS", in: language)
    default: section
    }
  }

  /// The section (its English heading) that `heading` in any language stands for: the man page
  /// generator reads the headings back from `--help`, which is in the user's language.
  public static func section(headed heading: String) -> String? {
    sectionTitles.first { title in Language.allCases.contains { self.heading(title, in: $0) == heading } }
  }

  /// - Parameters:
  ///   - exitStatuses: the statuses the tool uses, with a tool-specific meaning where the shared
  ///     one is not precise enough. Usage (64) and a closed pipe (141) are always listed.
  ///   - language: of the headings and the shared meanings; the texts given are already in it.
  public static func discussion(
    _ text: String, environment: [(String, String)] = [], files: [(String, String)] = [],
    examples: [Example], exitStatuses: [(ExitStatus, String?)], language: Language = .current
  ) -> String {
    var sections = [text]
    if !environment.isEmpty { sections.append(section(heading("ENVIRONMENT", in: language), environment)) }
    if !files.isEmpty { sections.append(section(heading("FILES", in: language), files)) }
    sections.append(
      section(heading("EXAMPLES", in: language), examples.map { (pasteable($0.command), $0.explanation) }))
    var statuses = exitStatuses.map { ($0.0, $0.1 ?? $0.0.meaning(in: language)) }
    for always in [ExitStatus.usage, .brokenPipe] where !statuses.contains(where: { $0.0 == always }) {
      statuses.append((always, always.meaning(in: language)))
    }
    statuses.sort { $0.0.rawValue < $1.0.rawValue }
    sections.append(section(heading("EXIT STATUS", in: language), statuses.map { (String($0.0.rawValue), $0.1) }))
    return sections.joined(separator: "\n\n")
  }

  private static func section(_ title: String, _ entries: [(String, String)]) -> String {
    var lines = [title + ":"]
    for (term, explanation) in entries {
      lines.append("  " + term)
      lines += wrap(explanation, width: 72).map { "      " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// How wide a line of an example may be: ArgumentParser re-wraps longer lines of a discussion
  /// (80 columns in a pipe, less its 8-column indent) anywhere, which breaks a command apart.
  public static let exampleWidth = 72

  /// An example command in lines that fit ``exampleWidth``, continued with a trailing backslash
  /// and indented four spaces, so that it can be pasted into a shell as it is shown. Breaks only
  /// between words outside quotes.
  static func pasteable(_ command: String) -> String {
    let firstIndent = 2
    let continuationIndent = "    "
    guard firstIndent + command.count > exampleWidth else { return command }
    var lines: [String] = []
    var line = ""
    for word in shellWords(command) {
      let indent = lines.isEmpty ? firstIndent : continuationIndent.count
      if !line.isEmpty, indent + line.count + 1 + word.count + 2 > exampleWidth {
        lines.append(line + " \\")
        line = continuationIndent + word
      } else {
        line += line.isEmpty ? word : " " + word
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The command split at the spaces outside single and double quotes; the quotes stay.
  private static func shellWords(_ command: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    for character in command {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == " " {
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      }
      word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// The command an example shows, its continuation lines joined again: what a shell runs.
  public static func command(fromExample shown: String) -> String {
    shown.split(separator: "\n").map { line in
      var line = line.drop { $0 == " " }
      if line.hasSuffix(" \\") { line = line.dropLast(2) }
      return String(line)
    }.joined(separator: " ")
  }

  /// Words in lines of at most `width` characters. Done here because `--help` re-wraps long lines
  /// without their indentation; lines that already fit are left alone.
  static func wrap(_ text: String, width: Int) -> [String] {
    // Over UTF-8 bytes, widths in scalars counted once per word: every tool builds its help text
    // at start-up, and splitting into Characters (then recounting the line per word) cost
    // milliseconds there.
    var lines: [String] = []
    var line: [UInt8] = []
    var lineWidth = 0
    for word in text.utf8.split(separator: UInt8(ascii: " ")) {
      let wordWidth = word.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
      if lineWidth > 0, lineWidth + 1 + wordWidth > width {
        lines.append(String(decoding: line, as: UTF8.self))
        line.removeAll(keepingCapacity: true)
        lineWidth = 0
      }
      if lineWidth > 0 {
        line.append(UInt8(ascii: " "))
        lineWidth += 1
      }
      line += word
      lineWidth += wordWidth
    }
    if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
    return lines
  }
}
