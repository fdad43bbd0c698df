import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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
      try options.change(common) { catalog, _ in
        let added = try catalog.addRecipe(
          named: name, items: items, separator: separator.map(Catalog.unescaped) ?? Recipe.defaultSeparator,
          icon: look.icon, keywords: look.keywords, cookbook: cookbook, chapter: chapter
        ).name
        let count = items.count
        return tr(
          one: "added recipe \(added) of \(count) item", other: "added recipe \(added) of \(count) items",
          count: count)
      }
    }
  }
}
