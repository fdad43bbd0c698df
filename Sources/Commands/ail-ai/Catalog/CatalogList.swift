import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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
      try options.read(common) { catalog, _ in
        try CatalogOutput.write(catalog.listRows(kind.entryKind).map { (json ? $0.json : $0.columns) + "\n" }.joined())
      }
    }
  }
}
