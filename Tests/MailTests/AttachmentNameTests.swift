import Mail
import Testing

@Suite struct AttachmentNameTests {
  @Test(arguments: [
    ("report.pdf", "report.pdf"),
    ("../../etc/passwd", "_.._etc_passwd"),
    ("/etc/passwd", "_etc_passwd"),
    ("..", "part-3.pdf"),
    ("...", "part-3.pdf"),
    (".bashrc", "bashrc"),
    ("  .hidden.txt ", "hidden.txt"),
    ("a\\b.txt", "a_b.txt"),
    ("line\nbreak\r.txt", "linebreak.txt"),
    ("bell\u{7}\u{1B}[31m.txt", "bell[31m.txt"),
    ("invoice\u{202E}fdp.exe", "invoicefdp.exe"),
    ("name.", "name"),
    ("Grüße an Zoë.pdf", "Grüße an Zoë.pdf"),
  ])
  func namesFromTheSenderStayInsideTheFolder(name: String, expected: String) {
    let safe = AttachmentName.safe(name, number: 3, mime: "application/pdf")
    #expect(safe == expected)
    #expect(!safe.contains("/") && !safe.hasPrefix(".") && safe != "..")
  }

  @Test func missingAndOverlongNames() {
    #expect(AttachmentName.safe(nil, number: 2, mime: "image/png") == "part-2.png")
    #expect(AttachmentName.safe("", number: 1, mime: "application/x-unknown") == "part-1")
    let long = String(repeating: "ä", count: 300) + ".pdf"
    let safe = AttachmentName.safe(long, number: 1, mime: "application/pdf")
    #expect(safe.utf8.count <= 240)
    #expect(safe.hasSuffix("ä.pdf"))
  }

  /// What every name from a sender must become, whatever it was.
  func expectSafe(_ safe: String?, from name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let safe else {
      Issue.record("shortening \(name.utf8.count) bytes did not finish", sourceLocation: sourceLocation)
      return
    }
    #expect(!safe.isEmpty, sourceLocation: sourceLocation)
    #expect(safe.utf8.count <= AttachmentName.maximumBytes, sourceLocation: sourceLocation)
    #expect(safe.utf8.first != UInt8(ascii: "."), "hidden: \(safe.debugDescription)", sourceLocation: sourceLocation)
    #expect(!safe.utf8.contains(UInt8(ascii: "/")) && !safe.utf8.contains(0), sourceLocation: sourceLocation)
    #expect(AttachmentName.numbered(safe, 9999).utf8.count <= 255, sourceLocation: sourceLocation)
  }

  @Test(.timeLimit(.minutes(1)))
  func aNameWhoseExtensionIsLongerThanTheBudgetIsShortenedInsteadOfLoopingForever() {
    // "x.a" and 300 combining accents: an "extension" of two characters and 602 bytes.
    let name = "x.a" + String(repeating: "\u{301}", count: 300)
    let safe = finished(within: 10) { AttachmentName.safe(name, number: 1, mime: "application/pdf") }
    expectSafe(safe, from: name)
    #expect(safe?.unicodeScalars.starts(with: "x.a\u{301}".unicodeScalars) == true)
  }

  @Test func aStemThatIsOneHugeCharacterIsCutBetweenItsScalarsNotDroppedWhole() {
    let name = "a" + String(repeating: "\u{301}", count: 300) + ".pdf"
    let safe = AttachmentName.safe(name, number: 1, mime: "application/pdf")
    expectSafe(safe, from: name)
    #expect(safe.unicodeScalars.starts(with: "a\u{301}".unicodeScalars) && safe.hasSuffix(".pdf"))
    #expect(safe.utf8.count == AttachmentName.maximumBytes - 1, "cut at a whole accent of two bytes")
  }

  @Test(arguments: [
    (".\u{301}bashrc", "bashrc"),
    ("\u{301}\u{20DD}report.pdf", "report.pdf"),
    (". \u{301}.x", "x"),
    (String(repeating: "\u{301}", count: 500), "part-1.pdf"),
  ])
  func aDotOrAMarkLeadingTheNameGoesEvenWhenAMarkJoinsIt(name: String, expected: String) {
    let safe = AttachmentName.safe(name, number: 1, mime: "application/pdf")
    #expect(safe == expected)
    expectSafe(safe, from: name)
  }

  @Test func longNamesOfEveryShapeStayVisibleAndWithinTheBudget() {
    let names = [
      String(repeating: "日本語の名前", count: 12) + ".pdf",  // 72 characters, 216 bytes: not cut
      String(repeating: "ä", count: 300),
      "a." + String(repeating: "b", count: 300),
      String(repeating: "x", count: 239) + ".\u{301}" + String(repeating: "é", count: 9),
      "🌈" + String(repeating: "\u{FE0F}", count: 400) + ".png",  // one character of 1204 bytes
      String(repeating: "😀", count: 100) + ".tar.gz",
    ]
    for name in names {
      expectSafe(finished(within: 10) { AttachmentName.safe(name, number: 1, mime: "image/png") }, from: name)
    }
    let japanese = AttachmentName.safe(names[0], number: 1, mime: "application/pdf")
    #expect(japanese == names[0])
    #expect(AttachmentName.safe(names[5], number: 1, mime: "").hasSuffix("😀.gz"))
  }

  @Test func takenNamesGetANumberBeforeTheExtension() {
    #expect(AttachmentName.numbered("report.pdf", 0) == "report.pdf")
    #expect(AttachmentName.numbered("report.pdf", 2) == "report-2.pdf")
    #expect(AttachmentName.numbered("README", 1) == "README-1")
    #expect(AttachmentName.numbered("archive.tar.gz", 1) == "archive.tar-1.gz")
  }

  @Test func typesAreSniffedFromContentThenName() {
    #expect(MediaSniff.type(of: Array("%PDF-1.7\n".utf8), name: "x.txt") == "application/pdf")
    #expect(MediaSniff.type(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], name: "x") == "image/png")
    #expect(
      MediaSniff.type(of: Array("PK\u{3}\u{4}rest".utf8), name: "a.odt") == "application/vnd.oasis.opendocument.text")
    #expect(MediaSniff.type(of: Array("PK\u{3}\u{4}rest".utf8), name: "a") == "application/zip")
    #expect(MediaSniff.type(of: Array("# Minutes\n".utf8), name: "minutes.md") == "text/markdown")
    #expect(MediaSniff.type(of: Array("Grüße\n".utf8), name: "note") == "text/plain")
    #expect(MediaSniff.type(of: [0, 1, 2, 0xFF], name: "blob") == "application/octet-stream")
  }
}
