import ArgumentParser
import Foundation
import Localization
import Mail
import NotesStore
import ToolKit
import Wire

extension AilLog {
  struct Mail: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mail",
      abstract: tr("An entry as an RFC 5322 message on standard output, for msmtp -t or sendmail -t."),
      discussion: HelpText.discussion(
        tr(
          """
          The title is the subject and the content the body (UTF-8, quoted-printable when needed). \
          The sender is --from, else $EMAIL, else from in the [ail-log] section of the config file; \
          without one there is no From line and the mailer fills it in.
          """),
        environment: [("EMAIL", tr("The sender, unless --from is given."))],
        examples: [
          Example("ail-log mail 3F2A --to anna@example.org | msmtp -t", tr("Send a note.")),
          Example(
            "ail-log mail 3F2A --to me@example.org --from 'Me <me@example.org>' > note.eml", tr("Keep it as a file.")),
        ],
        exitStatuses: [
          (.success, nil), (.failure, tr("No such entry.")), (.usage, tr("An address that does not parse.")),
          (.configError, tr("The configured sender does not parse.")),
        ]))

    @OptionGroup var log: LogOptions
    @Argument(help: ArgumentHelp(tr("The entry's id or a unique start of it."))) var id: String
    @Option(help: ArgumentHelp(tr("A recipient; repeat for more."), valueName: "address")) var to: [String] = []
    @Option(help: ArgumentHelp(tr("The sender: 'Name <address>'."), valueName: "address")) var from: String?

    func validate() throws {
      if to.isEmpty { throw ValidationError(tr("Give --to ADDRESS.")) }
    }

    func run() throws {
      try runTool(log.diagnostics) {
        var recipients: [MailAddress] = []
        for text in to {
          guard let parsed = HeaderValue.addresses(in: text) else {
            throw ToolError(.usage, tr("--to: not an address: \(text)"))
          }
          recipients += parsed
        }
        let sender = try Configuration(tool: "ail-log", file: try ConfigFile.load(app: "ailo")).resolve(
          flag: ("--from", from), variable: "EMAIL", key: "from", parse: SenderAddress.parse,
          refusal: SenderAddress.refusal(of:from:))
        let entry = try log.openForReading().entry(id)
        let now = LocalTime.now
        let domain = sender?.address.split(separator: "@").last.map(String.init) ?? "ail-log.invalid"
        let message = OutgoingMessage(
          from: sender, to: recipients, subject: entry.title, date: now,
          offsetSeconds: LocalTime.timeZone.secondsFromGMT(for: now), messageID: "\(UUID().uuidString)@\(domain)")
        let sink = OutputSink.standardOutput
        try message.bytes(text: entry.content).withUnsafeBytes { try sink.write($0) }
        try sink.flush()
      }
    }
  }
}
