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
