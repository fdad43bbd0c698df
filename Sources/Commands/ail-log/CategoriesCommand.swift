import ArgumentParser
import Localization
import NotesStore
import ToolKit

extension AilLog {
  struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "categories",
      abstract: tr("List categories with their colours and entry counts, or add, rename, remove or colour one."),
      discussion: HelpText.discussion(
        tr(
          """
          Categories compare case-insensitively and keep their first spelling. An entry's category \
          is made on first use; "add" makes one ahead, with a colour. Removing a category moves its \
          entries to the default category.
          """),
        examples: [
          Example("ail-log categories --format table", tr("All of them.")),
          Example("ail-log categories add Work --color '#3366ff'", tr("A new category with a colour.")),
          Example("ail-log categories rename Work Job", tr("Every entry in Work moves to Job.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such category."))]),
      subcommands: [
        ListCategories.self, AddCategory.self, RenameCategory.self, RemoveCategory.self, ColorCategory.self,
      ],
      defaultSubcommand: ListCategories.self)
  }

  struct ListCategories: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: tr("Every category with its colour and entry count (log_label records)."))
    @OptionGroup var log: LogOptions
    @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: OutputFormat = .ndjson

    func run() throws {
      try runTool(log.diagnostics) { try writeLabels(try log.openForReading().categories(), format: format) }
    }
  }

  struct AddCategory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: tr("Make a category."))
    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The category's name."))) var name: String
    @Option(help: ArgumentHelp(tr("Its colour, as you like to write it: '#ff8800', orange."))) var color: String?

    func run() throws {
      try runTool(log.diagnostics) { try log.open(creating: true).addCategory(name, color: color) }
    }
  }

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
