import ArgumentParser
import Foundation
import Localization
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: tr("An entry as Markdown with a small header; --content: its text alone."),
      discussion: HelpText.discussion(
        tr("--content writes the content exactly as stored, for a pipeline that changes it."),
        examples: [
          Example("ail-log show 3F2A", tr("Title, category, tags, dates, then the text.")),
          Example("ail-log show 3F2A --content | wc -w", tr("Count its words.")),
        ],
        exitStatuses: [(.success, nil), (.failure, tr("No such entry."))]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String
    @Flag(help: ArgumentHelp(tr("Only the content."))) var content = false

    func run() throws {
      try runTool(log.diagnostics) {
        let entry = try log.openForReading().entry(id)
        let sink = OutputSink.standardOutput
        try sink.write(content ? entry.content : Self.markdown(entry))
        try sink.flush()
      }
    }

    static func markdown(_ entry: LogEntry) -> String {
      var facts = [entry.category ?? "", entry.tags.map { "#" + $0 }.joined(separator: " ")]
      // TRANSLATORS: the facts in the header of "ail-log show"; {0} is a date and time.
      if let reminder = entry.reminder { facts.append(tr("reminder \(LocalTime.show(reminder))")) }
      facts.append(tr("created \(LocalTime.show(entry.createdAt))"))
      if entry.updatedAt != entry.createdAt { facts.append(tr("changed \(LocalTime.show(entry.updatedAt))")) }
      // TRANSLATORS: in the header of "ail-log show": {0} is the recording's file name.
      if let audio = entry.audio { facts.append(tr("audio \(audio)")) }
      // TRANSLATORS: in the header of "ail-log show": {0} is the sender of a filed mail.
      if let from = entry.source?.from { facts.append(tr("from \(from)")) }
      var text = "# \(entry.title)\n\n*" + facts.filter { !$0.isEmpty }.joined(separator: " · ") + "*\n\n"
      text += "id: \(entry.id)\n\n" + entry.content
      return text.hasSuffix("\n") ? text : text + "\n"
    }
  }
}
