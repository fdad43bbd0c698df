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
