import ArgumentParser
import PromptCatalog
import ToolKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `export`, `import` and `init`: whole catalogs in and out.
extension CatalogCommand {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export", abstract: "Write the catalog in the app's export format.",
      discussion: HelpText.discussion(
        """
        Writes the app's catalog export format (version 1, with today's exportDate) to the file, \
        replacing it atomically with mode 0600, or to standard output for "-". Members the app \
        wrote that ail-ai does not know are written back as they came.
        """,
        examples: [
          Example("ail-ai catalog export ~/catalog-export.json", "A file the app can import."),
          Example("ail-ai catalog export | jq '.presets[].name'", "The preset names, through jq."),
        ],
        exitStatuses: [
          (.success, nil), (.dataError, "A broken catalog file."),
          (.ioError, "The catalog or the file cannot be read or written."),
        ]))

    @Argument(
      help: ArgumentHelp("Where to write ('-' or none: standard output).", valueName: "file"), completion: .file())
    var file = "-"
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let catalog = try options.load()
        if file == "-" {
          try CatalogOutput.write(String(decoding: try catalog.exportData(), as: UTF8.self))
        } else {
          try CatalogStore(path: file).save(catalog)
          diagnostics.info("exported \(catalog.entryCount) entries to \(file)")
        }
      }
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Replace the catalog with an exported one, or add its new entries.",
      discussion: HelpText.discussion(
        """
        Reads the app's catalog export format (version 1) and checks it first: every reference \
        (parent folders, presets, recipes, menu items, cookbooks, chapters) must exist, the menu \
        must have no cycles, ids must be unique, icons at most 3 characters. A file with \
        problems is refused with a list of them (status 65) and the catalog stays as it was; so \
        is a file of a newer format version. Without --merge the file replaces the catalog; with \
        it, only entries whose ids the catalog does not have yet are added.
        """,
        examples: [
          Example("ail-ai catalog import ~/Downloads/catalog-export.json", "Take over the app's catalog."),
          Example("ail-ai catalog import --merge shared.json", "Add what is new in a shared catalog."),
        ],
        exitStatuses: [
          (.success, nil), (.noInput, "The file cannot be opened."),
          (.dataError, "The file is not a sound catalog of a known version (the problems are listed)."),
          (.ioError, "The catalog cannot be read or written."),
        ]))

    @Argument(
      help: ArgumentHelp("The exported catalog ('-' for standard input).", valueName: "file"), completion: .file())
    var file: String
    @Flag(help: "Add the entries whose ids are new instead of replacing the catalog.") var merge = false
    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let data = try InputFile.contents(of: file)
        let (catalog, summary) = try options.store.importCatalog(
          Data(data), source: InputFile.displayName(file), merge: merge)
        if merge {
          diagnostics.info("added \(summary.added) entries, kept \(summary.skipped) already there")
        } else {
          diagnostics.info("imported \(catalog.entryCount) entries")
        }
      }
    }
  }

  struct Initialize: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init",
      abstract: "Add the default categories with sample presets.",
      discussion: HelpText.discussion(
        """
        Adds the folders Mail (with Reply, Forward and Analyze), Notes, Articles and General, each with a \
        short sample preset (Mail/Reply/Friendly has a {{Tone|warm but professional}} placeholder; \
        Notes/Proofread becomes the default preset when there is none). What exists already is \
        left alone, so running it again changes nothing.
        """,
        examples: [
          Example(
            "ail-ai catalog init && ail-ai prompt --recipe Reply/Friendly --var Tone=formal", "Start, and try it.")
        ],
        exitStatuses: [
          (.success, nil), (.dataError, "A broken catalog file."), (.ioError, "The catalog cannot be read or written."),
        ]))

    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        var catalog = try options.load()
        let added = try catalog.addDefaults()
        guard !added.isEmpty else {
          diagnostics.info("\(options.store.path) already holds the default categories")
          return
        }
        try options.store.save(catalog)
        diagnostics.info("added " + added.joined(separator: ", ") + " to \(options.store.path)")
      }
    }
  }
}
