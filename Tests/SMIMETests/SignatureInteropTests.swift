import Foundation
import Mail
import SMIME
import Testing
import Wire
import X509

/// Signatures both ways with the openssl command as the independent judge: what SignedMessage
/// writes verifies with `openssl smime -verify`, and what `openssl smime -sign` writes is judged
/// as openssl would judge it.
@Suite(.needsOpenSSL) struct SignatureInteropTests {
  let pki: TestPKI
  let roots: [Certificate]

  init() throws {
    pki = try TestPKI()
    roots = try TrustRoots.load(files: [pki.path("ca.crt")], system: nil)
  }

  func identity(_ name: String) throws -> SigningIdentity {
    try SigningIdentity(certificatesPEM: try pki.text("\(name).crt"), keyPEM: try pki.text("\(name).key"))
  }

  /// A message as compose writes it: non-ASCII text (quoted-printable), a binary attachment.
  func composed(from sender: String) -> [UInt8] {
    let message = OutgoingMessage(
      from: MailAddress(name: "Anna Müller", address: sender), to: [MailAddress(address: "ben@example.org")],
      subject: "Grüße", date: Date(timeIntervalSince1970: 1_700_000_000), messageID: "1@example.org")
    return message.bytes(
      text: "Schöne Grüße,\nFrom the lake.\n",
      attachments: [OutgoingAttachment(file: "blob.bin", content: (0..<600).map { UInt8($0 % 256) })])
  }

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = pki.path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: ["anna", "ec"]) func aSignedMessageVerifiesWithOpenSSL(signer: String) throws {
    let signed = try SignedMessage.sign(
      composed(from: "\(signer)@example.org"), with: try identity(signer), at: Date())
    let path = try write(signed, "signed.eml")
    let verified = try pki.openssl(
      ["smime", "-verify", "-in", path, "-CAfile", pki.path("ca.crt"), "-out", pki.path("content")])
    #expect(verified.status == 0)
    // What openssl took as signed is the compose's text part and attachment, CRLF.
    let content = try String(contentsOfFile: pki.path("content"), encoding: .utf8)
    #expect(content.hasPrefix("Content-Type: multipart/mixed;"))
    #expect(content.contains("Sch=C3=B6ne Gr=C3=BC=C3=9Fe,\r\n"))
    #expect(content.contains("filename=blob.bin") || content.contains("filename=\"blob.bin\""))
    let text = String(decoding: signed, as: UTF8.self)
    #expect(text.contains("protocol=\"application/pkcs7-signature\"; micalg=sha-256"))
    // And it is valid to the reader's own check, which shows the text and no smime.p7s.
    let checked = try #require(SignatureCheck(trustRoots: roots).check(signed))
    #expect(checked.signature.status == .valid)
    #expect(checked.signature.signer == "\(signer)@example.org")
    #expect(checked.signature.matchesFrom)
    let record = MailMessage(checked.readable).record()
    #expect(record.text == "Schöne Grüße,\nFrom the lake.\n")
    #expect(record.attachments?.map(\.filename) == ["blob.bin"])
    #expect(record.subject == "Grüße")
  }

  /// openssl signs `body` as anna (or `signer`), detached or opaque.
  func opensslSigned(_ body: String, signer: String = "anna", opaque: Bool = false) throws -> [UInt8] {
    let input = try write(Array(body.utf8), "in.txt")
    var arguments = [
      "smime", "-sign", "-in", input, "-signer", pki.path("\(signer).crt"), "-inkey", pki.path("\(signer).key"),
      "-from", "\(signer)@example.org", "-to", "ben@example.org", "-subject", "Hello", "-md", "sha256",
      "-out", pki.path("out.eml"),
    ]
    if opaque { arguments.append("-nodetach") }
    try pki.openssl(arguments)
    return Array(try Data(contentsOf: URL(fileURLWithPath: pki.path("out.eml"))))
  }

  let body = "Content-Type: text/plain; charset=utf-8\n\nHello Ben,\nsee you at nine.\n"

  @Test func aDetachedOpenSSLSignatureIsValid() throws {
    let checked = try #require(SignatureCheck(trustRoots: roots).check(try opensslSigned(body)))
    #expect(checked.signature.status == .valid)
    #expect(checked.signature.signer == "anna@example.org")
    #expect(checked.signature.subject?.contains("CN=Anna") == true)
    #expect(checked.signature.matchesFrom)
    #expect(MailMessage(checked.readable).record().text == "Hello Ben,\nsee you at nine.\n")
  }

  @Test func anOpaqueOpenSSLSignatureIsValidAndItsTextReadable() throws {
    let signed = try opensslSigned(body, opaque: true)
    #expect(String(decoding: signed, as: UTF8.self).contains("application/x-pkcs7-mime; smime-type=signed-data"))
    let checked = try #require(SignatureCheck(trustRoots: roots).check(signed))
    #expect(checked.signature.status == .valid)
    #expect(MailMessage(checked.readable).record().text == "Hello Ben,\nsee you at nine.\n")
    #expect(MailMessage(checked.readable).record().from?.address == "anna@example.org")
  }

  @Test func aChangedBodyIsInvalid() throws {
    let signed = String(decoding: try opensslSigned(body), as: UTF8.self)
    let changed = signed.replacingOccurrences(of: "at nine", with: "at ten")
    #expect(changed != signed)
    let checked = try #require(SignatureCheck(trustRoots: roots).check(Array(changed.utf8)))
    #expect(checked.signature.status == .invalid)
    #expect(checked.problem != nil)
  }

  @Test func aSelfSignedSignerIsUntrusted() throws {
    let checked = try #require(SignatureCheck(trustRoots: roots).check(try opensslSigned(body, signer: "self")))
    #expect(checked.signature.status == .untrusted)
    #expect(checked.signature.signer == "self@example.org")
    // The From line names self@, so it matches; what is missing is trust.
    #expect(checked.signature.matchesFrom)
  }

  @Test func aSignerWhoseCertificateRanOutIsExpired() throws {
    let signed = try opensslSigned(body, signer: "old")
    // The certificate is valid for the second it was made in; wait until that has passed.
    let notAfter = try identity("old").certificate.notValidAfter
    // Validity is compared in whole seconds: wait until the next second has begun.
    while Date() <= notAfter.addingTimeInterval(1) { Thread.sleep(forTimeInterval: 0.2) }
    let checked = try #require(SignatureCheck(trustRoots: roots).check(signed))
    #expect(checked.signature.status == .expired)
    #expect(checked.signature.signer == "old@example.org")
  }

  @Test func aCorruptSignatureIsInvalid() throws {
    var signed = String(decoding: try opensslSigned(body), as: UTF8.self)
    // Damage the base64 of smime.p7s in its middle.
    let marker = try #require(signed.range(of: "filename=\"smime.p7s\"\n\n"))
    let start = signed.index(marker.upperBound, offsetBy: 200)
    signed.replaceSubrange(start..<signed.index(start, offsetBy: 8), with: "AAAAAAAA")
    let checked = try #require(SignatureCheck(trustRoots: roots).check(Array(signed.utf8)))
    #expect(checked.signature.status == .invalid)
  }

  @Test func anUnsignedMessageHasNoSignature() {
    #expect(SignatureCheck(trustRoots: roots).check(Array("From: a@b\n\nhello\n".utf8)) == nil)
  }
}
