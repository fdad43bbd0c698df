// libFuzzer entry point for the SMIME library: every input goes through
//   (a) the signature check as a whole message (multipart/signed, application/pkcs7-mime): the
//       signed part found by its boundary, the CMS blob parsed and verified by swift-certificates,
//       the certificates it carries read;
//   (b) the same check with the input as the CMS blob, once as an opaque signature and once as
//       the smime.p7s of a detached one, so that the BER reader sees raw input, not just MIME;
//   (c) the PEM reader, with the input as a --ca file's text.
// With no trust roots no signature can be valid: a `valid` verdict breaks an invariant, as does a
// signed message without a readable form. Run by `scripts/fuzz fuzz-smime` with
// -sanitize=fuzzer,address.
import FuzzCheck
import Mail
import SMIME

let checker = SignatureCheck(trustRoots: [])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = bytes(data, size)
  judge(input)

  let blob = TransferEncoding.base64Encode(input)
  judge(
    Array(
      "From: a@example.org\nContent-Type: application/pkcs7-mime; smime-type=signed-data\nContent-Transfer-Encoding: base64\n\n\(blob)\n"
        .utf8))
  judge(
    Array(
      """
      From: a@example.org
      Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary=b

      --b
      Content-Type: text/plain

      hello
      --b
      Content-Type: application/pkcs7-signature
      Content-Transfer-Encoding: base64

      \(blob)
      --b--

      """.utf8))

  _ = try? TrustRoots.certificates(inPEM: String(decoding: input, as: UTF8.self))
  return 0
}

func judge(_ message: [UInt8]) {
  guard let checked = checker.check(message) else { return }
  check(checked.signature.status != .valid, "a signature valid without any trusted root")
  check(!checked.readable.isEmpty || message.isEmpty, "a signed message with nothing to read")
  _ = MailMessage(checked.readable).record()
}
