import Mail
import Testing

@Suite struct EncodedWordTests {
  @Test(arguments: [
    // The handbook's examples.
    ("=?UTF-8?B?Q2Fmw6kgaW4gTcO8bmNoZW4=?=", "Café in München"),
    ("=?ISO-8859-1?Q?Caf=E9_in_M=FCnchen?=", "Café in München"),
    // A three-byte character split across two Q words, and across two B words.
    ("=?UTF-8?Q?Preis_=E2=82?= =?UTF-8?Q?=AC?=", "Preis €"),
    ("=?utf-8?b?4oI=?=\n =?utf-8?b?rA==?=", "€"),
    // Several words: the white space between them goes, folding included.
    ("=?UTF-8?Q?a?= =?UTF-8?Q?b?=\n\t=?UTF-8?Q?c?=", "abc"),
    // Mixed encoded and plain text: the spaces next to plain text stay.
    ("Re: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= aus =?ISO-8859-1?Q?K=F6ln?= !", "Re: Grüße aus Köln !"),
    // Different charsets next to each other are decoded each on its own.
    ("=?ISO-8859-1?Q?=E9?= =?UTF-8?Q?=C3=A9?=", "éé"),
    // Lower-case encoding letter and hex digits, a language tag (RFC 2231).
    ("=?utf-8*de?q?=c3=a4?=", "ä"),
    // Not encoded words: stay as written.
    ("=?UTF-8?X?abc?=", "=?UTF-8?X?abc?="),
    ("=?UTF-8?Q?with space?=", "=?UTF-8?Q?with space?="),
    ("a = b ?= c", "a = b ?= c"),
    ("=?UTF-8?B?", "=?UTF-8?B?"),
  ])
  func decodes(encoded: String, expected: String) {
    #expect(EncodedWords.decode(encoded) == expected)
  }

  @Test func anUnknownCharsetIsStillDecodedAndReported() {
    let (text, warnings) = EncodedWords.decodeReporting("=?x-unheard-of?Q?Caf=C3=A9?=")
    #expect(text == "Café")
    #expect(warnings == ["unknown charset x-unheard-of, read as UTF-8"])
  }

  @Test func encodingRoundTripsAndKeepsASCIIWordsReadable() {
    let subject =
      "Re: Grüße aus München — und ein sehr langer Betreff, der gefaltet werden muss, damit keine Zeile zu lang wird"
    let encoded = EncodedWords.encode(subject)
    #expect(encoded.hasPrefix("Re: =?UTF-8?B?"))
    #expect(encoded.contains(" aus "))
    for (index, line) in encoded.split(separator: "\n").enumerated() {
      #expect(line.count + (index == 0 ? "Subject: ".count : 0) <= 78, "line too long: \(line)")
    }
    // Unfolding (RFC 5322 §2.2.3) drops the line breaks, then the words decode.
    #expect(EncodedWords.decode(encoded.replacing("\n", with: "")) == subject)
    #expect(EncodedWords.encode("Plain ASCII subject") == "Plain ASCII subject")
    // Text that looks like an encoded word is encoded, so that it reads back as written.
    #expect(EncodedWords.decode(EncodedWords.encode("=?UTF-8?Q?x?=")) == "=?UTF-8?Q?x?=")
  }

  @Test func charactersAreNeverSplitAcrossEncodedWords() {
    let text = String(repeating: "€", count: 40)
    let encoded = EncodedWords.encode(text)
    for word in encoded.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      #expect(EncodedWords.decode(String(word)).allSatisfy { $0 == "€" })
    }
    #expect(EncodedWords.decode(encoded) == text)
  }
}

@Suite struct CharsetTests {
  @Test func labelsAreMatchedWithoutCaseOrPunctuation() {
    for label in ["ISO-8859-1", "iso_8859-1", "latin1", "ISO8859-1", "l1"] {
      let decoded = Charset.decode([0xE9], label: label)
      #expect(decoded.text == "é" && decoded.warning == nil, "\(label)")
    }
  }

  @Test func latin1LabelsReadWindowsCharactersAsBrowsersDo() {
    #expect(Charset.decode([0x80, 0x93, 0x94], label: "iso-8859-1").text == "€\u{201C}\u{201D}")
    #expect(Charset.decode([0x81], label: "windows-1252").text == "\u{81}")
  }

  @Test func otherCharsets() {
    #expect(Charset.decode([0xA4], label: "ISO-8859-15").text == "€")
    #expect(Charset.decode([0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4], label: "KOI8-R").text == "Привет")
    #expect(Charset.decode([0xB9], label: "iso-8859-2").text == "š")
    #expect(Charset.decode([0xCF, 0xF0, 0xE8], label: "windows-1251").text == "При")
    #expect(Charset.decode([0xFF, 0xFE, 0x41, 0x00, 0xAC, 0x20], label: "UTF-16").text == "A€")
    #expect(Charset.decode([0x00, 0x41], label: "utf-16be").text == "A")
  }

  @Test func mislabelledTextLosesNothing() {
    let utf8InASCII = Charset.decode(Array("Grüße".utf8), label: "us-ascii")
    #expect(utf8InASCII.text == "Grüße")
    #expect(utf8InASCII.warning == "8-bit text labelled us-ascii, read as UTF-8")
    let latin1Unlabelled = Charset.decode([0x47, 0x72, 0xFC, 0xDF, 0x65], label: nil)
    #expect(latin1Unlabelled.text == "Grüße")
    #expect(latin1Unlabelled.warning == "8-bit text labelled US-ASCII, read as windows-1252")
    let invalid = Charset.decode([0x61, 0xFF, 0x62], label: "utf-8")
    #expect(invalid.text == "a\u{FFFD}b")
    #expect(invalid.warning != nil)
    let unknown = Charset.decode([0xE9], label: "x-mac-klingon")
    #expect(unknown.text == "é")
    #expect(unknown.warning == "unknown charset x-mac-klingon, read as windows-1252")
  }
}
