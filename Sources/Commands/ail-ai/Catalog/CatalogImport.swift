import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CatalogCommand {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: tr("Replace the catalog with an exported one, or add its new entries."),
      discussion: HelpText.discussion(
        tr(
          """
          Reads the app's catalog export format (version 1) and checks it first: every reference \
          (parent folders, presets, recipes, menu items, cookbooks, chapters) must exist, the menu \
          must have no cycles, ids must be unique, icons at most 3 characters. A file with \
          problems is refused with a list of them (status 65) and the catalog stays as it was; so \
          is a file of a newer format version. Without --merge the file replaces the catalog; with \
          it, only entries whose ids the catalog does not have yet are added.
          """),
        examples: [
          Example("ail-ai catalog import ~/Downloads/catalog-export.json", tr("Take over the app's catalog.")),
          Example("ail-ai catalog import --merge shared.json", tr("Add what is new in a shared catalog.")),
        ],
        exitStatuses: [
          (.success, nil), (.noInput, tr("The file cannot be opened.")),
          (.dataError, tr("The file is not a sound catalog of a known version (the problems are listed).")),
          (.ioError, tr("The catalog cannot be read or written.")),
        ]))

    @Argument(
      help: ArgumentHelp(tr("The exported catalog ('-' for standard input)."), valueName: "file"), completion: .file())
    var file: String
    @Flag(help: ArgumentHelp(tr("Add the entries whose ids are new instead of replacing the catalog."))) var merge =
      false
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let data = try InputFile.contents(of: file)
        let (catalog, summary) = try options.store.importCatalog(
          Data(data), source: InputFile.displayName(file), merge: merge)
        if merge {
          let (added, kept) = (summary.added, summary.skipped)
          diagnostics.info(
            tr(
              one: "added \(added) entry, kept \(kept) already there",
              other: "added \(added) entries, kept \(kept) already there", count: added))
        } else {
          let count = catalog.entryCount
          diagnostics.info(tr(one: "imported \(count) entry", other: "imported \(count) entries", count: count))
        }
      }
    }
  }
}
