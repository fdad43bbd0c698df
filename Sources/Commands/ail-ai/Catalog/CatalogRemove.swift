import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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

    @OptionGroup var entry: EntryName
    @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Remove a folder with everything in it."))) var recursive = false
    @Flag(name: .shortAndLong, help: ArgumentHelp(tr("Remove also what recipes use, taking it out of them.")))
    var force = false
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      try options.change(common) { catalog, _ in
        let list = try catalog.remove(entry.name, kind: entry.type, recursive: recursive, force: force).joined(
          separator: ", ")
        // TRANSLATORS: {0} lists what was removed: "preset Mail/Reply/Short, folder Notes".
        return tr("removed \(list)")
      }
    }
  }
}
