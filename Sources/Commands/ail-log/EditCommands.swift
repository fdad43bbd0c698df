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

  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: tr("An entry's earlier contents as log_version records, oldest (1) first."),
      discussion: HelpText.discussion(
        tr("Each edit that changed the content, and each revert, kept the content it replaced."),
        examples: [Example("ail-log history 3F2A", tr("What it said before."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String

    func run() throws {
      try runTool(log.diagnostics) {
        for version in try log.openForReading().versions(id) { try OutputSink.standardOutput.emit(version) }
        try OutputSink.standardOutput.flush()
      }
    }
  }

  struct Revert: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revert",
      abstract: tr("Put an earlier content back (the latest version unless --to says which)."),
      discussion: HelpText.discussion(
        tr("The content it replaces becomes a version too, so a revert can itself be reverted."),
        examples: [
          Example("ail-log revert 3F2A", tr("Undo the last change of the content.")),
          Example("ail-log revert 3F2A --to 1", tr("Back to the first version.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry or version."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String
    @Option(
      help: Revert.versionRange.help(tr("The version to put back (see history)."), valueName: "n"),
      transform: Revert.versionRange.parse)
    var to: Int?

    static let versionRange = NumberRange(1...1_000_000_000)

    func run() throws {
      try runTool(log.diagnostics) {
        try OutputSink.standardOutput.emit(try log.open().revert(id, to: to, now: LocalTime.now))
        try OutputSink.standardOutput.flush()
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rm", abstract: tr("Remove entries, with their versions and the recordings only they used."),
      discussion: HelpText.discussion(
        tr("Needs --yes. Writes each removed entry as a record, so that it can be added again."),
        examples: [Example("ail-log rm 3F2A 77B0 --yes", tr("Remove two entries."))],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry (the ones before it are removed)."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entries' ids or unique starts of them."))) var ids: [String]
    @Flag(help: ArgumentHelp(tr("Really remove them."))) var yes = false

    func validate() throws {
      if ids.isEmpty { throw ValidationError(tr("Name the entries to remove.")) }
      if !yes { throw ValidationError(tr("rm removes for good: add --yes.")) }
    }

    func run() throws {
      try runTool(log.diagnostics) {
        for entry in try log.open().remove(ids) { try OutputSink.standardOutput.emit(entry) }
        try OutputSink.standardOutput.flush()
      }
    }
  }
}

/// The entry as Markdown with front matter in a private temporary file, opened in the user's
/// editor; what comes back is read as changes.
struct EditorSession {
  let entry: LogEntry
  static let keys = ["title", "category", "tags", "reminder"]

  /// The changes, or nil when the file came back as it was.
  func run() throws -> NoteLog.Changes? {
    let folder = FileManager.default.temporaryDirectory.path
    let path = folder + "/ail-log-\(entry.id.prefix(8))-\(getpid()).md"
    let original = FrontMatter.document(entry, keys: Self.keys)
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data(original.utf8), attributes: [.posixPermissions: 0o600])
    else { throw ToolError(.ioError, tr("cannot write \(path)")) }
    var keep = false
    defer { if !keep { try? FileManager.default.removeItem(atPath: path) } }
    let editor =
      Environment.current["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? Environment.current["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // The editor setting may carry options ("code --wait"), so the shell splits it.
    process.arguments = ["-c", editor + " \"$1\"", "sh", path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ToolError(
        .failure, tr("the editor (\(editor)) failed with status \(process.terminationStatus); nothing changed"))
    }
    let edited = String(decoding: try InputFile.contents(of: path), as: UTF8.self)
    if edited == original { return nil }
    do {
      return try Self.changes(edited)
    } catch let error as FrontMatter.ParseError {
      keep = true
      // TRANSLATORS: {0} is the edited file, {1} what is wrong in it (a message of its own).
      throw ToolError(.dataError, tr("\(path): \(error.description); nothing changed, the edited text is kept there"))
    } catch let error as ToolError {
      keep = true
      throw ToolError(error.status, tr("\(path): \(error.message); nothing changed, the edited text is kept there"))
    }
  }

  static func changes(_ text: String) throws -> NoteLog.Changes {
    let (members, content) = try FrontMatter.parse(text)
    func string(_ key: String) throws -> String? {
      guard let value = members[key] else { return nil }
      guard let text = value.stringValue else { throw ToolError(.dataError, tr("\(key) is not text")) }
      return text
    }
    guard let title = try string("title"), title.contains(where: { !$0.isWhitespace }) else {
      throw ToolError(.dataError, tr("the title is empty"))
    }
    let tags: [String]
    switch members["tags"] {
    case .none: tags = []
    case .some(let value):
      if let list = value.arrayValue {
        tags = list.compactMap(\.stringValue)
      } else if let text = value.stringValue {
        tags = text.split(separator: ",").map(String.init)
      } else {
        throw ToolError(.dataError, tr("tags is not a list"))
      }
    }
    let reminder = try string("reminder").map { try LocalTime.date($0, option: "reminder") }
    return NoteLog.Changes(
      title: title, content: content, category: try string("category"), tags: tags,
      reminder: reminder.map { .set($0) } ?? .clear)
  }
}
