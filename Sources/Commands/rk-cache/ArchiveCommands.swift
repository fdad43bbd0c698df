import ArgumentParser
import ArticleFormats
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import PrivateFiles
import ToolKit

extension RKCache {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract:
        tr(
          "Write the whole store to a ZIP file (one JSON and one HTML per article, each image once) or a folder of pages."
        ),
      discussion: HelpText.discussion(
        tr(
          """
          The archive holds manifest.json (format and version), articles/ID.json (the bookmark as \
          received, dates, image URLs, hashes), articles/ID.html, images/SHA256.EXT and \
          queue.ndjson (the changes still to send with rk-push, as "pending" lists them); unpacked, \
          every article opens in a browser with its images, and index.html lists them. The export \
          is one consistent snapshot while other tools go on writing, and the file appears only \
          when complete (mode 0600); a symbolic link keeps pointing to it, and - writes the \
          archive to standard output once it is complete. A folder, a device or a pipe is refused: \
          - is the way to standard output.

          With --site DIR instead of a file: every article as a self-contained page (as "page" \
          makes it) in DIR/articles/ID.html, and DIR/index.html listing them with site, date, \
          reading time and size, newest first: a folder to copy to a phone or serve from any \
          static server. Other files in DIR stay.
          """),
        examples: [
          Example("mkdir -p ~/backup && rk-cache export ~/backup/readkeep.zip", tr("A backup.")),
          Example("rk-cache export --site ~/public/articles", tr("A folder of pages with an index.")),
          Example("rk-cache export - | ssh backup 'cat > readkeep.zip'", tr("To standard output, when complete.")),
          Example(
            "rk-cache export a.zip && unzip -q a.zip -d a && xdg-open a/index.html",
            tr("Unpacked: the index and every article open in a browser, images and all.")),
        ],
        exitStatuses: [(.success, nil), (.ioError, tr("The file cannot be written or the store read."))]))

    @OptionGroup var store: StoreOptions
    @Argument(
      help: ArgumentHelp(
        tr(
          "The ZIP file to write (replaced when it exists, through a symbolic link to its target; - for standard output)."
        ),
        valueName: "file.zip"),
      completion: .file(extensions: ["zip"]))
    var file: String?
    @Option(
      help: ArgumentHelp(tr("Write a folder of pages with index.html instead of a ZIP file."), valueName: "dir"),
      completion: .directory)
    var site: String?

    func validate() throws {
      if (file == nil) == (site == nil) {
        throw ValidationError(tr("Name a ZIP file or a folder with --site, one of them."))
      }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        guard let file else { return try exportSite(to: site ?? "", diagnostics) }
        let summary = try store.openForReading().export(
          to: file, generator: "rk-cache \(Toolbox.version)", index: { SiteIndex.html(exported: $0) },
          standardOutput: ReadingOutput.standardOutput)
        try OutputSink.standardOutput.flush()
        diagnostics.info(Self.summary(summary, file: file))
      }
    }

    /// `exported 3 articles and 2 images to a.zip, 12.5 kB`.
    static func summary(_ summary: CacheArchive.ExportSummary, file: String) -> String {
      let (articles, images, size) = (summary.articles, summary.images, Formatted.size(summary.bytes))
      // One message per destination and per plural of the images: the articles' count chooses the form.
      switch (file == "-", images == 1) {
      case (false, true):
        return tr(
          one: "exported \(articles) article and \(images) image to \(file), \(size)",
          other: "exported \(articles) articles and \(images) image to \(file), \(size)", count: articles)
      case (false, false):
        return tr(
          one: "exported \(articles) article and \(images) images to \(file), \(size)",
          other: "exported \(articles) articles and \(images) images to \(file), \(size)", count: articles)
      case (true, true):
        return tr(
          one: "exported \(articles) article and \(images) image to standard output, \(size)",
          other: "exported \(articles) articles and \(images) image to standard output, \(size)", count: articles)
      case (true, false):
        return tr(
          one: "exported \(articles) article and \(images) images to standard output, \(size)",
          other: "exported \(articles) articles and \(images) images to standard output, \(size)", count: articles)
      }
    }

    private func exportSite(to folder: String, _ diagnostics: Diagnostics) throws {
      let opened = try store.openForReading()
      let summary: SiteExport.Summary
      do {
        summary = try SiteExport.write(opened, to: folder)
      } catch let error as FileWriteError {
        throw ToolError(.ioError, error.description)
      }
      let (pages, size) = (summary.articles, Formatted.size(summary.bytes))
      diagnostics.info(
        tr(
          one: "exported \(pages) page and index.html to \(folder), \(size)",
          other: "exported \(pages) pages and index.html to \(folder), \(size)", count: pages))
    }
  }

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
