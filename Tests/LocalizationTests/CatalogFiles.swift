import Foundation

/// The catalog's files in the repository, and how each is made from the code and the translations:
/// `po/messages.pot` from the messages of `Sources/`, `po/<language>.po` merged with it (new
/// messages added untranslated, unused ones dropped, translations and translators' notes kept), and
/// `Sources/Localization/<Language>Catalog.swift` from the `.po` file.
enum CatalogFiles {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A language with a catalog: its code (`po/<code>.po`), and its generated table's name and file.
  struct Translation: Sendable, CustomStringConvertible {
    var code: String
    var table: String
    var file: String
    var description: String { code }
  }

  /// Every language with a catalog.
  static let translations = [Translation(code: "de", table: "germanCatalog", file: "GermanCatalog.swift")]

  static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

  /// The messages of every Swift file under `Sources/` (the fakes too: they are tools), merged by
  /// id in the order of first use; and the calls the scanner could not read.
  static func extract() throws -> (messages: [ExtractedMessage], failures: [String]) {
    let sources = path("Sources")
    let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
    var messages: [ExtractedMessage] = []
    var failures: [String] = []
    var seen: [String: Int] = [:]
    for file in files {
      let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
      let found = MessageScanner.scan(text, file: "Sources/" + file)
      failures += found.failures
      for message in found.messages {
        if let index = seen[message.id] {
          if messages[index].plural != message.plural {
            failures.append("\(message.location): \"\(message.id)\" is used with and without the same plural")
          }
          if messages[index].comments.isEmpty { messages[index].comments = message.comments }
        } else {
          seen[message.id] = messages.count
          messages.append(message)
        }
      }
    }
    return (messages, failures)
  }

  /// The template translators start from: every message, untranslated.
  static func template(_ messages: [ExtractedMessage]) -> POFile {
    let header = [
      "Project-Id-Version: rk-ail", "Language: ", "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8",
      "Content-Transfer-Encoding: 8bit", "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;",
    ].map { $0 + "\n" }.joined()
    return POFile(header: header, entries: messages.map { entry(for: $0, translations: nil) })
  }

  /// `catalog` brought up to date with the code's messages.
  static func merged(_ catalog: POFile, with messages: [ExtractedMessage]) -> POFile {
    let existing = Dictionary(catalog.entries.map { ($0.id, $0) }) { first, _ in first }
    return POFile(
      header: catalog.header,
      entries: messages.map { message in
        let old = existing[message.id].flatMap { $0.plural == message.plural ? $0 : nil }
        var entry = entry(for: message, translations: old?.translations)
        entry.translatorComments = old?.translatorComments ?? []
        return entry
      })
  }

  private static func entry(for message: ExtractedMessage, translations: [String]?) -> POEntry {
    let hasPlaceholders = !Placeholders.of(message.id).isEmpty || !Placeholders.of(message.plural ?? "").isEmpty
    return POEntry(
      extractedComments: message.comments, flags: hasPlaceholders ? ["python-brace-format"] : [], id: message.id,
      plural: message.plural, translations: translations ?? (message.plural == nil ? [""] : ["", ""]))
  }

  /// The Swift table of a catalog's translated entries, as `Catalog` looks them up.
  static func swiftTable(_ catalog: POFile, name: String, file: String) -> String {
    var out = """
      // swift-format-ignore-file
      // Generated from po/\(file) by the catalog test: edit the .po file and run
      // `RK_UPDATE_CATALOG=1 swift test --filter LocalizationTests` (scripts/gen-catalog).

      /// The translations by English message id: one string per plural form.
      let \(name): [String: [String]] = [

      """
    // Sorted by id, so that reordering the .po file changes nothing the compiler sees.
    let translated = catalog.entries.filter { !$0.translations.contains("") }.sorted { $0.id < $1.id }
    for entry in translated {
      out += "  \(swiftLiteral(entry.id)): [" + entry.translations.map(swiftLiteral).joined(separator: ", ") + "],\n"
    }
    if translated.isEmpty { out += "  :\n" }
    return out + "]\n"
  }

  private static func swiftLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

/// The `{n}` placeholders of a message or translation, sorted, each as often as it occurs; doubled
/// braces are literal braces, not placeholders.
enum Placeholders {
  static func of(_ text: String) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let brace = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
      let after = rest.index(after: brace)
      if after < rest.endIndex, rest[after] == rest[brace] {
        rest = rest[rest.index(after: after)...]
      } else if rest[brace] == "{", let close = rest[after...].firstIndex(of: "}") {
        found.append(String(rest[brace...close]))
        rest = rest[rest.index(after: close)...]
      } else {
        rest = rest[after...]
      }
    }
    return found.sorted()
  }
}
