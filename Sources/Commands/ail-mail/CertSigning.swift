import ArgumentParser
import Localization
import Mail
import SMIME
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--sign` and `--sign-as`: what compose, reply and forward share to write multipart/signed.
struct SignOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      tr("Sign with S/MIME, with the kept identity of the From address (see \"ail-mail cert import\").")))
  var sign = false

  @Option(
    help: ArgumentHelp(
      tr("Sign with the identity of this address instead of the From address (implies --sign)."),
      valueName: "address"))
  var signAs: String?

  /// `message` signed when asked, else as it is; a missing identity is an error before anything
  /// is written.
  func apply(_ message: [UInt8], from sender: MailAddress?) throws -> [UInt8] {
    guard sign || signAs != nil else { return message }
    guard let address = signAs ?? sender?.address else {
      throw ToolError(.usage, tr("--sign needs a From address (--from, EMAIL or from =) or --sign-as"))
    }
    let store = IdentityStore(folder: CertFolder.path)
    let identity: SigningIdentity?
    do { identity = try store.signingIdentity(for: address) } catch {
      let reason = String(describing: error)
      throw ToolError(.configError, tr("\(address): the kept identity does not read: \(reason)"))
    }
    guard let identity else {
      throw ToolError(
        .configError,
        tr(
          "\(address): no identity to sign with (a certificate with its key, in force); import one with \"ail-mail cert import FILE.p12\"; nothing written"
        ))
    }
    do { return try SignedMessage.sign(message, with: identity, at: Date()) } catch {
      let reason = error.description
      throw ToolError(.configError, tr("\(address): cannot sign: \(reason)"))
    }
  }

  static let environment = [("XDG_DATA_HOME", tr("Holds ailo/certs/, the identities --sign uses."))]
}
