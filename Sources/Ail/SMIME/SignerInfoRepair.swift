import SwiftASN1

/// OpenSSL's signatures written the way swift-certificates' CMS verifier reads them. Both forms
/// are right, but swift-certificates 1.21 accepts only one:
/// * a SHA-2 digest AlgorithmIdentifier with NULL parameters (OpenSSL) rather than none (RFC 5754
///   §2 says a reader MUST take both) fails as "Digest and signature algorithm mismatch";
/// * the signature algorithm `rsaEncryption` (what OpenSSL and most mail clients write, RFC 3370
///   §3.2) rather than `sha256WithRSAEncryption` fails as an unsupported algorithm.
/// Neither field is covered by the signature (that covers the signed attributes, or the content),
/// so rewriting them changes nothing a signature proves. Everything else is copied as it is;
/// indefinite lengths become definite, which a BER reader takes the same.
enum SignerInfoRepair {
  static func repaired(_ ber: [UInt8]) -> [UInt8] {
    guard let root = try? BER.parse(ber), var tree = Tree(root),
      case .constructed(let header, var contentInfo) = tree, contentInfo.count == 2,
      case .constructed(let explicitHeader, var explicit) = contentInfo[1], !explicit.isEmpty,
      case .constructed(let signedHeader, var signedData) = explicit[0], signedData.count >= 4
    else { return ber }
    signedData[1] = signedData[1].mappingChildren(Self.digestWithoutNull)
    let last = signedData.count - 1
    signedData[last] = signedData[last].mappingChildren(Self.repairedSignerInfo)
    explicit[0] = .constructed(signedHeader, signedData)
    contentInfo[1] = .constructed(explicitHeader, explicit)
    tree = .constructed(header, contentInfo)
    return tree.encoded
  }

  /// SignerInfo { version, sid, digestAlgorithm, [0] signedAttrs OPTIONAL, signatureAlgorithm, … }.
  private static func repairedSignerInfo(_ signerInfo: Tree) -> Tree {
    guard case .constructed(let header, var fields) = signerInfo, fields.count >= 5 else { return signerInfo }
    fields[2] = digestWithoutNull(fields[2])
    let signatureIndex = fields[3].identifierBytes == [0xA0] ? 4 : 3
    guard let digest = digestName(fields[2]), fields[signatureIndex].algorithm == rsaEncryption,
      let rsa = rsaWithDigest[digest]
    else {
      return .constructed(header, fields)
    }
    fields[signatureIndex] = .constructed([0x30], [oid(rsa), .primitive([0x05], [])])
    return .constructed(header, fields)
  }

  private static func digestWithoutNull(_ algorithm: Tree) -> Tree {
    guard digestName(algorithm) != nil, case .constructed(let header, let fields) = algorithm, fields.count == 2,
      fields[1].identifierBytes == [0x05]
    else { return algorithm }
    return .constructed(header, [fields[0]])
  }

  private static func digestName(_ algorithm: Tree) -> String? {
    guard let identifier = algorithm.algorithm else { return nil }
    return shaDigests[identifier]
  }

  private static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
  private static let shaDigests: [ASN1ObjectIdentifier: String] = [
    [2, 16, 840, 1, 101, 3, 4, 2, 1]: "sha256", [2, 16, 840, 1, 101, 3, 4, 2, 2]: "sha384",
    [2, 16, 840, 1, 101, 3, 4, 2, 3]: "sha512",
  ]
  private static let rsaWithDigest: [String: ASN1ObjectIdentifier] = [
    "sha256": [1, 2, 840, 113_549, 1, 1, 11], "sha384": [1, 2, 840, 113_549, 1, 1, 12],
    "sha512": [1, 2, 840, 113_549, 1, 1, 13],
  ]

  private static func oid(_ identifier: ASN1ObjectIdentifier) -> Tree {
    var serializer = DER.Serializer()
    try? serializer.serialize(identifier)
    return Tree(try! BER.parse(serializer.serializedBytes))!
  }

  /// An ASN.1 value with its identifier octets as they were, to be written back with definite
  /// lengths.
  indirect enum Tree {
    case primitive([UInt8], ArraySlice<UInt8>)
    case constructed([UInt8], [Tree])

    init?(_ node: ASN1Node) {
      let bytes = node.encodedBytes
      guard let first = bytes.first else { return nil }
      var length = 1
      if first & 0x1F == 0x1F {
        while bytes.count > length, bytes[bytes.startIndex + length] & 0x80 != 0 { length += 1 }
        length += 1
      }
      let identifier = Array(bytes.prefix(length))
      switch node.content {
      case .primitive(let content): self = .primitive(identifier, content)
      case .constructed(let nodes):
        var children: [Tree] = []
        for child in nodes {
          guard let tree = Tree(child) else { return nil }
          children.append(tree)
        }
        self = .constructed(identifier, children)
      }
    }

    var identifierBytes: [UInt8] {
      switch self {
      case .primitive(let identifier, _), .constructed(let identifier, _): identifier
      }
    }

    /// The OID of an AlgorithmIdentifier.
    var algorithm: ASN1ObjectIdentifier? {
      guard case .constructed([0x30], let fields) = self, case .primitive([0x06], _)? = fields.first else {
        return nil
      }
      return try? ASN1ObjectIdentifier(derEncoded: fields[0].encoded)
    }

    func mappingChildren(_ transform: (Tree) -> Tree) -> Tree {
      guard case .constructed(let identifier, let children) = self else { return self }
      return .constructed(identifier, children.map(transform))
    }

    var encoded: [UInt8] {
      switch self {
      case .primitive(let identifier, let content): return identifier + Self.length(content.count) + content
      case .constructed(let identifier, let children):
        let content = children.flatMap(\.encoded)
        return identifier + Self.length(content.count) + content
      }
    }

    private static func length(_ count: Int) -> [UInt8] {
      guard count >= 0x80 else { return [UInt8(count)] }
      var bytes: [UInt8] = []
      var rest = count
      while rest > 0 {
        bytes.insert(UInt8(rest & 0xFF), at: 0)
        rest >>= 8
      }
      return [0x80 | UInt8(bytes.count)] + bytes
    }
  }
}
