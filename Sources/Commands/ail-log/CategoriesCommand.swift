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
}
