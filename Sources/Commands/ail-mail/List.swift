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

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("List a Maildir or an mbox: the inbox, newest first."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads the header of every message in a Maildir's cur/ and new/ folders (its flags from the \
        file name's ":2," info, as mbsync and mutt write them) or of every message in an mbox (its \
        flags from the Status and X-Status lines) and writes one "mail" record per message: \
        message_id, from, to, cc, reply_to, date, subject, flags (seen, replied, flagged, trashed, \
        draft, passed) and source, the message's path (FILE#N in an mbox). The body is not read, so \
        there is no text, has_html or attachments: "ail-mail parse" or "ail-mail show" read a \
        message whole. What is not a regular file in cur/ or new/ (a named pipe, a folder) is \
        skipped with a warning. A message whose header announces an S/MIME signature is read whole \
        and its record gets signature, as "ail-mail parse" writes it (trust: the system's CA \
        certificates, --ca and the config's ca =).

        --format table writes a table for people: date, flags (N new, F flagged, R replied, \
        T trashed, D draft, @ for a message with attachments: a multipart/mixed one, + for a valid \
        signature and ! for one that is not), sender and subject.
        """),
      files: TrustOptions.files,
      examples: [
        Example("ail-mail list ~/Mail/INBOX --unread --format table", tr("The unread mail, as a table.")),
        Example(
          "ail-mail list ~/Mail/INBOX --flagged --sort from | jq -r .source",
          tr("The paths of flagged mail, by sender.")
        ),
        Example(
          "ail-mail list ~/Mail/INBOX --unread --limit 1 | jq -r .source | xargs ail-mail show",
          tr("Read the newest unread message.")),
      ],
      exitStatuses: [(.success, nil), (.noInput, tr("The folder is not a Maildir, or the mbox cannot be read."))]))

  @Argument(help: ArgumentHelp(tr("A Maildir folder or an mbox file."), valueName: "mailbox"), completion: .file())
  var mailbox: String

  @Flag(help: ArgumentHelp(tr("Only messages not yet seen."))) var unread = false

  @Flag(help: ArgumentHelp(tr("Only flagged messages."))) var flagged = false

  @Option(
    help: ArgumentHelp(tr("date (newest first) or from (by sender, each one's newest first)."), valueName: "order"))
  var sort: ListOrder = .date

  @Option(
    help: NumberRange.limit.help(tr("At most this many messages."), valueName: "count"),
    transform: NumberRange.limit.parse)
  var limit: Int?

  @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: ListFormat = .ndjson

  @OptionGroup var trust: TrustOptions

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let entries = try MailboxReading.entries(of: mailbox, diagnostics: diagnostics)
      for entry in entries {
        for warning in entry.record.warnings { diagnostics.warning("\(entry.record.source ?? mailbox): \(warning)") }
      }
      let view = InboxView(unreadOnly: unread, flaggedOnly: flagged, order: sort.order, limit: limit)
      var signatures = ListedSignatures(mailbox: mailbox, reader: try trust.reader(diagnostics))
      let shown = try view.apply(entries).map { try signatures.adding(to: $0) }
      let sink = OutputSink.standardOutput
      switch format {
      case .ndjson:
        for entry in shown { try sink.emit(entry.record) }
      case .table:
        if !shown.isEmpty { try sink.write(Formatting.table([Self.headings] + shown.map(Self.row))) }
      }
      try sink.flush()
    }
  }

  // TRANSLATORS: the headings of "ail-mail list --format table", in capitals as `ps` writes them:
  // when the mail was sent, its flags (N new, F flagged, R replied, @ attachments), who sent it,
  // its subject.
  static var headings: [String] { [tr("DATE"), tr("FLAGS"), tr("FROM"), tr("SUBJECT")] }

  static func row(_ entry: InboxEntry) -> [String] {
    let record = entry.record
    let date =
      record.date.map { Formatted.dateTime($0.addingTimeInterval(Double(localOffset($0))), in: .current) } ?? ""
    let sender = record.from.map { $0.name ?? $0.address } ?? ""
    var marks = entry.flags.contains(.seen) ? "" : "N"
    for (flag, letter) in [(MailFlag.flagged, "F"), (.replied, "R"), (.trashed, "T"), (.draft, "D")]
    where entry.flags.contains(flag) {
      marks += letter
    }
    if entry.hasAttachments { marks += "@" }
    if let signature = record.signature { marks += signature.status == .valid ? "+" : "!" }
    return [date, marks, clipped(oneLine(sender), 24), oneLine(record.subject ?? "")]
  }

  private static func localOffset(_ date: Date) -> Int { TimeZone.current.secondsFromGMT(for: date) }

  /// Control characters out of a subject that would break the table.
  private static func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
  }

  /// At most `width` characters, the cut marked with an ellipsis.
  private static func clipped(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }
}

enum ListFormat: String, ExpressibleByArgument, CaseIterable { case ndjson, table }

enum ListOrder: String, ExpressibleByArgument, CaseIterable {
  case date, from

  var order: InboxOrder { self == .date ? .date : .from }
}
