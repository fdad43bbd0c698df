import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

/// The entry `show`, `edit` and `rm` work on: a name or a menu path, and `--type` where kinds
/// share the name.
struct EntryName: ParsableArguments {
  @Argument(help: ArgumentHelp(tr("The entry: a name or a menu path."), valueName: "name")) var name: String
  @Option(help: ArgumentHelp(tr("The entry's kind: folder, preset, recipe or cookbook."), valueName: "kind"))
  var type: CatalogEntry.Kind?
}

/// `--icon` and `--keywords`, which every kind of entry has.
struct EntryLook: ParsableArguments {
  @Option(help: ArgumentHelp(tr("An icon of at most 3 characters, such as an emoji."), valueName: "icon")) var icon:
    String?
  @Option(help: ArgumentHelp(tr("Keywords: \"key: value; key2: value2\"."), valueName: "keywords")) var keywords:
    String?

  func validate() throws {
    if let icon, icon.count > Catalog.maximumIconLength {
      throw ValidationError(tr("--icon takes at most 3 characters."))
    }
    if let keywords {
      do {
        _ = try Keywords.parse(keywords)
      } catch CatalogError.malformedKeywords(_, let entry) {
        throw ValidationError(tr("--keywords: \"\(entry)\" is not \"key: value\"."))
      }
    }
  }
}

/// A preset's text: `--text` or `--file`.
struct PresetText: ParsableArguments {
  @Option(help: ArgumentHelp(tr("The preset's text."), valueName: "text")) var text: String?
  @Option(
    help: ArgumentHelp(tr("A file holding the preset's text ('-' for standard input)."), valueName: "file"),
    completion: .file())
  var file: String?

  func validate() throws {
    if text != nil && file != nil { throw ValidationError(tr("--text and --file exclude each other.")) }
  }

  /// The text given, nil when neither option was. A file's final line break is not part of the
  /// text: it would end up before the separator in every recipe.
  func read() throws -> String? {
    if let text { return text }
    guard let file else { return nil }
    let contents = try CatalogInput.text(of: file)
    return contents.hasSuffix("\n") ? String(contents.dropLast()) : contents
  }
}
