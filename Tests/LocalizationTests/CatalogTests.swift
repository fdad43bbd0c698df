import Foundation
import Testing

@testable import Localization

/// The catalogs against the code: every message the code passes to `tr` has a translation in every
/// language, with the same placeholders and the language's number of plural forms; no catalog keeps
/// an entry the code no longer uses; the template and the generated tables are fresh.
///
/// `RK_UPDATE_CATALOG=1` (scripts/gen-catalog) writes the template, merges each `.po` file with the
/// code's messages and regenerates the tables instead; a message still untranslated then fails.
@Suite(.serialized) struct CatalogTests {
  static let updating = ProcessInfo.processInfo.environment["RK_UPDATE_CATALOG"] == "1"

  @Test func everyCallGivesTheCatalogALiteral() throws {
    let (messages, failures) = try CatalogFiles.extract()
    #expect(failures == [])
    // The scan sees the code: ToolKit's and rk-prune's messages are among what it finds.
    #expect(messages.contains { $0.id == "Keep at most this many articles." })
    #expect(messages.contains { $0.id == "A required service or program is unreachable." })
  }

  @Test func templateIsFresh() throws {
    let (messages, _) = try CatalogFiles.extract()
    let fresh = CatalogFiles.template(messages).text
    let path = CatalogFiles.path("po/messages.pot")
    if Self.updating { try fresh.write(toFile: path, atomically: true, encoding: .utf8) }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == fresh, "po/messages.pot is stale: run scripts/gen-catalog")
  }

  @Test(arguments: CatalogFiles.translations.map(\.code))
  func everyMessageIsTranslated(language code: String) throws {
    let (messages, _) = try CatalogFiles.extract()
    let path = CatalogFiles.path("po/\(code).po")
    var catalog = try POFile(parsing: String(contentsOfFile: path, encoding: .utf8))
    if Self.updating {
      catalog = CatalogFiles.merged(catalog, with: messages)
      try catalog.text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let entries = Dictionary(catalog.entries.map { ($0.id, $0) }) { first, _ in first }
    let language = try #require(Language(rawValue: code))
    let forms = language.pluralForm(1) == language.pluralForm(2) ? 1 : 2
    for message in messages {
      guard let entry = entries[message.id], !entry.translations.contains("") else {
        Issue.record("\(message.location): \"\(message.id)\" has no translation in po/\(code).po")
        continue
      }
      #expect(entry.plural == message.plural, "po/\(code).po: the plural of \"\(message.id)\" is not the code's")
      #expect(entry.translations.count == (message.plural == nil ? 1 : forms), "po/\(code).po: \"\(message.id)\"")
      let placeholders = Placeholders.of(message.id)
      if let plural = message.plural {
        #expect(Placeholders.of(plural) == placeholders, "\(message.location): both forms take the same values")
      }
      for translation in entry.translations {
        #expect(
          Placeholders.of(translation) == placeholders,
          "po/\(code).po: \"\(translation)\" has other placeholders than \"\(message.id)\"")
      }
    }
    let used = Set(messages.map(\.id))
    let unused = catalog.entries.map(\.id).filter { !used.contains($0) }
    #expect(unused == [], "po/\(code).po has entries no code uses: run scripts/gen-catalog")
    #expect(catalog.header.contains("Plural-Forms: "), "po/\(code).po has no Plural-Forms header")
  }

  @Test(arguments: CatalogFiles.translations)
  func generatedTableIsFresh(translation: CatalogFiles.Translation) throws {
    let catalog = try POFile(
      parsing: String(contentsOfFile: CatalogFiles.path("po/\(translation.code).po"), encoding: .utf8))
    let fresh = CatalogFiles.swiftTable(catalog, name: translation.table, file: "\(translation.code).po")
    let path = CatalogFiles.path("Sources/Localization/\(translation.file)")
    if Self.updating { try fresh.write(toFile: path, atomically: true, encoding: .utf8) }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == fresh,
      "Sources/Localization/\(translation.file) is stale: run scripts/gen-catalog")
  }

  /// The compiled table is the one generated: a translation from the file is what `tr` returns.
  @Test func compiledTableAnswersFromTheCatalog() {
    #expect(tr("A required service or program is unreachable.", in: .german).contains("nicht erreichbar"))
    #expect(
      tr("A required service or program is unreachable.", in: .english)
        == "A required service or program is unreachable.")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"),
      "gettext is not installed (apt-get install gettext)"), arguments: CatalogFiles.translations.map(\.code))
  func msgfmtAcceptsTheCatalog(language code: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    process.arguments = ["--check", "--output-file=/dev/null", CatalogFiles.path("po/\(code).po")]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "msgfmt --check po/\(code).po: \(messages)")
    #expect(messages.isEmpty, "msgfmt --check po/\(code).po warns: \(messages)")
  }
}
