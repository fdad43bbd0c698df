import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export", abstract: tr("Write the catalog in the app's export format."),
      discussion: HelpText.discussion(
        tr(
          """
          Writes the app's catalog export format (version 1, with today's exportDate) to the file, \
          replacing it atomically with mode 0600, or to standard output for "-". Members the app \
          wrote that ail-ai does not know are written back as they came.
          """),
        examples: [
          Example("ail-ai catalog export ~/catalog-export.json", tr("A file the app can import.")),
          Example("ail-ai catalog export | jq '.presets[].name'", tr("The preset names, through jq.")),
        ],
        exitStatuses: [
          (.success, nil), (.dataError, tr("A broken catalog file.")),
          (.ioError, tr("The catalog or the file cannot be read or written.")),
        ]))

    @Argument(
      help: ArgumentHelp(tr("Where to write ('-' or none: standard output)."), valueName: "file"), completion: .file())
    var file = "-"
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      try options.read(common) { catalog, diagnostics in
        if file == "-" {
          try CatalogOutput.write(String(decoding: try catalog.exportData(), as: UTF8.self))
        } else {
          try CatalogStore(path: file).save(catalog)
          let count = catalog.entryCount
          diagnostics.info(
            tr(one: "exported \(count) entry to \(file)", other: "exported \(count) entries to \(file)", count: count))
        }
      }
    }
  }
}
