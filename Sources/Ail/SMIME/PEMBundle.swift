import SwiftASN1
import X509

/// Certificates in PEM text: a CA bundle, an identity's file, what `openssl pkcs12` prints.
enum PEMBundle {
  /// Every `CERTIFICATE` block in order; other blocks (keys, parameters) and text around them are
  /// passed over, as openssl's bag attributes are.
  static func certificates(in text: String) throws(SMIMEError) -> [Certificate] {
    var certificates: [Certificate] = []
    for block in blocks(in: text, label: "CERTIFICATE") {
      do { certificates.append(try Certificate(pemEncoded: block)) } catch {
        throw SMIMEError.unreadableCertificate("\(error)")
      }
    }
    return certificates
  }

  /// The first block labelled one of `labels`, whole, with its BEGIN and END lines.
  static func firstBlock(in text: String, labels: [String]) -> String? {
    for label in labels { if let block = blocks(in: text, label: label).first { return block } }
    return nil
  }

  static func blocks(in text: String, label: String) -> [String] {
    let begin = "-----BEGIN \(label)-----"
    let end = "-----END \(label)-----"
    var result: [String] = []
    var current: [Substring]?
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let trimmed = line.trimmingSuffix(while: \.isWhitespace)
      if trimmed == begin {
        current = [trimmed]
      } else if current != nil {
        current?.append(trimmed)
        if trimmed == end {
          result.append(current!.joined(separator: "\n") + "\n")
          current = nil
        }
      }
    }
    return result
  }
}

extension Substring {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
