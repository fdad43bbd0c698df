import ArgumentParser
import Localization
import NotesStore
import ToolKit

extension AilLog {
  struct RemoveCategory: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: tr("Remove a category; its entries move to the default category."))
    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The category's name."))) var name: String

    func run() throws {
      try runTool(log.diagnostics) {
        let fallback = try log.defaultCategory()
        let moved = try log.open().removeCategory(name, movingEntriesTo: fallback)
        if moved > 0 {
          log.diagnostics.info(
            tr(one: "moved \(moved) entry to \(fallback)", other: "moved \(moved) entries to \(fallback)", count: moved)
          )
        }
      }
    }
  }
}
