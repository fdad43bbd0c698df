import ArgumentParser
import Localization
import Mail
import SMIME
import ToolKit
import Wire

/// `--ca FILE`: what show, parse and list trust besides the system's CA certificates, and the
/// signature check they share.
struct TrustOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      tr("Certificates (PEM) to trust as roots for S/MIME signatures, besides the system's (repeatable)."),
      valueName: "file"),
    completion: .file())
  var ca: [String] = []

  /// A checker that loads the roots when the first signed message comes.
  func reader(_ diagnostics: Diagnostics) throws -> SignatureReader {
    let configuration = Configuration(tool: "ail-mail", file: try ConfigFile.load(app: "ailo"))
    let configured = configuration.resolve(variable: nil, key: "ca").map { configuration.expandingTilde($0.value) }
    return SignatureReader(files: ca + (configured.map { [$0] } ?? []), diagnostics: diagnostics)
  }

  static let files = [
    ("$XDG_CONFIG_HOME/ailo/config", tr("ca = a PEM file of roots to trust, in the [ail-mail] section."))
  ]
}

/// Checks signatures with the roots loaded once, on first need.
final class SignatureReader {
  private let files: [String]
  private let diagnostics: Diagnostics
  private var check: SignatureCheck?

  init(files: [String], diagnostics: Diagnostics) {
    self.files = files
    self.diagnostics = diagnostics
  }

  /// The message as a reader sees it and its signature; the message itself when it is not signed.
  func read(_ bytes: [UInt8], source: String) throws -> (bytes: [UInt8], signature: MailSignature?) {
    guard SignedMessageSniff.looksSigned(bytes) else { return (bytes, nil) }
    if check == nil {
      do { check = SignatureCheck(trustRoots: try TrustRoots.load(files: files)) } catch {
        switch error.reason {
        case .unreadable: throw ToolError(.noInput, tr("\(error.file): cannot read the CA certificates"))
        case .notCertificates(let reason):
          throw ToolError(.dataError, tr("\(error.file): no certificates in PEM form (\(reason ?? "-"))"))
        }
      }
    }
    guard let checked = check?.check(bytes) else { return (bytes, nil) }
    if let problem = checked.problem {
      let status = checked.signature.status.rawValue
      diagnostics.debug(tr("\(source): signature \(status): \(problem)"))
    }
    return (checked.readable, checked.signature)
  }

  /// A `mail` record of the message as a reader sees it, with its signature.
  func record(_ bytes: [UInt8], source: String?) throws -> MailRecord {
    let (readable, signature) = try read(bytes, source: source ?? "-")
    var record = MailMessage(readable).record(source: source)
    record.signature = signature
    return record
  }
}

/// A person's words for a signature, for `show`.
enum SignatureWords {
  static func line(_ signature: MailSignature) -> String {
    let who = signature.signer ?? signature.subject ?? tr("an unknown signer")
    var line: String
    switch signature.status {
    case .valid: line = tr("Signature: valid, signed by \(who)")
    case .invalid: line = tr("Signature: INVALID, the message was changed or the signature is damaged (\(who))")
    case .untrusted:
      line = tr("Signature: untrusted, signed by \(who), whose certificate no trusted authority vouches for")
    case .expired: line = tr("Signature: expired, signed by \(who), whose certificate is no longer in force")
    }
    if signature.status != .invalid, !signature.matchesFrom { line += tr(" (not the From address)") }
    return TerminalText.line(line) + "\n"
  }
}
