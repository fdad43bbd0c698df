import ArgumentParser
import Foundation
import OfflineStore
import PrivateFiles
import Reading
import StoreCommandLine
import ToolKit

extension RKCache {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract:
        "Write the whole store to a ZIP file (one JSON and one HTML per article, each image once) or a folder of pages.",
      discussion: HelpText.discussion(
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
        """,
        examples: [
          Example("mkdir -p ~/backup && rk-cache export ~/backup/readkeep.zip", "A backup."),
          Example("rk-cache export --site ~/public/articles", "A folder of pages with an index."),
          Example("rk-cache export - | ssh backup 'cat > readkeep.zip'", "To standard output, when complete."),
          Example(
            "rk-cache export a.zip && unzip -q a.zip -d a && xdg-open a/index.html",
            "Unpacked: the index and every article open in a browser, images and all."),
        ],
        exitStatuses: [(.success, nil), (.ioError, "The file cannot be written or the store read.")]))

    @OptionGroup var store: StoreOptions
    @Argument(
      help: ArgumentHelp(
        "The ZIP file to write (replaced when it exists, through a symbolic link to its target; - for standard output).",
        valueName: "file.zip"),
      completion: .file(extensions: ["zip"]))
    var file: String?
    @Option(
      help: ArgumentHelp("Write a folder of pages with index.html instead of a ZIP file.", valueName: "dir"),
      completion: .directory)
    var site: String?

    func validate() throws {
      if (file == nil) == (site == nil) {
        throw ValidationError("Name a ZIP file or a folder with --site, one of them.")
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
        diagnostics.info(
          "exported \(summary.articles) article\(summary.articles == 1 ? "" : "s") and \(summary.images) image\(summary.images == 1 ? "" : "s") to \(ReadingOutput.name(file)), \(Formatting.size(summary.bytes))"
        )
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
      diagnostics.info(
        "exported \(Formatting.count(summary.articles, "page")) and index.html to \(folder), \(Formatting.size(summary.bytes))"
      )
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import", abstract: "Merge a ZIP file written by export into the store, by id, checking every hash.",
      discussion: HelpText.discussion(
        """
        An article not cached is added; a cached one is replaced when the archive's copy was \
        cached later, else it stays. Every image is checked against its hash and every article's \
        HTML against its own before it is written, one transaction per article; a damaged article \
        is reported with its entry name and left out, the others are imported. The sync time is \
        taken from the archive when it is later than the store's. The changes queued for rk-push \
        when the archive was written come back into the queue ("rk-cache pending" lists them): \
        a field with nothing queued takes the archive's change, else the later change wins \
        (labels label by label).
        """,
        examples: [
          Example("rk-cache import ~/backup/readkeep.zip", "\"imported 18, updated 2, kept 3 newer\""),
          Example("rk-cache import --db copy.sqlite a.zip", "Into another store."),
        ],
        exitStatuses: [
          (.success, nil),
          (
            .dataError,
            "Not an export, a newer format version, or damaged articles or queued changes (each reported)."
          ),
          (.noInput, "No such file."), (.ioError, "The store cannot be written."),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(
      help: ArgumentHelp("The ZIP file to read.", valueName: "file.zip"), completion: .file(extensions: ["zip"]))
    var file: String

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let summary = try store.open(creating: true).importArchive(from: file) { entry, reason in
          diagnostics.error("\(file): \(entry): \(reason)")
        }
        var text = "imported \(summary.inserted), updated \(summary.updated)"
        if summary.keptNewer > 0 { text += ", kept \(summary.keptNewer) newer" }
        if summary.unchanged > 0 { text += ", \(summary.unchanged) unchanged" }
        if summary.rejected > 0 { text += ", rejected \(summary.rejected)" }
        if summary.queued > 0 { text += "; \(Formatting.count(summary.queued, "queued change")) for rk-push" }
        diagnostics.info(text)
        if summary.rejected > 0 { throw ExitCode(ExitStatus.dataError.rawValue) }
      }
    }
  }
}
