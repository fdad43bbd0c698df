import ArgumentParser
import Localization
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
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        let catalog = try options.load()
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

  struct Initialize: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init",
      abstract: tr("Add the default categories with sample presets."),
      discussion: HelpText.discussion(
        tr(
          """
          Adds the folders Mail (with Reply, Forward and Analyze), Notes, Articles and General, each with a \
          short sample preset (Mail/Reply/Friendly has a {{Tone|warm but professional}} placeholder; \
          Notes/Proofread becomes the default preset when there is none). What exists already is \
          left alone, so running it again changes nothing.

          Under a German locale (LANG=de_DE.UTF-8, or LANGUAGE=de) it first adds the original app's \
          German set with German prompts: Mail/Antworten/Freundlich ({{Ton|…}}), \
          Mail/Weiterleiten/Kurz, Mail/Analysieren/Aufgaben, Notizen/Korrektur (then the default \
          preset), Notizen/Aufräumen, Artikel/Zusammenfassen, Allgemein/Kurzfassung and \
          Allgemein/Übersetzen; the English set is created beside it, so that every documented name \
          such as Mail/Reply/Friendly works in every language.
          """),
        examples: [
          Example(
            "ail-ai catalog init && ail-ai prompt --recipe Reply/Friendly --var Tone=formal", tr("Start, and try it."))
        ],
        exitStatuses: [
          (.success, nil), (.dataError, tr("A broken catalog file.")),
          (.ioError, tr("The catalog cannot be read or written.")),
        ]))

    @OptionGroup var options: CatalogOptions
    @OptionGroup var common: CommonOptions

    func run() throws {
      let diagnostics = common.diagnostics(for: "ail-ai")
      try runTool(diagnostics) {
        var catalog = try options.load()
        let added = try catalog.addDefaults(language: Language.current).map(Self.describe)
        guard !added.isEmpty else {
          diagnostics.info(tr("\(options.store.path) already holds the default categories"))
          return
        }
        try options.store.save(catalog)
        let list = added.joined(separator: ", ")
        // TRANSLATORS: {0} lists the folders and presets added ("folder Mail, preset Mail/Reply/Friendly"), {1} is the file.
        diagnostics.info(tr("added \(list) to \(options.store.path)"))
      }
    }

    /// "folder Mail", "preset Notes/Proofread" as the catalog names them, in the user's language.
    static func describe(_ added: String) -> String {
      if added.hasPrefix("folder ") {
        let path = added.dropFirst("folder ".count)
        // TRANSLATORS: one item of the list "added {0} to {1}" of catalog init.
        return tr("folder \(path)")
      }
      if added.hasPrefix("preset ") {
        let path = added.dropFirst("preset ".count)
        // TRANSLATORS: one item of the list "added {0} to {1}" of catalog init.
        return tr("preset \(path)")
      }
      return added
    }
  }
}
