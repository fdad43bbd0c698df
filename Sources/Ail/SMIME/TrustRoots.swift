import SwiftASN1
public import X509

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The certificates a signature's chain may end in: the system's CA bundle plus the files a person
/// names (`--ca`, `ca =`), each a PEM file of one or more certificates.
public enum TrustRoots {
  /// Debian's bundle, which update-ca-certificates writes.
  public static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

  /// The system's roots (none when the bundle is missing) and every certificate in `files`.
  public static func load(files: [String], system: String? = systemBundle) throws(TrustRootsError) -> [Certificate] {
    var roots: [Certificate] = []
    if let system, let text = try? String(contentsOfFile: system, encoding: .utf8) {
      // One unreadable entry must not cost the rest of the system's roots.
      for block in PEMBundle.blocks(in: text, label: "CERTIFICATE") {
        if let certificate = try? Certificate(pemEncoded: block) { roots.append(certificate) }
      }
    }
    for file in files {
      let text: String
      do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
        throw TrustRootsError(file: file, reason: .unreadable)
      }
      let certificates: [Certificate]
      do { certificates = try PEMBundle.certificates(in: text) } catch {
        throw TrustRootsError(file: file, reason: .notCertificates(error.description))
      }
      guard !certificates.isEmpty else { throw TrustRootsError(file: file, reason: .notCertificates(nil)) }
      roots += certificates
    }
    return roots
  }
}

extension TrustRoots {
  /// Every certificate in PEM text, as a --ca file is read.
  public static func certificates(inPEM text: String) throws(SMIMEError) -> [Certificate] {
    try PEMBundle.certificates(in: text)
  }
}

/// A --ca file that gives no certificates.
public struct TrustRootsError: Error, Equatable, Sendable {
  public enum Reason: Equatable, Sendable {
    case unreadable
    case notCertificates(String?)
  }

  public var file: String
  public var reason: Reason
}
