import Localization

/// What can go wrong reading identities and writing signatures, in words for the person.
public enum SMIMEError: Error, Equatable, CustomStringConvertible {
  case noCertificate
  case unreadableCertificate(String)
  case unreadableKey(String)
  case keyDoesNotMatch
  case unsupportedKey(String)
  case signingFailed(String)
  case notAMessage

  public var description: String {
    switch self {
    case .noCertificate: tr("no certificate in the file")
    case .unreadableCertificate(let reason): tr("unreadable certificate: \(reason)")
    case .unreadableKey(let reason): tr("unreadable private key: \(reason)")
    case .keyDoesNotMatch: tr("the private key does not belong to the certificate")
    case .unsupportedKey(let kind): tr("cannot sign S/MIME with a \(kind) key (RSA, P-256, P-384 and P-521 can)")
    case .signingFailed(let reason): tr("signing failed: \(reason)")
    case .notAMessage: tr("no message header to sign (no empty line after the header)")
    }
  }
}
