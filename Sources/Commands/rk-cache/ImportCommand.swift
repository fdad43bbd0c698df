import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: tr("Merge a ZIP file written by export into the store, by id, checking every hash."),
      discussion: HelpText.discussion(
        tr(
          """
          An article not cached is added; a cached one is replaced when the archive's copy was \
          cached later, else it stays. Every image is checked against its hash and every article's \
          HTML against its own before it is written, one transaction per article; a damaged article \
          is reported with its entry name and left out, the others are imported. The sync time is \
          taken from the archive when it is later than the store's. The changes queued for rk-push \
          when the archive was written come back into the queue ("rk-cache pending" lists them): \
          a field with nothing queued takes the archive's change, else the later change wins \
          (labels label by label).
          """),
        examples: [
          Example("rk-cache import ~/backup/readkeep.zip", tr("\"imported 18, updated 2, kept 3 newer\"")),
          Example("rk-cache import --db copy.sqlite a.zip", tr("Into another store.")),
        ],
        exitStatuses: [
          (.success, nil),
          (
            .dataError,
            tr("Not an export, a newer format version, or damaged articles or queued changes (each reported).")
          ),
          (.noInput, tr("No such file.")), (.ioError, tr("The store cannot be written.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(
      help: ArgumentHelp(tr("The ZIP file to read."), valueName: "file.zip"), completion: .file(extensions: ["zip"]))
    var file: String

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let summary = try store.open(creating: true).importArchive(from: file) { entry, reason in
          diagnostics.error("\(file): \(entry): \(reason)")
        }
        diagnostics.info(Self.summary(summary))
        if summary.rejected > 0 { throw ExitCode(ExitStatus.dataError.rawValue) }
      }
    }

    /// `imported 18, updated 2, kept 3 newer; 2 queued changes for rk-push`: a list of counts,
    /// those that are not zero after the first two, each item a message of its own.
    static func summary(_ summary: CacheArchive.ImportSummary) -> String {
      let (inserted, updated, keptNewer) = (summary.inserted, summary.updated, summary.keptNewer)
      let (unchanged, rejected, queued) = (summary.unchanged, summary.rejected, summary.queued)
      // TRANSLATORS: the items of rk-cache import's summary, a list joined by commas:
      // "imported 18, updated 2, kept 3 newer, 1 unchanged, rejected 1".
      var items = [tr("imported \(inserted)"), tr("updated \(updated)")]
      // TRANSLATORS: articles cached more recently than the archive's copy, which stayed.
      if keptNewer > 0 { items.append(tr("kept \(keptNewer) newer")) }
      if unchanged > 0 { items.append(tr("\(unchanged) unchanged")) }
      // TRANSLATORS: damaged articles or queued records left out.
      if rejected > 0 { items.append(tr("rejected \(rejected)")) }
      var text = items.joined(separator: ", ")
      if queued > 0 {
        // TRANSLATORS: the end of rk-cache import's summary, after a semicolon.
        let changes = tr(
          one: "\(queued) queued change for rk-push", other: "\(queued) queued changes for rk-push", count: queued)
        text += "; " + changes
      }
      return text
    }
  }
}
