import Crypto
@_spi(CMS) public import X509
import _CryptoExtras

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A certificate with its private key: what signs a message.
public struct SigningIdentity: Sendable {
  public let certificate: Certificate
  public let privateKey: Certificate.PrivateKey
  /// Certificates between the signer and a root, carried in the signature so that a reader who
  /// trusts only the root can build the chain.
  public let intermediates: [Certificate]

  public init(certificate: Certificate, privateKey: Certificate.PrivateKey, intermediates: [Certificate] = []) {
    self.certificate = certificate
    self.privateKey = privateKey
    self.intermediates = intermediates
  }

  /// The identity in PEM files: the first certificate is the signer's, the others intermediates.
  public init(certificatesPEM: String, keyPEM: String) throws(SMIMEError) {
    let certificates = try PEMBundle.certificates(in: certificatesPEM)
    guard let signer = certificates.first else { throw SMIMEError.noCertificate }
    let key: Certificate.PrivateKey
    do { key = try Certificate.PrivateKey(pemEncoded: keyPEM) } catch { throw SMIMEError.unreadableKey("\(error)") }
    guard key.publicKey == signer.publicKey else { throw SMIMEError.keyDoesNotMatch }
    self.init(certificate: signer, privateKey: key, intermediates: Array(certificates.dropFirst()))
  }

  /// The signature algorithm and its digest's name for `micalg` (RFC 8551 §3.5.3.2): SHA-256
  /// for RSA and P-256, the curve's own size beyond; Ed25519 has no S/MIME micalg of its own here.
  var algorithm: (signature: Certificate.SignatureAlgorithm, micalg: String) {
    get throws(SMIMEError) {
      let key = privateKey.publicKey
      if _RSA.Signing.PublicKey(key) != nil { return (.sha256WithRSAEncryption, "sha-256") }
      if P256.Signing.PublicKey(key) != nil { return (.ecdsaWithSHA256, "sha-256") }
      if P384.Signing.PublicKey(key) != nil { return (.ecdsaWithSHA384, "sha-384") }
      if P521.Signing.PublicKey(key) != nil { return (.ecdsaWithSHA512, "sha-512") }
      throw SMIMEError.unsupportedKey(key.description)
    }
  }

  /// A detached CMS SignedData (DER) over `content` with the signed attributes S/MIME readers
  /// expect: content type, message digest and signing time.
  public func signature(over content: [UInt8], at time: Date) throws(SMIMEError) -> [UInt8] {
    let algorithm = try self.algorithm.signature
    do {
      return try CMS.sign(
        content, signatureAlgorithm: algorithm, additionalIntermediateCertificates: intermediates,
        certificate: certificate, privateKey: privateKey, signingTime: time, detached: true)
    } catch {
      throw SMIMEError.signingFailed("\(error)")
    }
  }
}
