import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

/// `add-folder`, `add-preset`, `add-recipe`, `add-cookbook`, `edit`, `move`, `rm`: each loads the
/// catalog, makes one checked change and saves it atomically; a refused change saves nothing.
extension CatalogCommand {
  struct AddFolder: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-folder",
      abstract: tr("Add a folder to the menu."),
      discussion: HelpText.discussion(
        tr("The folder goes last in its parent folder (or at the top of the menu)."),
        examples: [
          Example(
            "ail-ai catalog add-folder Internal --parent Mail --icon 🏢 --keywords 'Tone: casual'",
            tr("A folder in Mail."))
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The folder's name (no \"/\")."), valueName: "name")) var name: String
    @Option(help: ArgumentHelp(tr("The folder to put it in (a menu path)."), valueName: "path")) var parent: String?
    @OptionGroup var look: EntryLook
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let path = try options.change { catalog in
          catalog.path(of: try catalog.addFolder(named: name, in: parent, icon: look.icon, keywords: look.keywords))
        }
        diagnostics.info(tr("added folder \(path)"))
      }
    }
  }

  struct AddPreset: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-preset",
      abstract: tr("Add a preset (a pre-prompt) and its place in the menu."),
      discussion: HelpText.discussion(
        tr(
          """
          The text comes from --text or --file (standard input for "-"); {{key}} placeholders in \
          it are filled from keywords and --var when it is used, {{key|text}} gives a default. The \
          preset is shown last in --folder, or at the top of the menu; --no-menu keeps it out of \
          the menu. --default makes it the preset used when no prompt is named.
          """),
        examples: [
          Example(
            "ail-ai catalog add-preset Formal --folder Mail/Reply --text 'Reply formally to {{Name|them}}.'",
            tr("A preset with a placeholder and its default.")),
          Example(
            "ail-ai catalog add-preset Style --file style.txt --default", tr("A preset from a file, used by default.")),
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The preset's name (no \"/\")."), valueName: "name")) var name: String
    @OptionGroup var source: PresetText
    @Option(help: ArgumentHelp(tr("The folder to show it in (a menu path)."), valueName: "path")) var folder: String?
    @Flag(help: ArgumentHelp(tr("Keep the preset out of the menu."))) var noMenu = false
    @Flag(name: .customLong("default"), help: ArgumentHelp(tr("Make it the default preset."))) var isDefault = false
    @Flag(help: ArgumentHelp(tr("It condenses (a summary): a long input's partial answers are combined by it again.")))
    var condenses = false
    @OptionGroup var look: EntryLook
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      guard source.text != nil || source.file != nil else {
        throw ValidationError(tr("Give the text with --text or --file."))
      }
      if noMenu && folder != nil { throw ValidationError(tr("--no-menu and --folder exclude each other.")) }
    }

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let text = try source.read() ?? ""
        let added = try options.change { catalog in
          try catalog.addPreset(
            named: name, text: text, in: folder, inMenu: !noMenu, icon: look.icon, keywords: look.keywords,
            isDefault: isDefault, condenses: condenses
          ).name
        }
        diagnostics.info(folder.map { tr("added preset \(added) in \($0)") } ?? tr("added preset \(added)"))
      }
    }
  }

  struct AddRecipe: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-recipe",
      abstract: tr("Add a recipe: menu items joined into one system prompt."),
      discussion: HelpText.discussion(
        tr(
          """
          The items (menu paths, in order) make the prompt: a folder becomes a "# Name" heading, a \
          preset supplies its text; the parts are joined with the separator (default: a blank \
          line; \\n and \\t are understood). --cookbook and --chapter file the recipe.
          """),
        examples: [
          Example(
            "ail-ai catalog add-recipe 'Careful reply' --item Mail/Reply --item Reply/Friendly --item Notes/Proofread",
            tr("A heading and two presets.")),
          Example(
            "ail-ai catalog add-recipe 'Two lines' --item Short --separator '\\n---\\n' --cookbook Office --chapter Mail",
            tr("Filed in a cookbook.")),
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The recipe's name."), valueName: "name")) var name: String
    @Option(
      name: .customLong("item"),
      help: ArgumentHelp(tr("A menu item, by path (repeatable, in order)."), valueName: "path"))
    var items: [String] = []
    @Option(help: ArgumentHelp(tr("What joins the parts (default: \\n\\n, a blank line)."), valueName: "text"))
    var separator: String?
    @Option(help: ArgumentHelp(tr("The cookbook to file it in."), valueName: "name")) var cookbook: String?
    @Option(help: ArgumentHelp(tr("The cookbook's chapter to file it in."), valueName: "name")) var chapter: String?
    @OptionGroup var look: EntryLook
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      if items.isEmpty { throw ValidationError(tr("Give the recipe's items with --item PATH (one or more).")) }
      if chapter != nil && cookbook == nil { throw ValidationError(tr("--chapter needs --cookbook.")) }
    }

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let added = try options.change { catalog in
          try catalog.addRecipe(
            named: name, items: items, separator: separator.map(Catalog.unescaped) ?? Recipe.defaultSeparator,
            icon: look.icon,
            keywords: look.keywords, cookbook: cookbook, chapter: chapter
          ).name
        }
        let count = items.count
        diagnostics.info(
          tr(
            one: "added recipe \(added) of \(count) item", other: "added recipe \(added) of \(count) items",
            count: count))
      }
    }
  }

  struct AddCookbook: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add-cookbook",
      abstract: tr("Add a cookbook, with chapters."),
      discussion: HelpText.discussion(
        tr("A cookbook files recipes in chapters; its keywords apply to all of its recipes."),
        examples: [
          Example(
            "ail-ai catalog add-cookbook Office --chapter Mail --chapter Notes --keywords 'Company: ACME'",
            tr("A cookbook of two chapters."))
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The cookbook's name."), valueName: "name")) var name: String
    @Option(
      name: .customLong("chapter"), help: ArgumentHelp(tr("A chapter (repeatable, in order)."), valueName: "name"))
    var chapters: [String] = []
    @OptionGroup var look: EntryLook
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let added = try options.change { catalog in
          try catalog.addCookbook(named: name, chapters: chapters, icon: look.icon, keywords: look.keywords).name
        }
        diagnostics.info(tr("added cookbook \(added)"))
      }
    }
  }

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

    @Argument(help: ArgumentHelp(tr("The entry: a name or a menu path."), valueName: "name")) var name: String
    @Option(help: ArgumentHelp(tr("The entry's kind: folder, preset, recipe or cookbook."), valueName: "kind"))
    var type: CatalogEntry.Kind?
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
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let changes = EntryChanges(
          name: newName, icon: look.icon, keywords: look.keywords, text: try source.read(), isDefault: `default`,
          condenses: condenses, separator: separator.map(Catalog.unescaped), items: items.isEmpty ? nil : items,
          cookbook: cookbook,
          chapter: chapter,
          newChapters: newChapters)
        guard changes != EntryChanges() else {
          throw ToolError(.usage, tr("nothing to change: give what to change, such as --name or --text"))
        }
        let changed = try options.change { catalog in
          catalog.describe(entry: try catalog.edit(name, kind: type, changes: changes))
        }
        diagnostics.info(tr("changed \(changed)"))
      }
    }
  }

  struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "move",
      abstract: tr("Move a folder or preset to another folder, or to another place in its folder."),
      discussion: HelpText.discussion(
        tr("The item goes last in the folder unless --order gives its sort position (smaller comes first)."),
        examples: [
          Example("ail-ai catalog move Mail/Reply/Short --to Notes", tr("Into another folder.")),
          Example("ail-ai catalog move General --root --order=-1", tr("To the top of the menu, first.")),
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The menu item to move, by path."), valueName: "path")) var path: String
    @Option(help: ArgumentHelp(tr("The folder to move it into (a menu path)."), valueName: "path")) var to: String?
    @Flag(help: ArgumentHelp(tr("Move it to the top level of the menu."))) var root = false
    @Option(
      help: Move.orderRange.help(tr("Its sort position in the folder."), valueName: "n"),
      transform: Move.orderRange.parse)
    var order: Int?

    /// Sort positions are kept in SQLite's 64-bit integers; a billion leaves room to add after the last.
    static let orderRange = NumberRange(-1_000_000_000...1_000_000_000)
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      if (to == nil) == !root { throw ValidationError(tr("Give either --to FOLDER or --root.")) }
    }

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let moved = try options.change { catalog in catalog.path(of: try catalog.move(path, to: to, order: order)) }
        diagnostics.info(tr("moved to \(moved)"))
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm",
      abstract: tr("Remove a folder, preset, recipe or cookbook."),
      discussion: HelpText.discussion(
        tr(
          """
          A folder must be empty unless --recursive, which removes what is inside it too (presets \
          shown elsewhere in the menu stay). A preset goes with every menu item showing it. What \
          recipes use is kept unless --force, which also takes it out of those recipes. A \
          cookbook's recipes stay, filed in no cookbook.
          """),
        examples: [
          Example("ail-ai catalog rm Mail/Reply/Short", tr("A preset.")),
          Example("ail-ai catalog rm Notes --recursive --force", tr("A folder with everything in it.")),
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The entry: a name or a menu path."), valueName: "name")) var name: String
    @Option(help: ArgumentHelp(tr("The entry's kind: folder, preset, recipe or cookbook."), valueName: "kind"))
    var type: CatalogEntry.Kind?
    @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Remove a folder with everything in it."))) var recursive = false
    @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Remove also what recipes use, taking it out of them.")))
    var force = false
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let removed = try options.change { catalog in
          try catalog.remove(name, kind: type, recursive: recursive, force: force)
        }
        let list = removed.joined(separator: ", ")
        // TRANSLATORS: {0} lists what was removed: "preset Mail/Reply/Short, folder Notes".
        diagnostics.info(tr("removed \(list)"))
      }
    }
  }
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
