import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit", abstract: tr("Change an entry: name, icon, keywords, a preset's text, a recipe's items."),
      discussion: HelpText.discussion(
        tr(
          """
          Only what is given changes; an empty --icon or --keywords removes it. Renaming a preset \
          renames its menu items too. Presets and recipes get a new updatedAt date. --text, \
          --file and --default/--no-default are for presets; --separator, --item, --cookbook and \
          --chapter for recipes (--item replaces all items, --cookbook '' unfiles); --add-chapter \
          for cookbooks.
          """),
        examples: [
          Example("ail-ai catalog edit Friendly --file friendly.txt", tr("A preset's new text.")),
          Example("ail-ai catalog edit Mail/Reply --keywords 'Tone: warm'", tr("A folder's keywords.")),
          Example("ail-ai catalog edit Proofread --default", tr("The preset used when none is named.")),
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @OptionGroup var entry: EntryName
    @Option(name: .customLong("name"), help: ArgumentHelp(tr("The new name."), valueName: "name")) var newName: String?
    @OptionGroup var source: PresetText
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(tr("Make the preset the default, or no longer the default.")))
    var `default`: Bool?
    @Flag(
      inversion: .prefixedNo,
      help: ArgumentHelp(tr("The preset condenses (its partial answers of a long input are combined), or not.")))
    var condenses: Bool?
    @Option(help: ArgumentHelp(tr("A recipe's separator (\\n and \\t are understood)."), valueName: "text"))
    var separator: String?
    @Option(
      name: .customLong("item"),
      help: ArgumentHelp(tr("A recipe's items, replacing the old ones (repeatable)."), valueName: "path"))
    var items: [String] = []
    @Option(help: ArgumentHelp(tr("The cookbook to file a recipe in ('' for none)."), valueName: "name")) var cookbook:
      String?
    @Option(help: ArgumentHelp(tr("The chapter to file a recipe in."), valueName: "name")) var chapter: String?
    @Option(
      name: .customLong("add-chapter"),
      help: ArgumentHelp(tr("A chapter to add to a cookbook (repeatable)."), valueName: "name"))
    var newChapters: [String] = []
    @OptionGroup var look: EntryLook
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      try options.change(common, input: changes) { catalog, changes, _ in
        let changed = catalog.describe(entry: try catalog.edit(entry.name, kind: entry.type, changes: changes))
        return tr("changed \(changed)")
      }
    }

    /// What the options ask to change, read before the catalog is: something, or a usage error.
    private func changes() throws -> EntryChanges {
      let changes = EntryChanges(
        name: newName, icon: look.icon, keywords: look.keywords, text: try source.read(), isDefault: `default`,
        condenses: condenses, separator: separator.map(Catalog.unescaped), items: items.isEmpty ? nil : items,
        cookbook: cookbook, chapter: chapter, newChapters: newChapters)
      guard changes != EntryChanges() else {
        throw ToolError(.usage, tr("nothing to change: give what to change, such as --name or --text"))
      }
      return changes
    }
  }
}
