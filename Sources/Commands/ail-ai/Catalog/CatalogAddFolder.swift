import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

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
      try options.change(common) { catalog, _ in
        let path = catalog.path(
          of: try catalog.addFolder(named: name, in: parent, icon: look.icon, keywords: look.keywords))
        return tr("added folder \(path)")
      }
    }
  }
}
