import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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
      try options.change(common, input: { try source.read() ?? "" }) { catalog, text, _ in
        let added = try catalog.addPreset(
          named: name, text: text, in: folder, inMenu: !noMenu, icon: look.icon, keywords: look.keywords,
          isDefault: isDefault, condenses: condenses
        ).name
        return folder.map { tr("added preset \(added) in \($0)") } ?? tr("added preset \(added)")
      }
    }
  }
}
