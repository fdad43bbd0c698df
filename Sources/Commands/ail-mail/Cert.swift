import ArgumentParser
import Localization
import ToolKit

/// `ail-mail cert`: the identities that sign mail, kept in $XDG_DATA_HOME/ailo/certs/.
struct Cert: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cert", abstract: tr("Keep the S/MIME certificates that sign your mail: import, list, delete."),
    discussion: HelpText.discussion(
      tr(
        """
        An identity is a certificate with its private key, as a certificate authority hands it \
        out in a PKCS#12 file (.p12, .pfx). "cert import" keeps both in \
        $XDG_DATA_HOME/ailo/certs/ (every file 0600), named by the certificate's SHA-256 \
        fingerprint; "compose", "reply" and "forward" with --sign then sign with the identity \
        whose certificate is for the From address. Reading the PKCS#12 file takes the openssl \
        command.
        """),
      environment: CertFolder.environment, files: CertFolder.files,
      examples: [
        Example("ail-mail cert import anna.p12 --password-file ~/.p12-password", tr("Keep an identity.")),
        Example("ail-mail cert list --format table", tr("The kept certificates, for people.")),
        Example("ail-mail cert delete anna@example.org", tr("Forget the identities of an address.")),
      ],
      exitStatuses: [(.success, nil)]),
    subcommands: [CertImport.self, CertList.self, CertDelete.self])
}

/// Where identities are kept.
enum CertFolder {
  static let environment = [("XDG_DATA_HOME", tr("Holds ailo/certs/, the kept identities (default ~/.local/share)."))]
  static let files = [
    ("$XDG_DATA_HOME/ailo/certs/", tr("ID.pem, the certificate and its chain, and ID.key, its private key (0600)."))
  ]

  static var path: String { XDGDirectories().dataHome + "/ailo/certs" }
}
