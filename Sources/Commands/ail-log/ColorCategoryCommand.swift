import ArgumentParser
import Localization
import NotesStore
import ToolKit

extension AilLog {
  struct ColorCategory: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "color", abstract: tr("Set a category's colour (none to clear it)."))
    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The category's name."))) var name: String
    @Argument(help: ArgumentHelp(tr("The colour: '#ff8800', orange, or none."))) var color: String

    func run() throws {
      try runTool(log.diagnostics) { try log.open().setColor(name, color == "none" ? nil : color) }
    }
  }
}
