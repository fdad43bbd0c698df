import Mail
import Testing

@Suite struct TransferEncodingTests {
  func qp(_ text: String) -> String {
    String(decoding: TransferEncoding.quotedPrintable(Array(text.utf8)), as: UTF8.self)
  }

  @Test func quotedPrintableSoftBreaksJoinLines() {
    #expect(qp("weiterge=\nf=C3=BChrt") == "weitergeführt")
    #expect(qp("crlf=\r\nsoft") == "crlfsoft")
    // Blanks after the soft-break "=" are transport padding.
    #expect(qp("pad=  \nded") == "padded")
  }

  @Test func quotedPrintableEscapes() {
    #expect(qp("=3D =c3=a4 =C3=A4") == "= ä ä")
    // Not escapes: stay as written.
    #expect(qp("100% = =G1 =4") == "100% = =G1 =4")
    // Trailing blanks are dropped, hard breaks kept as they came.
    #expect(qp("a  \nb\t\r\nc") == "a\nb\r\nc")
    #expect(qp("end=20") == "end ")
  }

  @Test func quotedPrintableEncodingDecodesBackAndKeepsLinesShort() {
    let text = "Grüße = 100 %\n" + String(repeating: "long line ", count: 30) + "\nFrom here\n.\ntrailing \n"
    let encoded = TransferEncoding.quotedPrintableEncode(text)
    for line in encoded.split(separator: "\n") { #expect(line.utf8.count <= 76) }
    #expect(encoded.contains("Gr=C3=BC=C3=9Fe =3D 100 %"))
    #expect(!encoded.contains("\nFrom "))
    #expect(encoded.contains("trailing=20"))
    #expect(qp(encoded) == text)
  }

  @Test func base64IsLenient() {
    func b64(_ text: String) -> (String, String?) {
      let decoded = TransferEncoding.base64(Array(text.utf8))
      return (String(decoding: decoded.bytes, as: UTF8.self), decoded.warning)
    }
    #expect(b64("SGVs\nbG8g\r\nd29y bGQ=") == ("Hello world", nil))
    #expect(b64("SGVsbG8gd29ybGQ") == ("Hello world", nil))  // no padding
    let (text, warning) = b64("SGVs*bG8!")
    #expect(text == "Hello")
    #expect(warning == "base64 with 2 invalid characters skipped")
    #expect(b64("SGVsbG8=trailing garbage").0 == "Hello")
    #expect(b64("SGVsbA5").0.hasPrefix("Hell"))
    #expect(b64("QUJDR").1 == "base64 cut short: a stray last character dropped")
    #expect(TransferEncoding.base64Encode(Array("Hello world".utf8)) == "SGVsbG8gd29ybGQ=")
  }
}
