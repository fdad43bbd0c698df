import ArgumentParser
import Localization
import NotesStore
import ToolKit

extension AilLog {
  struct AddCategory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: tr("Make a category."))
    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The category's name."))) var name: String
    @Option(help: ArgumentHelp(tr("Its colour, as you like to write it: '#ff8800', orange."))) var color: String?

    func run() throws {
      try runTool(log.diagnostics) { try log.open(creating: true).addCategory(name, color: color) }
    }
  }
}
