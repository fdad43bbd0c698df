import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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
      try options.change(common) { catalog, _ in
        let added = try catalog.addCookbook(named: name, chapters: chapters, icon: look.icon, keywords: look.keywords)
        return tr("added cookbook \(added.name)")
      }
    }
  }
}
