import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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
      try options.change(common) { catalog, _ in
        let moved = catalog.path(of: try catalog.move(path, to: to, order: order))
        return tr("moved to \(moved)")
      }
    }
  }
}
