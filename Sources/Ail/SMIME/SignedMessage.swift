import Mail

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A message made multipart/signed (RFC 8551 §3.5.3): the header fields that describe the content
/// move into the signed part with the body, the others stay on the outside; the signature covers
/// the signed part in its canonical form (CRLF line breaks), and goes beside it as smime.p7s.
public enum SignedMessage {
  /// `message` (as ail-mail writes it: LF line breaks, 7-bit or encoded bodies) signed by
  /// `identity` at `time`.
  public static func sign(_ message: [UInt8], with identity: SigningIdentity, at time: Date) throws(SMIMEError)
    -> [UInt8]
  {
    guard let entity = RawEntity(message[...]) else { throw SMIMEError.notAMessage }
    let outer = entity.fields.filter { !RawEntity.isContentField($0) && !RawEntity.field($0, isNamed: "MIME-Version") }
    var inner = Array(entity.fields.filter(RawEntity.isContentField).joined()) + [.newline] + Array(entity.body)
    if inner.last != .newline { inner.append(.newline) }
    let (_, micalg) = try identity.algorithm
    let signature = try identity.signature(over: Canonical.crlf(inner), at: time)
    let boundary = Self.boundary(avoiding: inner)

    var out = Array(outer.joined())
    out += Array(
      """
      MIME-Version: 1.0
      Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=\(micalg);
       boundary="\(boundary)"

      This is an S/MIME signed message.

      --\(boundary)

      """.utf8)
    out += inner
    out += Array(
      """

      --\(boundary)
      Content-Type: application/pkcs7-signature; name="smime.p7s"
      Content-Transfer-Encoding: base64
      Content-Disposition: attachment; filename="smime.p7s"
      Content-Description: S/MIME Cryptographic Signature

      \(Self.lines(TransferEncoding.base64Encode(signature)))
      --\(boundary)--

      """.utf8)
    return out
  }

  /// Base64 in lines of 76 characters (RFC 2045 §6.8).
  private static func lines(_ base64: String) -> String {
    var lines: [Substring] = []
    var rest = Substring(base64)
    while !rest.isEmpty {
      lines.append(rest.prefix(76))
      rest = rest.dropFirst(76)
    }
    return lines.joined(separator: "\n")
  }

  /// A boundary the signed part does not contain.
  private static func boundary(avoiding part: [UInt8]) -> String {
    while true {
      let candidate = "=_ail-mail-signed_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
      if !part.contains(Array(candidate.utf8)) { return candidate }
    }
  }
}
