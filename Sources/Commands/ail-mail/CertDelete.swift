import ArgumentParser
import Localization
import SMIME
import ToolKit

struct CertDelete: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: tr("Forget kept certificates and their keys."),
    discussion: HelpText.discussion(
      tr(
        """
        Removes the certificate an ID names (the fingerprint "cert list" shows, or its first 8 \
        characters or more when they name one), or every certificate for an address, with its \
        private key. Prints the ID of each one removed.
        """),
      environment: CertFolder.environment, files: CertFolder.files,
      examples: [
        Example("ail-mail cert delete anna@example.org", tr("Forget the identities of an address.")),
        Example("ail-mail cert delete 3f2a9c01", tr("Forget one certificate by its ID.")),
      ],
      exitStatuses: [
        (.success, nil), (.dataError, tr("An ID names more than one certificate; nothing was removed for it.")),
        (.noInput, tr("No kept certificate has that ID or address.")),
        (.ioError, tr("A file could not be removed.")),
      ]))

  @Argument(help: ArgumentHelp(tr("IDs or addresses."), valueName: "id-or-address")) var selectors: [String]

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let store = IdentityStore(folder: CertFolder.path)
      let sink = OutputSink.standardOutput
      var worst = ExitStatus.success
      for selector in selectors {
        let found = store.matching(selector)
        if found.isEmpty {
          diagnostics.error(tr("\(selector): no kept certificate has this ID or address"))
          if worst == .success { worst = .noInput }
          continue
        }
        if found.count > 1, !selector.contains("@") {
          diagnostics.error(tr("\(selector): names \(found.count) certificates; give more of the ID"))
          worst = .dataError
          continue
        }
        for entry in found {
          do { try store.delete(entry) } catch {
            let reason = String(describing: error)
            throw ToolError(.ioError, tr("cannot remove \(entry.id): \(reason)"))
          }
          try sink.write(entry.id + "\n")
        }
      }
      try sink.flush()
      if worst != .success { throw ExitCode(worst.rawValue) }
    }
  }
}
