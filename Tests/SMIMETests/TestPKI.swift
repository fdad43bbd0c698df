import Foundation
import TestSupport
import Testing

/// Certificates made at test time with the openssl command, the independent side of every test
/// here: a CA, a signer it issued (RSA, for anna@example.org), one with a P-256 key, a
/// self-signed one, and one that expired the second it was made.
struct TestPKI {
  let folder: String

  static let opensslPath = "/usr/bin/openssl"
  static var hasOpenSSL: Bool { FileManager.default.isExecutableFile(atPath: opensslPath) }

  init() throws {
    folder = try TemporaryFolder.made("smime-pki")
    try openssl(
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "30", "-subj",
      "/CN=Test CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    try issue("anna", key: ["-newkey", "rsa:2048"], days: "30")
    try issue("ec", key: ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], days: "30")
    try issue("old", key: ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], days: "0")
    try openssl(
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "self.key", "-out", "self.crt", "-days", "30",
      "-subj", "/CN=Self/emailAddress=self@example.org")
  }

  func path(_ name: String) -> String { folder + "/" + name }
  func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

  /// A certificate for `name@example.org` issued by the CA, valid for `days` (0: expired a
  /// second after it was made).
  private func issue(_ name: String, key: [String], days: String) throws {
    try openssl(
      ["req"] + key + [
        "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr", "-subj",
        "/CN=\(name.capitalized)/emailAddress=\(name)@example.org",
      ])
    try Data(
      """
      subjectAltName=email:\(name)@example.org
      keyUsage=critical,digitalSignature
      extendedKeyUsage=emailProtection
      basicConstraints=CA:FALSE

      """.utf8
    ).write(to: URL(fileURLWithPath: path("\(name).ext")))
    try openssl(
      "x509", "-req", "-in", "\(name).csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-set_serial",
      String(Int.random(in: 1000...999_999)), "-out", "\(name).crt", "-days", days, "-extfile", "\(name).ext")
  }

  func openssl(_ arguments: String...) throws { try openssl(arguments) }

  /// Runs openssl in the folder; a failure fails the test with what it said.
  @discardableResult
  func openssl(_ arguments: [String], allowFailure: Bool = false) throws -> (status: Int32, output: Data) {
    let ran = try FolderProcess.run(Self.opensslPath, arguments, in: folder)
    if !allowFailure {
      #expect(ran.status == 0, "openssl \(arguments.joined(separator: " ")): \(ran.errors)")
    }
    return (ran.status, ran.output)
  }

}

extension Trait where Self == ConditionTrait {
  static var needsOpenSSL: Self {
    .enabled(if: TestPKI.hasOpenSSL, "openssl is not installed (apt-get install openssl)")
  }
}
