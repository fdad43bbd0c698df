import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

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
