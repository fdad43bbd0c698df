import PrivateFiles
import SwiftASN1
public import X509

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where identities are kept: `ID.pem` (the certificate, then the chain that came with it) and,
/// when there is one, `ID.key` (its private key, PEM), every file 0600 in a 0700 folder; ID is the
/// certificate's SHA-256 fingerprint.
public struct IdentityStore: Sendable {
  public let folder: String

  public init(folder: String) { self.folder = folder }

  /// One kept certificate.
  public struct Entry: Sendable {
    public var certificate: Certificate
    public var hasKey: Bool
    public var id: String { certificate.fingerprint }

    public var record: CertificateRecord {
      CertificateRecord(
        id: id, subject: "\(certificate.subject)", email: certificate.emailAddresses.first,
        notAfter: certificate.notValidAfter, hasKey: hasKey)
    }
  }

  /// Keeps the identity: the key (when given) must belong to the first certificate, which names
  /// the files. Nothing is written when either does not read.
  @discardableResult
  public func add(certificatesPEM: String, keyPEM: String?) throws -> Entry {
    let certificates = try PEMBundle.certificates(in: certificatesPEM)
    guard let leaf = certificates.first else { throw SMIMEError.noCertificate }
    if let keyPEM { _ = try SigningIdentity(certificatesPEM: certificatesPEM, keyPEM: keyPEM) }
    try PrivateFolder.make(folder)
    let base = folder + "/" + leaf.fingerprint
    // The key first: a certificate listed as having no key must never have one half written.
    if let keyPEM { try PrivateFile.write(Data(keyPEM.utf8), to: base + ".key") }
    let chain = try certificates.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n"
    try PrivateFile.write(Data(chain.utf8), to: base + ".pem")
    return Entry(certificate: leaf, hasKey: keyPEM != nil)
  }

  /// Every kept certificate, by subject; files that do not read are passed over and reported.
  public func entries() -> (entries: [Entry], unreadable: [String]) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([], []) }
    var entries: [Entry] = []
    var unreadable: [String] = []
    for name in names.sorted() where name.hasSuffix(".pem") {
      let path = folder + "/" + name
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let leaf = (try? PEMBundle.certificates(in: text))?.first
      else {
        unreadable.append(path)
        continue
      }
      let keyPath = folder + "/" + name.dropLast(4) + ".key"
      entries.append(Entry(certificate: leaf, hasKey: FileManager.default.fileExists(atPath: keyPath)))
    }
    return (entries.sorted { ("\($0.certificate.subject)", $0.id) < ("\($1.certificate.subject)", $1.id) }, unreadable)
  }

  /// The entries `selector` names: an ID (a unique prefix of at least 8 characters will do) or
  /// an address.
  public func matching(_ selector: String) -> [Entry] {
    let wanted = selector.lowercased()
    let all = entries().entries
    if wanted.contains("@") { return all.filter { $0.certificate.emailAddresses.contains(wanted) } }
    guard wanted.count >= 8 else { return all.filter { $0.id == wanted } }
    return all.filter { $0.id.hasPrefix(wanted) }
  }

  /// Removes the entry's files.
  public func delete(_ entry: Entry) throws {
    let base = folder + "/" + entry.id
    try? FileManager.default.removeItem(atPath: base + ".key")
    try FileManager.default.removeItem(atPath: base + ".pem")
  }

  /// The identity that signs for `address`: one with a key, in force at `now`, the one that runs
  /// longest when there are several; nil when there is none.
  public func signingIdentity(for address: String, now: Date = Date()) throws -> SigningIdentity? {
    let candidates = matching(address).filter {
      $0.hasKey && $0.certificate.notValidBefore <= now && now <= $0.certificate.notValidAfter
    }
    guard let best = candidates.max(by: { $0.certificate.notValidAfter < $1.certificate.notValidAfter }) else {
      return nil
    }
    let base = folder + "/" + best.id
    return try SigningIdentity(
      certificatesPEM: try String(contentsOfFile: base + ".pem", encoding: .utf8),
      keyPEM: try String(contentsOfFile: base + ".key", encoding: .utf8))
  }
}
