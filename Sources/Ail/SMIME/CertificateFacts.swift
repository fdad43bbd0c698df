import Crypto
import SwiftASN1
public import X509

extension Certificate {
  /// The SHA-256 of the DER certificate in lower-case hex: the identity's name in the store and in
  /// `cert list`, as `openssl x509 -fingerprint -sha256` prints it without colons.
  public var fingerprint: String {
    var serializer = DER.Serializer()
    let der = (try? serializer.serialize(self)).map { serializer.serializedBytes } ?? []
    return SHA256.hash(data: der).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// The addresses the certificate is for: its subject alternative names (rfc822Name), then the
  /// subject's emailAddress attributes that older certificates use; lower-cased, each once.
  public var emailAddresses: [String] {
    var found: [String] = []
    if let names = try? extensions.subjectAlternativeNames {
      for case .rfc822Name(let address) in names { found.append(address.lowercased()) }
    }
    for relative in subject {
      for attribute in relative where attribute.type == .RDNAttributeType.emailAddress {
        found.append(attribute.value.description.lowercased())
      }
    }
    var seen = Set<String>()
    return found.filter { seen.insert($0).inserted }
  }
}
