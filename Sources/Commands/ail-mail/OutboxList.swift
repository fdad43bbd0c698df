import ArgumentParser
import Localization
import Mail
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct OutboxList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("List the outbox: every message and where it stands."),
    discussion: HelpText.discussion(
      tr(
        """
        Writes one outbox_item record per message, oldest first: id, message_id, subject, to, \
        status (pending, sending, sent, failed, cancelled, unknown), attempts, last_attempt, \
        next_attempt and last_error. A message marked sending while no send runs is listed as \
        unknown. --format table writes a table for people.
        """),
      files: OutboxOptions.files,
      examples: [
        Example(
          "ail-mail outbox list | jq -r 'select(.status == \"failed\") | .id'", tr("The ids of the failed messages."))
      ],
      exitStatuses: [(.success, tr("Done (also when the outbox is empty or missing).")), (.noInput, nil)]))

  @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: ListFormat = .ndjson

  @OptionGroup var options: OutboxOptions
  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let folder = OutboxFolder(path: try options.resolve().folder)
      // With a send running, its item is really sending; with none, the lock is free.
      let lock = folder.exists ? try folder.lock(waiting: 0) : nil
      let items = try folder.items(diagnostics: diagnostics).map { lock == nil ? $0 : OutboxLife.found($0) }
      let sink = OutputSink.standardOutput
      switch format {
      case .ndjson:
        for item in items { try sink.emit(item) }
      case .table:
        if !items.isEmpty { try sink.write(Formatting.table([Self.headings] + items.map(Self.row))) }
      }
      try sink.flush()
    }
  }

  // TRANSLATORS: the headings of "ail-mail outbox list --format table", in capitals as `ps`
  // writes them: the item's id, its status, how many attempts, when the next one is, the
  // recipients, the subject.
  static var headings: [String] { [tr("ID"), tr("STATUS"), tr("TRIES"), tr("NEXT TRY"), tr("TO"), tr("SUBJECT")] }

  static func row(_ item: OutboxItemRecord) -> [String] {
    let next = item.nextAttempt.map { date in
      Formatted.dateTime(date.addingTimeInterval(Double(TimeZone.current.secondsFromGMT(for: date))), in: .current)
    }
    let to = item.to.map { $0.name ?? $0.address }.joined(separator: ", ")
    return [item.id, item.status, String(item.attempts), next ?? "", to, item.subject ?? ""]
  }
}
