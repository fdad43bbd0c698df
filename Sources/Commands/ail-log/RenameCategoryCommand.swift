import ArgumentParser
import Localization
import NotesStore
import ToolKit

extension AilLog {
  struct RenameCategory: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rename", abstract: tr("Rename a category in every entry (into an existing one: merge them)."))
    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The category's name."))) var name: String
    @Argument(help: ArgumentHelp(tr("Its new name."))) var newName: String

    func run() throws {
      try runTool(log.diagnostics) {
        let moved = try log.open().renameCategory(name, to: newName)
        log.diagnostics.info(
          tr(
            one: "renamed \(name) to \(newName) in \(moved) entry",
            other: "renamed \(name) to \(newName) in \(moved) entries", count: moved))
      }
    }
  }
}
