import Foundation
import PrivateFiles
public import SQLiteStore
public import Wire

/// How `add --records` makes entries of other tools' records: a `mail` (from `ail-mail parse`),
/// a `transcript` or a stream of `transcript_chunk` records (from `ail-transcribe`), and any
/// record that `ail-ai` gave an `ai_text`, and task lists (`{"tasks": [{"title", "due", "note"}]}`,
/// what `ail-ai --recipe Mail/Analyze/Tasks` answers, alone or as a record's `ai_json`), one
/// entry a task with its due date as the reminder. Each mail or recording entry carries its
/// origin, so that the same mail or recording filed again is recognised and not added twice.
public struct RecordFiling {
  public let category: String?
  public let tags: [String]
  /// A title for every entry, instead of the subject or file name.
  public let title: String?
  let recordings: ContentFiles
  /// Reads a task's `due`: the time and zone it counts from.
  let dates: TypedDate
  /// Chunk texts of recordings whose `transcript` has not come yet, in order of first chunk.
  private var pending: [(file: String, texts: [String])] = []
  /// The due dates of the record taken last that are no date (`"next Friday-ish"`, as a model
  /// writes one): their entries keep the text and have no reminder, which the tool says.
  public private(set) var unreadDates: [UnreadDate] = []

  /// A task's `due` that does not read as a date.
  public struct UnreadDate: Equatable, Sendable {
    /// The task's title.
    public let task: String
    public let due: String

    public init(task: String, due: String) {
      self.task = task
      self.due = due
    }
  }

  public init(
    category: String?, tags: [String], title: String?, recordings: ContentFiles, dates: TypedDate = TypedDate()
  ) {
    self.category = category
    self.tags = tags
    self.title = title
    self.recordings = recordings
    self.dates = dates
  }

  public enum Outcome {
    /// File these.
    case entries([NoteLog.Draft])
    /// Held until the recording's transcript or the end of the input.
    case held
    /// Not something to file: passed on with `--echo`.
    case other
  }

  public mutating func take(_ record: JSONObject) throws -> Outcome {
    unreadDates = []
    let aiText = record["ai_text"]?.stringValue
    switch record["kind"]?.stringValue {
    case MailRecord.kind:
      return .entries([try mail(MailRecord(members: record), text: aiText)])
    case TranscriptRecord.kind:
      let transcript = try TranscriptRecord(members: record)
      pending.removeAll { $0.file == transcript.file }
      return .entries([try recording(transcript.file, text: aiText ?? transcript.text)])
    case TranscriptChunkRecord.kind:
      let chunk = try TranscriptChunkRecord(members: record)
      let text = aiText ?? chunk.text
      if let index = pending.firstIndex(where: { $0.file == chunk.file }) {
        pending[index].texts.append(text)
      } else {
        pending.append((chunk.file, [text]))
      }
      return .held
    default:
      if let tasks = (record["ai_json"]?["tasks"] ?? record["tasks"])?.arrayValue {
        var drafts: [NoteLog.Draft] = []
        for task in tasks { if let draft = self.task(task) { drafts.append(draft) } }
        return drafts.isEmpty ? .other : .entries(drafts)
      }
      guard let aiText else { return .other }
      let heading = record["title"]?.stringValue ?? NoteLog.title(from: aiText)
      return .entries([
        NoteLog.Draft(title: title ?? heading, content: aiText, category: category, tags: tags)
      ])
    }
  }

  /// A task as an entry tagged `task`: its due date, when readable, is the reminder, else it
  /// stays in the text and is noted in `unreadDates`.
  private mutating func task(_ task: JSONValue) -> NoteLog.Draft? {
    // Judged by scalars: " \u{301}" is one whitespace `Character`, yet shows a mark.
    guard let name = task["title"]?.stringValue, name.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
    else { return nil }
    var content = task["note"]?.stringValue ?? ""
    var reminder: Date?
    if let due = task["due"]?.stringValue, due.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
      if case .success(let date) = dates.date(due) {
        reminder = date
      } else {
        content += (content.isEmpty ? "" : "\n\n") + "Due: " + due
        unreadDates.append(UnreadDate(task: name, due: due))
      }
    }
    return NoteLog.Draft(
      title: title ?? name, content: content, category: category, tags: ["task"] + tags, reminder: reminder)
  }

  /// The recordings whose chunks came without a transcript.
  public mutating func finish() throws -> [NoteLog.Draft] {
    defer { pending = [] }
    return try pending.map { try recording($0.file, text: $0.texts.joined(separator: "\n")) }
  }

  private func mail(_ mail: MailRecord, text: String?) throws -> NoteLog.Draft {
    // A record of `ail-mail list` has the header alone: a note needs the text that `parse` writes.
    guard let content = text ?? mail.text else {
      throw DecodingError.keyNotFound(AnyCodingKey("text"), .init(codingPath: [], debugDescription: "missing"))
    }
    let subject = mail.subject.flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil }
    let sender = mail.from.map { address in address.name.map { "\($0) <\(address.address)>" } ?? address.address }
    return NoteLog.Draft(
      title: title ?? subject ?? "(no subject)", content: content, category: category,
      tags: ["mail"] + tags, source: LogSource(messageID: mail.messageID, from: sender, date: mail.date))
  }

  /// An entry for a recording: its audio stored when the file is at hand, known by its content;
  /// else known by its name.
  private func recording(_ file: String, text: String) throws -> NoteLog.Draft {
    let name = PathParts.name(of: file)
    let audio =
      file != "-" && FileManager.default.isReadableFile(atPath: file) ? try recordings.read(fileAt: file) : nil
    return NoteLog.Draft(
      title: title ?? NoteLog.title(ofRecording: name),
      content: text, category: category, tags: tags, audio: audio, source: LogSource(file: name))
  }

}
