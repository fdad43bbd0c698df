import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

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
      try options.read(common) { catalog, diagnostics in
        if catalog.isEmpty { diagnostics.info(CatalogError.emptyCatalog.description) }
        try CatalogOutput.write(catalog.outline())
      }
    }
  }
}
