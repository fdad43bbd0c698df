import ContentHash
import Foundation
import Testing

@Suite struct HexDigestTests {
  // The test vectors of FIPS 180-2, appendix B.
  @Test func sha256IsLowerCaseHexOfTheDigest() {
    #expect(HexDigest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(HexDigest.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func theBufferTypeDoesNotMatter() {
    let text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(HexDigest.sha256(Data(text.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(HexDigest.sha256(Array(text.utf8)) == HexDigest.sha256(Data(text.utf8)))
  }
}
