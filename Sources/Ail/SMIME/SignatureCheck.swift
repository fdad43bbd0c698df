import Mail
public import Wire
@_spi(CMS) @_spi(FixedExpiryValidationTime) public import X509

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A signed message judged: how its signature stands, and the message as a reader should see it
/// (the signed part under the outer header, without smime.p7s; an opaque signature's content).
public struct CheckedMessage: Sendable {
  public var signature: MailSignature
  /// What the signature check found wrong, for a warning; nil when it is valid.
  public var problem: String?
  public var readable: [UInt8]
}

/// Checks S/MIME signatures (RFC 8551): multipart/signed and application/pkcs7-mime signed-data,
/// against a set of trusted root certificates.
public struct SignatureCheck: Sendable {
  public let trustRoots: [Certificate]

  public init(trustRoots: [Certificate]) { self.trustRoots = trustRoots }

  /// nil when the message is not signed (or signed in a form not read here: an enveloped one).
  public func check(_ message: [UInt8], now: Date = Date()) -> CheckedMessage? {
    guard let layout = SignedLayout(message) else { return nil }
    var checked = judge(layout, now: now)
    let from = MailMessage(layout.readable).record().from?.address.lowercased()
    checked.signature.matchesFrom = from.map { checked.signerAddresses.contains($0) } ?? false
    return CheckedMessage(signature: checked.signature, problem: checked.problem, readable: layout.readable)
  }

  private struct Judgement {
    var signature: MailSignature
    var problem: String?
    var signerAddresses: [String]
  }

  private func judge(_ layout: SignedLayout, now: Date) -> Judgement {
    let fields = try? SignedDataFields(ber: layout.signature)
    let carried = fields?.certificates ?? []
    func judgement(_ status: MailSignature.Status, _ signer: Certificate?, _ problem: String?) -> Judgement {
      let addresses = signer?.emailAddresses ?? []
      return Judgement(
        signature: MailSignature(
          status: status, signer: addresses.first, subject: signer.map { "\($0.subject)" }, matchesFrom: false),
        problem: problem, signerAddresses: addresses)
    }
    let result = Self.verify(layout.signedBytes, layout.signature, roots: trustRoots, at: now)
    switch result {
    case .success(let valid):
      return judgement(.valid, valid.signer, nil)
    case .failure(.invalidCMSBlock(let block)):
      // The certificate alone is no proof of who signed; named all the same when there is just one.
      return judgement(.invalid, carried.count == 1 ? carried.first : nil, block.reason)
    case .failure(.unableToValidateSigner(let failure)):
      let signer = failure.signer
      let failures = failure.policyFailures.map { "\($0.policyFailureReason)" }.joined(separator: "; ")
      let reasons = failures.isEmpty ? "no chain to a trusted root" : failures
      // Expired when the same chain held while the signer's certificate was in force.
      if signer.notValidAfter < now,
        case .success = Self.verify(
          layout.signedBytes, layout.signature, roots: trustRoots, at: signer.notValidAfter)
      {
        return judgement(.expired, signer, reasons)
      }
      return judgement(.untrusted, signer, reasons)
    }
  }

  private static func verify(_ data: [UInt8], _ signature: [UInt8], roots: [Certificate], at time: Date)
    -> CMS.SignatureVerificationResult
  {
    let store = CertificateStore(roots)
    let signature = SignerInfoRepair.repaired(signature)
    return Blocking.wait {
      await CMS.isValidSignature(
        dataBytes: data, signatureBytes: signature, trustRoots: store, allowAttachedContent: true
      ) {
        RFC5280Policy(fixedExpiryValidationTime: time)
      }
    }
  }
}
