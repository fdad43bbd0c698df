import ArgumentParser
import Localization
import OfflineStore
import OfflineStoreCommandLine
import ToolKit

extension RKCache {
  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "clear", abstract: tr("Remove every article, image and index entry, and say what was freed."),
      discussion: HelpText.discussion(
        tr("Asks for --yes so that it is never run by accident. The sync time is kept."),
        examples: [Example("rk-cache clear --yes", tr("Start over."))], exitStatuses: [(.success, nil)]))

    @OptionGroup var store: StoreOptions
    @Flag(help: ArgumentHelp(tr("Really remove everything."))) var yes = false

    func validate() throws {
      if !yes { throw ValidationError(tr("clear removes every cached article; add --yes to do it.")) }
    }

    func run() throws {
      let diagnostics = store.common.diagnostics(for: "rk-cache")
      try runTool(diagnostics) {
        let offline = try store.open()
        let before = try offline.stats()
        _ = try offline.remove(ids: try offline.ids())
        let (count, size, blobs) = (before.count, Formatted.size(before.bytes), before.blobs)
        diagnostics.info(
          tr(
            one: "removed \(count) article, freed \(size) (\(blobs) image blobs)",
            other: "removed \(count) articles, freed \(size) (\(blobs) image blobs)", count: count))
      }
    }
  }
}
