import Foundation
import Testing

@testable import Audiobook

/// The text read aloud: what is left out, and the pieces it is spoken in.
@Suite struct SpokenTextTests {
  static let english = """
    <h1>Swift on Linux</h1>
    <p>Read the <a href="https://swift.org/install">install guide</a> first. Then see \
    https://example.org/docs for more.</p>
    <figure><img src="chart.png" alt="A chart of build times"><figcaption>Build times per release</figcaption></figure>
    <pre><code>swift build -c release
    swift test</code></pre>
    <p>Call the <code>map</code> function on the array.</p>
    <ul><li>Fast builds</li><li>Small binaries</li></ul>
    """

  @Test func addressesCodeAndCaptionsAreNotRead() {
    let text = SpokenText.text(html: Self.english, title: "Swift on Linux")
    #expect(!text.contains("http"))
    #expect(!text.contains("swift.org"))
    #expect(!text.contains("example.org"))
    #expect(!text.contains("swift build"))
    #expect(!text.contains("Build times per release"))
    #expect(!text.contains("chart"))
    #expect(text.contains("Read the install guide first."))
    #expect(text.contains("Then see for more."))
    #expect(text.contains("Call the map function on the array."))
  }

  @Test func theTitleComesFirstOnceAndLinesEndAsSentences() {
    let text = SpokenText.text(html: Self.english, title: "Swift on Linux")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Swift on Linux.")
    #expect(lines.filter { $0.hasPrefix("Swift on Linux") }.count == 1)
    #expect(lines.contains("Fast builds."))
    #expect(lines.contains("Small binaries."))
    #expect(lines.allSatisfy { !$0.hasPrefix("-") })
  }

  @Test func germanTextKeepsItsLettersAndMarks() {
    let html = "<p>Die Bücher über Größe — „Ärger“ ist groß. Öfter <a href=\"https://x.de\">hier</a>!</p>"
    let text = SpokenText.text(html: html, title: "Über Größe")
    #expect(text == "Über Größe.\nDie Bücher über Größe — „Ärger“ ist groß. Öfter hier!")
  }

  @Test func anAddressAtASentenceEndKeepsTheMark() {
    #expect(SpokenText.sentence("Mehr unter https://example.org.") == "Mehr unter.")
    #expect(SpokenText.sentence("(https://example.org)") == nil)
    #expect(SpokenText.sentence("- www.example.org") == nil)
    #expect(SpokenText.sentence("Kontakt: mailto:a@b.de") == "Kontakt:")
  }

  @Test func nothingToSayIsNoPiece() {
    #expect(SpokenText.pieces("").isEmpty)
    #expect(SpokenText.pieces("Hi.") == ["Hi."])
  }

  @Test func piecesStayWithinTheLimitAndEndAtSentences() {
    let sentence = "Der Bär läuft über die Brücke und grüßt höflich. "
    let text = String(repeating: sentence, count: 100).trimmingCharacters(in: .whitespaces)
    let pieces = SpokenText.pieces(text, limit: 300)
    #expect(pieces.count > 1)
    #expect(pieces.joined() == text)
    for piece in pieces {
      #expect(piece.count <= 300)
      #expect(piece.first == "D")
    }
    for piece in pieces.dropLast() { #expect(piece.hasSuffix("höflich. ")) }
  }

  @Test func englishPiecesEndAfterQuotesAndAtLineEnds() {
    let text = "He said \"stop.\" Then he left.\nA heading\nAnd more words here."
    let pieces = SpokenText.pieces(text, limit: 20)
    #expect(pieces.joined() == text)
    #expect(pieces.allSatisfy { $0.count <= 20 })
    #expect(pieces[0] == "He said \"stop.\" ")
  }

  @Test func aSentenceLongerThanTheLimitIsCutBetweenWords() {
    let text = Array(repeating: "Wörter", count: 50).joined(separator: " ") + "."
    let pieces = SpokenText.pieces(text, limit: 40)
    #expect(pieces.joined() == text)
    for piece in pieces {
      #expect(piece.count <= 40)
      #expect(piece.hasPrefix("Wörter"))
    }
  }

  @Test func onlyAWordLongerThanTheLimitIsCutInside() {
    let text = "short " + String(repeating: "ä", count: 25) + " end"
    let pieces = SpokenText.pieces(text, limit: 10)
    #expect(pieces.joined() == text)
    #expect(pieces.allSatisfy { $0.count <= 10 })
  }

  @Test func shortTextIsOnePiece() {
    #expect(SpokenText.pieces("Kurz.") == ["Kurz."])
  }
}
