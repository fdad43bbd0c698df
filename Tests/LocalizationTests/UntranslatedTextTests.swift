import Foundation
import Testing

/// Text for people that bypasses `tr` is text the catalog never sees, so the translation checks
/// cannot find it missing. This finds the plain English literals handed straight to the places
/// people read: messages on standard error, errors, and help.
@Suite struct UntranslatedTextTests {
  /// A call that shows its first string argument to a person, up to that argument's opening quote.
  static var personFacing: Regex<AnyRegexOutput> {
    try! Regex(
      #"(iagnostics\.(error|warning|info)\(|ToolError\([^,()]+, |ValidationError\(|(abstract|help|discussion): |ArgumentHelp\(|Example\("(\\.|[^"\\])*", )""#
    )
  }

  /// What every line the pattern can match contains: Swift's Regex is slow, and this test must not
  /// hold one of the two test threads for long (timing tests beside it would starve).
  static let triggers = [
    "iagnostics.", "ToolError(", "ValidationError(", "abstract: \"", "help: \"", "discussion: \"", "ArgumentHelp(\"",
    "Example(\"",
  ]

  /// Whether a literal holds words once its interpolations are left out: `"\(path):\(line): \(problem)"`
  /// has none to translate.
  static func hasWords(_ literal: Substring) -> Bool {
    var depth = 0
    var letters = 0
    var previous: Character = " "
    for character in literal {
      if depth > 0 {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
      } else if previous == "\\" && character == "(" {
        depth = 1
      } else if character.isLetter {
        letters += 1
        if letters >= 2 { return true }
      } else {
        letters = 0
      }
      previous = character
    }
    return false
  }

  /// The literal that starts at `start` (just after its opening quote), without its closing quote.
  static func literal(in line: Substring, from start: Substring.Index) -> Substring {
    var index = start
    var escaped = false
    var depth = 0
    while index < line.endIndex {
      let character = line[index]
      if escaped {
        if character == "(" { depth += 1 }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if depth > 0 {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
      } else if character == "\"" {
        break
      }
      index = line.index(after: index)
    }
    return line[start..<index]
  }

  static func untranslated(in text: String, file: String) -> [String] {
    var found: [String] = []
    let regex = personFacing
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where triggers.contains(where: { line.contains($0) }) {
      for match in line.matches(of: regex) where hasWords(literal(in: line, from: match.range.upperBound)) {
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    return found
  }

  @Test func noMessageNorHelpIsAPlainEnglishLiteral() throws {
    let sources = CatalogFiles.path("Sources")
    let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Fakes/") }.sorted()
    var found: [String] = []
    for file in files {
      found += Self.untranslated(in: try String(contentsOfFile: sources + "/" + file, encoding: .utf8), file: file)
    }
    #expect(found == [], "give these to tr(…), so that the catalog has them")
  }

  @Test func theCheckSeesWhatBypassesTheCatalog() {
    let code = """
      diagnostics.warning("no store yet")
      throw ToolError(.usage, "give a limit")
      @Flag(help: "Only say what would be removed.") var dryRun = false
      Example("rk-prune --keep 100", "The 100 newest stay.")
      diagnostics.info(tr("stored \\(count)"))
      throw ToolError(.dataError, "\\(source):\\(line): \\(problem)")
      Example("rk-prune --keep 100", tr("The 100 newest stay."))
      """
    #expect(Self.untranslated(in: code, file: "f").map { $0.prefix(4) } == ["f:1:", "f:2:", "f:3:", "f:4:"])
  }
}
