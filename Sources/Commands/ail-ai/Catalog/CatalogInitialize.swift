import ArgumentParser
import Localization
import PromptCatalog
import ToolKit

extension CatalogCommand {
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
      // Saved only when something was added: running it again leaves the file as it is.
      try options.read(common) { loaded, diagnostics in
        var catalog = loaded
        let added = try catalog.addDefaults(language: Language.current).map(Self.describe)
        guard !added.isEmpty else {
          diagnostics.info(tr("\(options.store.path) already holds the default categories"))
          return
        }
        try options.save(catalog)
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
