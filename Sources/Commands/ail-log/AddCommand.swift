import ArgumentParser
import Foundation
import Localization
import NotesStore
import PrivateFiles
import SQLiteStore
import ToolKit
import Wire

extension AilLog {
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: tr("Add an entry, or file the records of other tools as entries (--records)."),
      discussion: HelpText.discussion(
        tr(
          """
          The content is TEXT, or standard input for "-"; without either the entry has a title \
          alone. Without --title the title is the content's first line (up to 80 characters), \
          else the recording's file name. The new entry is written as a "log_entry" record. A \
          reminder in the past is refused.

          With --records, NDJSON comes in (from the files named, else standard input) and mail, \
          transcript, transcript_chunk and ail-ai records become entries, written whole in batches \
          (up to 200, and whenever the input waits), so a killed run leaves whole entries only; \
          --category, --tag and --title apply to each. A mail or recording already \
          logged is skipped. A task list ({"tasks": [{"title", "due", "note"}]}, as ail-ai --recipe \
          Mail/Analyze/Tasks answers) becomes one entry a task, tagged task, its due date the \
          reminder; a due date that is no date stays in the entry's text, with a warning. Highlight records (rk-cache highlights) become one entry per article, titled \
          with it, in the category Reading unless --category is given, tagged highlight, the \
          article's URL as its source, each highlight a quote with its note; filed again, an \
          article's entry gets only the highlights it lacks (the content before is kept as a \
          version). Other records are passed on to standard output with --echo. A summary goes to \
          standard error.
          """),
        examples: [
          Example("ail-log add 'Milk, eggs, bread' --title Shopping --tag home", tr("A note.")),
          Example("ail-log add 'Call the plumber about the boiler'", tr("A note titled with its text.")),
          Example(
            "ail-mail body message.eml | ail-ai --recipe Mail/Analyze/Tasks | ail-log add --records",
            tr("A mail's tasks as entries with reminders.")),
          Example("ail-log add - --title Minutes --category Work < minutes.md", tr("Content from standard input.")),
          Example(
            "ail-log add --title 'Memo' --audio memo.m4a --remind 'fri 17:00'", tr("A voice note with a reminder.")),
          Example(
            "ail-transcribe memo.m4a | ail-log add --records --category Voice --tag memo",
            tr("File a transcribed recording, stored with its audio.")),
          Example(
            "rk-cache highlights --since 7d | ail-log add --records",
            tr("A week's highlights as notes, one entry per article.")),
        ],
        exitStatuses: [
          (.success, nil),
          (.usage, tr("No title and no text or recording to take one from, a bad date, a reminder in the past.")),
          (.dataError, tr("Bad input records, reported with their line numbers; the good ones are filed.")),
          (.noInput, tr("The recording or an input file does not exist.")),
        ]))

    @OptionGroup var log: LogOptions
    @Argument(
      help: ArgumentHelp(
        tr("The content, or - for standard input; with --records, NDJSON files (default: standard input).")))
    var text: [String] = []
    @Option(
      help: ArgumentHelp(
        tr("The title (default: the text's first line, else the recording's name; with --records, each record's).")))
    var title: String?
    @Option(help: ArgumentHelp(tr("The category (default: General, or as configured)."))) var category: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp(tr("A tag; repeat for more."), valueName: "tag"))
    var tags: [String] = []
    @Option(
      help: ArgumentHelp(
        tr("A reminder: RFC 3339, '2026-12-01 09:00', 'tomorrow 9:00', 'in 2h', 'fri 17:00'."), valueName: "when"))
    var remind: String?
    @Option(help: ArgumentHelp(tr("A recording to store with the entry."), valueName: "file"), completion: .file())
    var audio: String?
    @Flag(help: ArgumentHelp(tr("Read NDJSON records and file mails, transcripts and AI answers as entries.")))
    var records = false
    @Flag(help: ArgumentHelp(tr("With --records: pass the records that are not filed on to standard output.")))
    var echo = false
    @Flag(help: ArgumentHelp(tr("With --records: stop at the first bad line (status 65)."))) var strict = false

    func validate() throws {
      if records {
        if remind != nil || audio != nil {
          throw ValidationError(tr("--remind and --audio are for one entry, not --records."))
        }
      } else {
        if let title, !title.contains(where: { !$0.isWhitespace }) { throw ValidationError(tr("--title is empty.")) }
        if title == nil && text.isEmpty && audio == nil {
          throw ValidationError(tr("An entry needs a title: give --title, a text or a recording."))
        }
        if text.count > 1 {
          throw ValidationError(tr("Give the content as one argument (quote it), or - for standard input."))
        }
        if echo || strict { throw ValidationError(tr("--echo and --strict go with --records.")) }
      }
    }

    func run() throws {
      let diagnostics = log.diagnostics
      try runTool(diagnostics) {
        let category = try category ?? log.defaultCategory()
        if records { return try fileRecords(category: category, diagnostics: diagnostics) }
        let now = LocalTime.now
        let reminder = try remind.map { try LocalTime.date($0, option: "--remind") }
        if let reminder, reminder < now {
          throw ToolError(.usage, tr("--remind: \(LocalTime.show(reminder)) is in the past"))
        }
        let content = try text.first.map { $0 == "-" ? try readStandardInput() : $0 } ?? ""
        let heading =
          title ?? (content.contains(where: { !$0.isWhitespace }) ? NoteLog.title(from: content) : nil)
          ?? audio.map(NoteLog.title(ofRecording:))
        guard let heading else {
          throw ToolError(.usage, tr("An entry needs a title: give --title, a text or a recording."))
        }
        if let audio { try InputFile.checkReadable(audio) }
        let store = try log.open(creating: true)
        let recording = try audio.map { try store.recordings.read(fileAt: $0) }
        let draft = NoteLog.Draft(
          title: heading, content: content, category: category, tags: tags, reminder: reminder, audio: recording,
          source: audio.map { LogSource(file: PathParts.name(of: $0)) })
        let entry = try store.add(draft, now: now)!
        try OutputSink.standardOutput.emit(entry)
        try OutputSink.standardOutput.flush()
      }
    }

    private func fileRecords(category: String, diagnostics: Diagnostics) throws {
      for path in text where path != "-" { try InputFile.checkReadable(path) }
      let store = try log.open(creating: true)
      let sink = OutputSink.standardOutput
      let input = RecordInput(paths: text, strict: strict, diagnostics: diagnostics, sink: sink)
      var filing = RecordFiling(
        category: category, tags: tags, title: title, recordings: store.recordings,
        dates: TypedDate(now: LocalTime.now, timeZone: LocalTime.timeZone))
      var highlights = HighlightFiling(category: self.category ?? "Reading", tags: tags)
      var filed = 0
      var known = 0
      var passed = 0
      // Filed in batches, one transaction each: whole entries only, and a commit per batch
      // rather than per record. A batch is written when full and whenever the input runs dry,
      // so nothing waits behind a slow producer.
      var batch: [NoteLog.Draft] = []
      func file() throws {
        guard !batch.isEmpty else { return }
        for added in try store.add(batch, unlessLogged: true, now: LocalTime.now) {
          if added != nil { filed += 1 } else { known += 1 }
        }
        batch.removeAll()
      }
      input.onIdle = { try file() }
      try input.forEachRecord { line in
        guard let record = try line.decode(JSONValue.self).objectValue else { return }
        if try highlights.take(record) { return }
        let outcome: RecordFiling.Outcome
        do { outcome = try filing.take(record) } catch let error as ContentFiles.UnreadableFile {
          return try input.reject(line, error.description)
        }
        switch outcome {
        case .entries(let drafts):
          if let problem = drafts.lazy.compactMap(\.textProblem).first { return try input.reject(line, problem) }
          for unread in filing.unreadDates {
            let (task, due) = (unread.task, unread.due)
            diagnostics.warning(
              // TRANSLATORS: {0} is the input's name, {1} the line number, {2} a task's title, {3}
              // its due date as the record wrote it.
              tr(
                "\(line.source):\(line.number): task \"\(task)\": due \"\(due)\" is not a date; kept in its text, no reminder"
              ))
          }
          batch += drafts
          if batch.count >= 200 { try file() }
        case .held: break
        case .other:
          passed += 1
          if echo { try sink.writeLine(line.bytes) }
        }
      }
      batch += try filing.finish()
      try file()
      if !highlights.isEmpty {
        let articles = try highlights.file(into: store, now: LocalTime.now)
        filed += articles.added + articles.extended
        known += articles.unchanged
      }
      try sink.flush()
      diagnostics.info(Self.summary(filed: filed, known: known, passed: passed, echo: echo))
      try input.finish()
    }

    /// `filed 3 entries, 1 already logged, 2 other records passed on`: one whole message for each
    /// case; the plural follows the entries filed, and the other records are one or more.
    static func summary(filed: Int, known: Int, passed: Int, echo: Bool) -> String {
      switch (known > 0, passed, echo) {
      case (false, 0, _):
        return tr(one: "filed \(filed) entry", other: "filed \(filed) entries", count: filed)
      case (true, 0, _):
        return tr(
          one: "filed \(filed) entry, \(known) already logged",
          other: "filed \(filed) entries, \(known) already logged",
          count: filed)
      case (false, 1, true):
        return tr(
          one: "filed \(filed) entry, 1 other record passed on",
          other: "filed \(filed) entries, 1 other record passed on",
          count: filed)
      case (false, _, true):
        return tr(
          one: "filed \(filed) entry, \(passed) other records passed on",
          other: "filed \(filed) entries, \(passed) other records passed on", count: filed)
      case (false, 1, false):
        return tr(
          one: "filed \(filed) entry, 1 other record ignored", other: "filed \(filed) entries, 1 other record ignored",
          count: filed)
      case (false, _, false):
        return tr(
          one: "filed \(filed) entry, \(passed) other records ignored",
          other: "filed \(filed) entries, \(passed) other records ignored", count: filed)
      case (true, 1, true):
        return tr(
          one: "filed \(filed) entry, \(known) already logged, 1 other record passed on",
          other: "filed \(filed) entries, \(known) already logged, 1 other record passed on", count: filed)
      case (true, _, true):
        return tr(
          one: "filed \(filed) entry, \(known) already logged, \(passed) other records passed on",
          other: "filed \(filed) entries, \(known) already logged, \(passed) other records passed on", count: filed)
      case (true, 1, false):
        return tr(
          one: "filed \(filed) entry, \(known) already logged, 1 other record ignored",
          other: "filed \(filed) entries, \(known) already logged, 1 other record ignored", count: filed)
      case (true, _, false):
        return tr(
          one: "filed \(filed) entry, \(known) already logged, \(passed) other records ignored",
          other: "filed \(filed) entries, \(known) already logged, \(passed) other records ignored", count: filed)
      }
    }
  }
}
