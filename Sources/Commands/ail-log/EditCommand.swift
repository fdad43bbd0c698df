import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: tr("Change an entry; with no option, edit it in $EDITOR as Markdown with front matter."),
      discussion: HelpText.discussion(
        tr(
          """
          A changed content keeps the previous one as a version ("history", "revert"). In the \
          editor, the front matter holds title, category, tags and reminder (a typed date, or \
          empty for none); the text below the second "---" is the content. Leaving the file as it \
          was changes nothing. When the edited text cannot be read, the entry stays as it was and \
          the text is kept in a file named in the error. Writes the changed entry as a record.
          """),
        examples: [
          Example("ail-log edit 3F2A --add-tag urgent --remind 'in 2h'", tr("Tag it and be reminded.")),
          Example("ail-log show 3F2A --content | ail-ai --recipe Notes/Tidy > tidy.md", tr("An AI rewrite...")),
          Example("ail-log edit 3F2A --content - < tidy.md", tr("...accepted; the old text stays as a version.")),
          Example("EDITOR=nano ail-log edit 3F2A", tr("Edit everything in nano.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("No such entry, or the editor failed.")),
          (.dataError, tr("The edited front matter cannot be read.")),
        ]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String
    @Option(help: ArgumentHelp(tr("A new title."))) var title: String?
    @Option(help: ArgumentHelp(tr("New content, or - to read it from standard input."), valueName: "text"))
    var content: String?
    @Option(help: ArgumentHelp(tr("A new category."))) var category: String?
    @Option(name: .customLong("add-tag"), help: ArgumentHelp(tr("Add a tag; repeat for more."), valueName: "tag"))
    var addTags: [String] = []
    @Option(name: .customLong("remove-tag"), help: ArgumentHelp(tr("Remove a tag (any case)."), valueName: "tag"))
    var removeTags: [String] = []
    @Option(help: ArgumentHelp(tr("Set the reminder (a typed date)."), valueName: "when")) var remind: String?
    @Flag(help: ArgumentHelp(tr("Remove the reminder."))) var noRemind = false

    func validate() throws {
      if remind != nil && noRemind { throw ValidationError(tr("Give --remind or --no-remind, not both.")) }
      if let title, !title.contains(where: { !$0.isWhitespace }) { throw ValidationError(tr("--title is empty.")) }
    }

    func run() throws {
      try runTool(log.diagnostics) {
        let store = try log.open()
        let now = LocalTime.now
        let nothingGiven =
          title == nil && content == nil && category == nil && addTags.isEmpty && removeTags.isEmpty && remind == nil
          && !noRemind
        let changes: NoteLog.Changes
        if nothingGiven {
          guard let edited = try EditorSession(entry: try store.entry(id)).run() else {
            log.diagnostics.info(tr("no change"))
            return
          }
          changes = edited
        } else {
          changes = NoteLog.Changes(
            title: title, content: try content.map { $0 == "-" ? try readStandardInput() : $0 }, category: category,
            addTags: addTags, removeTags: removeTags,
            reminder: try remind.map { .set(try LocalTime.date($0, option: "--remind")) } ?? (noRemind ? .clear : .keep)
          )
        }
        try OutputSink.standardOutput.emit(try store.edit(id, changes, now: now))
        try OutputSink.standardOutput.flush()
      }
    }
  }
}
