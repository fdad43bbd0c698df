import ArgumentParser
import ArticleFormats
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
}
