import SwiftASN1
import X509

/// The few members of a CMS SignedData (RFC 5652 §5.1) that swift-certificates' CMS does not hand
/// out: the certificates it carries (to name the signer of a signature that does not verify) and
/// the encapsulated content of an opaque signature (the message inside). Read with SwiftASN1's
/// BER parser, which takes indefinite lengths and constructed octet strings as openssl writes them.
struct SignedDataFields {
  var certificates: [Certificate] = []
  var content: [UInt8]?

  /// ContentInfo { contentType, [0] EXPLICIT SignedData { version, digestAlgorithms,
  /// encapContentInfo { eContentType, [0] EXPLICIT eContent OCTET STRING OPTIONAL },
  /// [0] IMPLICIT certificates OPTIONAL, … } }.
  init(ber bytes: [UInt8]) throws {
    let contentInfo = try Self.children(of: try BER.parse(bytes))
    guard contentInfo.count == 2, let explicit = try Self.children(of: contentInfo[1]).first else {
      throw ASN1Error.invalidASN1Object(reason: "not a CMS ContentInfo")
    }
    let signedData = try Self.children(of: explicit)
    guard signedData.count >= 4 else { throw ASN1Error.invalidASN1Object(reason: "short SignedData") }
    let encapsulated = try Self.children(of: signedData[2])
    if encapsulated.count == 2, let octets = try Self.children(of: encapsulated[1]).first {
      content = Array(try ASN1OctetString(berEncoded: octets).bytes)
    }
    let certificateTag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
    if let set = signedData.dropFirst(3).first(where: { $0.identifier == certificateTag }) {
      // Other choices (attribute certificates, [1] and beyond) are not signers; skip what does not parse.
      certificates = try Self.children(of: set).compactMap { try? Certificate(derEncoded: Array($0.encodedBytes)) }
    }
  }

  private static func children(of node: ASN1Node) throws -> [ASN1Node] {
    guard case .constructed(let nodes) = node.content else {
      throw ASN1Error.invalidASN1Object(reason: "expected a constructed value")
    }
    return Array(nodes)
  }
}
