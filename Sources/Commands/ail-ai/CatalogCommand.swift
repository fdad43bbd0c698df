import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

/// `ail-ai catalog …`: the pre-prompt catalog, looked at and changed from the shell.
struct CatalogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "catalog",
    abstract: tr("Show and change the catalog of presets, recipes and cookbooks."),
    discussion: HelpText.discussion(
      tr(
        """
        The catalog is the app's: a menu tree of folders and presets (pre-prompts with {{key}} \
        placeholders), recipes that join menu items into one system prompt (folders become \
        headings), and cookbooks whose chapters file recipes. Folders, presets, recipes and \
        cookbooks carry keywords, "key: value; key2: value2", that fill the placeholders.

        Entries are named by name, folders and presets also by menu path (Mail/Reply/Friendly, \
        or its unique end such as Reply/Friendly); --type settles a name several kinds share. \
        The file is the app's export format, so "export" and "import" move catalogs between the \
        app and ail-ai in both directions.
        """),
      environment: CatalogOptions.environment,
      files: CatalogOptions.files,
      examples: [
        Example(
          "ail-ai catalog init && ail-ai catalog tree", tr("Start with the default categories and look at them.")),
        Example(
          "ail-ai catalog add-preset Short --folder Mail/Reply --text 'Reply in two sentences.'",
          tr("A preset in a folder.")),
        Example(
          "ail-ai catalog add-recipe 'Careful reply' --item Mail/Reply/Friendly --item Notes/Proofread",
          tr("A recipe of two presets.")),
        Example("ail-ai catalog import ~/Downloads/catalog-export.json", tr("Take over the app's catalog.")),
      ],
      exitStatuses: CatalogCommand.exitStatuses),
    subcommands: [
      Tree.self, List.self, Show.self, AddFolder.self, AddPreset.self, AddRecipe.self, AddCookbook.self, Edit.self,
      Move.self,
      Remove.self, Export.self, Import.self, Initialize.self,
    ])

  static let exitStatuses: [(ExitStatus, String?)] = [
    (.success, nil),
    (.failure, tr("No entry of that name (close names are suggested), a name already taken, or a removal refused.")),
    (.usage, tr("A bad option, or a value the catalog cannot hold (an icon of more than 3 characters).")),
    (.noInput, tr("A file to read cannot be opened.")),
    (.dataError, tr("A broken or newer catalog file (the problems are listed), or keywords that do not parse.")),
    (.ioError, tr("The catalog cannot be read or written.")),
  ]
}

extension CatalogCommand {
  struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tree", abstract: tr("Print the menu as a tree, then the recipes and cookbooks."),
      discussion: HelpText.discussion(
        tr(
          """
          Folders end in "/" and are indented two spaces per level; icons come before names, \
          keywords follow in brackets, the default preset is marked. Presets outside the menu, \
          recipes with their items, and cookbooks with their chapters and recipes follow.
          """),
        examples: [Example("ail-ai catalog tree", tr("The whole catalog."))],
        exitStatuses: [
          (.success, nil), (.dataError, tr("A broken catalog file.")), (.ioError, tr("The catalog cannot be read.")),
        ]))

    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let catalog = try options.load()
        if catalog.isEmpty { diagnostics.info(CatalogError.emptyCatalog.description) }
        try CatalogOutput.write(catalog.outline())
      }
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: tr("List the presets, recipes, cookbooks or folders, one per line."),
      discussion: HelpText.discussion(
        tr(
          """
          Each line holds the name (for folders, the menu path), the icon and the keywords, \
          separated by tabs. With --json, each line is the entry's JSON object as the export \
          format writes it.
          """),
        examples: [
          Example("ail-ai catalog list", tr("The presets.")),
          Example("ail-ai catalog list folders | cut -f1", tr("Every folder's path.")),
          Example("ail-ai catalog list recipes --json | jq -r .name", tr("Recipe names, through jq.")),
        ],
        exitStatuses: [
          (.success, nil), (.dataError, tr("A broken catalog file.")), (.ioError, tr("The catalog cannot be read.")),
        ]))

    enum Kind: String, ExpressibleByArgument, CaseIterable {
      case presets, recipes, cookbooks, folders

      var entryKind: CatalogEntry.Kind {
        switch self {
        case .presets: .preset
        case .recipes: .recipe
        case .cookbooks: .cookbook
        case .folders: .folder
        }
      }
    }

    @Argument(help: ArgumentHelp(tr("What to list: presets (the default), recipes, cookbooks or folders."))) var kind:
      Kind = .presets
    @Flag(help: ArgumentHelp(tr("Write one JSON object per line instead of columns."))) var json = false
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      try runTool(common.diagnostics(for: "ail-ai")) {
        let rows = try options.load().listRows(kind.entryKind)
        try CatalogOutput.write(rows.map { (json ? $0.json : $0.columns) + "\n" }.joined())
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: tr("Print a preset's text, or a folder's, recipe's or cookbook's definition."),
      discussion: HelpText.discussion(
        tr(
          """
          A preset's text is printed as stored, placeholders and all ("ail-ai prompt" fills them). \
          Other entries are printed as "field: value" lines with their items.
          """),
        examples: [
          Example("ail-ai catalog show Friendly", tr("A preset's text.")),
          Example("ail-ai catalog show Notes --type recipe", tr("The recipe Notes, not the folder.")),
        ],
        exitStatuses: CatalogCommand.exitStatuses))

    @Argument(help: ArgumentHelp(tr("The entry: a name or a menu path."), valueName: "name")) var name: String
    @Option(help: ArgumentHelp(tr("The entry's kind: folder, preset, recipe or cookbook."), valueName: "kind"))
    var type: CatalogEntry.Kind?
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      try runTool(common.diagnostics(for: "ail-ai")) {
        let catalog = try options.load()
        try CatalogOutput.write(catalog.definition(of: try catalog.entry(named: name, kind: type)))
      }
    }
  }
}
