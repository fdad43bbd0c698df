import ArgumentParser
import Localization
import SMIME
import ToolKit
import Wire

struct CertList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("List the kept certificates."),
    discussion: HelpText.discussion(
      tr(
        """
        Writes one "certificate" record per kept certificate: id (its SHA-256 fingerprint), \
        subject, email, not_after and has_key (whether it can sign). --format table writes a \
        table for people.
        """),
      environment: CertFolder.environment, files: CertFolder.files,
      examples: [
        Example("ail-mail cert list --format table", tr("The kept certificates, for people.")),
        Example(
          "ail-mail cert list | jq -r 'select(.has_key) | .email'", tr("The addresses you can sign for.")),
      ],
      exitStatuses: [(.success, nil)]))

  @Option(help: ArgumentHelp(tr("ndjson (records) or table."))) var format: ListFormat = .ndjson

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let (entries, unreadable) = IdentityStore(folder: CertFolder.path).entries()
      for path in unreadable { diagnostics.warning(tr("\(path): not a certificate, passed over")) }
      let sink = OutputSink.standardOutput
      switch format {
      case .ndjson:
        for entry in entries { try sink.emit(entry.record) }
      case .table:
        guard !entries.isEmpty else { break }
        // TRANSLATORS: the headings of "ail-mail cert list --format table", in capitals as `ps`
        // writes them: the fingerprint's start, the address, until when it is valid, whether it
        // can sign, the certificate's subject.
        let headings = [tr("ID"), tr("EMAIL"), tr("VALID UNTIL"), tr("SIGNS"), tr("OWNER")]
        let rows = entries.map { entry in
          let record = entry.record
          return [
            String(record.id.prefix(16)), record.email ?? "", Formatted.dateTime(record.notAfter),
            record.hasKey ? tr("yes") : tr("no"), record.subject,
          ]
        }
        try sink.write(Formatting.table([headings] + rows))
      }
      try sink.flush()
    }
  }
}
