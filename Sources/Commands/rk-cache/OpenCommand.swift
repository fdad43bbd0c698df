import ArgumentParser
import ArticleFormats
import Foundation
import Localization
import OfflineStore
import OfflineStoreCommandLine
import PrivateFiles
import ToolKit

extension RKCache {
  struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "open",
      abstract: tr("Write an article's page to the cache folder and open it in the browser."),
      discussion: HelpText.discussion(
        tr(
          """
          Writes the page (as "page" makes it) to $XDG_CACHE_HOME/readkeep/pages/ID.html and hands \
          it to xdg-open. Without a display (neither DISPLAY nor WAYLAND_DISPLAY set) or without \
          xdg-open, prints the page's path instead, for another program or another machine.
          """),
        examples: [
          Example("rk-cache open WNBGvKQgFsLwHwy4i89q53", tr("Read it in the browser.")),
          Example("w3m \"$(rk-cache open WNBGvKQgFsLwHwy4i89q53)\"", tr("On a console: the path, for a text browser.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("No such article.")), (.ioError, tr("The page cannot be written.")),
        ]))

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp(tr("The article's id."))) var id: String

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let article = try ReadingOutput.article(id, in: store.openForReading())
        let folder = XDGDirectories().cacheHome + "/readkeep/pages"
        do throws(FileWriteError) {
          try PrivateFolder.make(folder)
        } catch {
          throw ToolError(.ioError, tr("cannot create \(folder): \(error.reason)"))
        }
        let path = folder + "/" + StoredArticle.fileName(for: id) + ".html"
        try ReadingOutput.write(ArticlePage.document(article), to: path)
        let environment = Environment.current
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let opener = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/xdg-open" }
          .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard display, let opener else {
          try ReadingOutput.write(path + "\n", to: nil)
          return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
          let reason = String(describing: error)
          throw ToolError(.unavailable, tr("cannot run \(opener): \(reason)"))
        }
        diagnostics.info(tr("opened \(path)"))
      }
    }
  }
}
