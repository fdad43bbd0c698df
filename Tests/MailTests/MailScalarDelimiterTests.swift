import Foundation
import Testing
import Wire

@testable import Mail

/// A Prepend character (U+0600) before a delimiter, or a combining mark (U+0301) after it, joins
/// it into one `Character`; a mail reader reading code points still sees the delimiter.
@Suite struct MailScalarDelimiterTests {
  static let hiddenQuote = "\"\u{301} <boss@corp.example>\" <attacker@evil.example>"

  @Test func aCombiningMarkDoesNotHideTheQuoteOfADisplayName() {
    let addresses = AddressList.parse(Self.hiddenQuote)
    #expect(addresses.map(\.address) == ["attacker@evil.example"])
    #expect(addresses.first?.name?.unicodeScalars.elementsEqual("\u{301} <boss@corp.example>".unicodeScalars) == true)
  }

  @Test(.enabled(if: python3 != nil, "python3 is not on PATH (apt-get install python3)"))
  func theAddressIsTheOnePythonsEmailPackageReads() throws {
    let script = """
      import sys
      from email.utils import getaddresses
      print(getaddresses([sys.stdin.read()])[0][1])
      """
    let output = try runPython(try #require(python3), ["-c", script], stdin: Data(Self.hiddenQuote.utf8))
    #expect(output.trimmingCharacters(in: .newlines) == AddressList.parse(Self.hiddenQuote).first?.address)
  }
}

/// Content-Type parameters split as Python's email package splits them (by code points).
@Suite struct MediaTypeScalarDelimiterTests {
  @Test func aPrependCharacterDoesNotHideTheSemicolon() {
    let type = MediaType(parsing: "multipart/mixed\u{600}; boundary=x")
    #expect(type[parameter: "boundary"] == "x")
    #expect(type.mimeType.type == "multipart")
  }

  @Test func aCombiningMarkAfterTheSemicolonBelongsToTheNextName() {
    // Python: get_content_type() is multipart/mixed, get_param("boundary") is None.
    let type = MediaType(parsing: "multipart/mixed;\u{301} boundary=x")
    #expect(type.value == "multipart/mixed")
    #expect(type[parameter: "boundary"] == nil)
  }

  @Test func aCombiningMarkDoesNotHideAClosingQuote() {
    let type = MediaType(parsing: "text/plain; name=\"a\"\u{301}; charset=utf-8")
    #expect(type[parameter: "name"] == "a")
    #expect(type[parameter: "charset"] == "utf-8")
  }

  @Test(.enabled(if: python3 != nil, "python3 is not on PATH (apt-get install python3)"))
  func theBoundaryIsTheOnePythonsEmailPackageReads() throws {
    let script = """
      import sys
      from email.message import Message
      for line in sys.stdin.read().split("\\n"):
          message = Message()
          message["Content-Type"] = line
          print(message.get_content_type(), message.get_param("boundary"))
      """
    let headers = ["multipart/mixed;\u{301} boundary=x", "multipart/mixed\u{600}; boundary=x"]
    let output = try runPython(
      try #require(python3), ["-c", script], stdin: Data(headers.joined(separator: "\n").utf8))
    let ours = headers.map { header in
      let type = MediaType(parsing: header)
      let (major, minor) = type.mimeType
      return "\(major)/\(minor) \(type[parameter: "boundary"] ?? "None")"
    }
    #expect(output.split(separator: "\n").map(String.init) == ours)
  }
}

/// A plain-text body as it goes out: "\r\n" is one Character, yet two bytes to a mailbox.
@Suite struct PlainTextBodyScalarDelimiterTests {
  @Test func aFromLineAfterCRLFIsQuotedPrintable() {
    let (encoding, body) = PlainTextBody.encode("Hello\r\nFrom here on\r\n")
    #expect(encoding == "quoted-printable")
    #expect(!body.utf8.split(separator: UInt8(ascii: "\n")).contains { $0.starts(with: "From ".utf8) })
  }
}
