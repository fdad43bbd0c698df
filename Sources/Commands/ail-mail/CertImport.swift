import ArgumentParser
import Localization
import SMIME
import ToolKit

struct CertImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: tr("Keep the certificate and private key of a PKCS#12 file."),
    discussion: HelpText.discussion(
      tr(
        """
        Reads the file with "openssl pkcs12" (files from before OpenSSL 3 through its legacy \
        provider too), keeps the certificate, the chain that came with it and the private key, \
        and writes the kept certificate's "certificate" record. The password is the first line \
        of --password-file; without it the file's password is taken to be empty. A wrong \
        password keeps nothing.
        """),
      environment: CertFolder.environment, files: CertFolder.files,
      examples: [
        Example("ail-mail cert import anna.p12 --password-file ~/.p12-password", tr("Keep an identity.")),
        Example(
          "pass show mail/p12 | ail-mail cert import anna.p12 --password-file /dev/stdin",
          tr("The password from a password manager.")),
      ],
      exitStatuses: [
        (.success, nil), (.dataError, tr("The password is wrong, or the file is not a PKCS#12 file.")),
        (.noInput, tr("The file or the password file cannot be read.")),
        (.unavailable, tr("The openssl command is not installed.")),
        (.ioError, tr("The identity could not be written.")),
      ]))

  @Argument(help: ArgumentHelp(tr("The PKCS#12 file (.p12, .pfx)."), valueName: "file"), completion: .file())
  var file: String

  @Option(
    help: ArgumentHelp(tr("A file whose first line is the password."), valueName: "file"), completion: .file())
  var passwordFile: String?

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      // Unreadable inputs are told apart from a wrong password, which openssl reports alike.
      for path in [file] + (passwordFile.map { [$0] } ?? []) where path != "/dev/stdin" {
        _ = try InputFile.contents(of: path)
      }
      let contents: PKCS12File.Contents
      do throws(PKCS12File.Failure) { contents = try PKCS12File.read(file, passwordFile: passwordFile) } catch {
        switch error {
        case .wrongPassword: throw ToolError(.dataError, tr("\(file): wrong password; nothing kept"))
        case .unreadable(let reason):
          throw ToolError(.dataError, tr("\(file): not a PKCS#12 file openssl can read (\(reason)); nothing kept"))
        case .opensslMissing:
          throw ToolError(.unavailable, tr("reading PKCS#12 takes the openssl command (apt-get install openssl)"))
        }
      }
      let entry: IdentityStore.Entry
      do {
        entry = try IdentityStore(folder: CertFolder.path).add(
          certificatesPEM: contents.certificatesPEM, keyPEM: contents.keyPEM)
      } catch let error as SMIMEError {
        throw ToolError(.dataError, "\(file): \(error.description)")
      } catch {
        throw ToolError(.ioError, String(describing: error))
      }
      if !entry.hasKey { diagnostics.warning(tr("\(file): no private key in the file; the certificate cannot sign")) }
      let sink = OutputSink.standardOutput
      try sink.emit(entry.record)
      try sink.flush()
    }
  }
}
