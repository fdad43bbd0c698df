import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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

    @OptionGroup var entry: EntryName
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      try options.read(common) { catalog, _ in
        try CatalogOutput.write(catalog.definition(of: try catalog.entry(named: entry.name, kind: entry.type)))
      }
    }
  }
}
