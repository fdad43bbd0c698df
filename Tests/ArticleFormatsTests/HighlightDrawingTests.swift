import Foundation
import OfflineStore
import Testing

@testable import ArticleFormats

/// The store's highlights drawn into an article as Readeck's server wraps them
/// (../shared/ref/readeck-highlights.md): a wrapper per text piece, the id on the first, the
/// note marker after the last. The expected markup is written out by hand from that format.
@Suite struct HighlightDrawingTests {
  static func placed(_ id: String, _ range: Range<Int>, _ text: String, color: String = "yellow", note: String? = nil)
    -> ArticleHighlights
  {
    ArticleHighlights(placed: [.init(id: id, range: range, text: text, shown: .init(color: color, note: note))])
  }

  static let wrapped =
    "<p>Alpha <rd-annotation id=\"annotation-h1\" data-annotation-id-value=\"h1\" data-annotation-color=\"yellow\">"
    + "beta</rd-annotation><rd-annotation data-annotation-note title=\"a note\"></rd-annotation> gamma</p>"

  @Test func aPlacedHighlightIsWrappedPieceByPieceWithItsNoteAfterTheLast() {
    let html = "<p>Alpha <em>beta</em> gamma</p>"
    let drawn = HighlightPlacement.drawing(Self.placed("x", 2..<8, "pha be", color: "blue", note: "n"), in: html)
    #expect(
      drawn
        == "<p>Al<rd-annotation id=\"annotation-x\" data-annotation-id-value=\"x\" data-annotation-color=\"blue\">"
        + "pha </rd-annotation><em><rd-annotation data-annotation-id-value=\"x\" data-annotation-color=\"blue\">be"
        + "</rd-annotation><rd-annotation data-annotation-note=\"\" title=\"n\"></rd-annotation>ta</em> gamma</p>")
    let again = HighlightPlacement(html: drawn)
    #expect(again.highlighted.map(\.id) == ["x"] && again.highlighted.first?.range == 2..<8, "read back in place")
  }

  @Test func aHighlightAcrossTableCellsIsDrawnInTheTreeTheServerWalks() {
    let html = "<table><tr><td>Birnen</td><td>3 €</td></tr></table>"
    #expect(
      HighlightPlacement.drawing(Self.placed("t", 3..<9, "nen3 €"), in: html)
        == "<table><tbody><tr><td>Bir<rd-annotation id=\"annotation-t\" data-annotation-id-value=\"t\" "
        + "data-annotation-color=\"yellow\">nen</rd-annotation></td><td><rd-annotation data-annotation-id-value=\"t\" "
        + "data-annotation-color=\"yellow\">3 €</rd-annotation></td></tr></tbody></table>")
  }

  @Test func aWrappedHighlightIsHiddenOrRestyledAsTheStoreSays() {
    #expect(
      HighlightPlacement.drawing(ArticleHighlights(hidden: ["h1"]), in: Self.wrapped) == "<p>Alpha beta gamma</p>")
    #expect(
      HighlightPlacement.drawing(ArticleHighlights(restyled: ["h1": .init(color: "red", note: "b")]), in: Self.wrapped)
        == "<p>Alpha <rd-annotation id=\"annotation-h1\" data-annotation-id-value=\"h1\" data-annotation-color=\"red\">"
        + "beta</rd-annotation><rd-annotation data-annotation-note=\"\" title=\"b\"></rd-annotation> gamma</p>")
  }

  @Test func aPlacedHighlightBesideAWrappedOneKeepsBoth() {
    let drawn = HighlightPlacement.drawing(Self.placed("x", 11..<16, "gamma"), in: Self.wrapped)
    let again = HighlightPlacement(html: drawn)
    #expect(again.highlighted.map(\.id) == ["h1", "x"])
    #expect(again.highlighted.map(\.range) == [6..<10, 11..<16])
    #expect(HighlightWrappers.shown(in: drawn)["h1"] == .init(color: "yellow", note: "a note"), "the note stays")
  }

  @Test func nothingIsDrawnWhereTheArticleNoLongerHoldsThePlacedText() {
    let html = "<p>Alpha beta gamma"
    #expect(HighlightPlacement.drawing(Self.placed("x", 0..<5, "Omega"), in: html) == html)
    #expect(HighlightPlacement.drawing(Self.placed("x", 10..<40, "beyond"), in: html) == html)
  }

  @Test func theWhiteSpaceBetweenTableCellsTakesNoWrapper() {
    let html = "<table>\n<tr>\n<td>Birnen</td>\n<td>3 €</td>\n</tr>\n</table>"
    #expect(
      HighlightPlacement.drawing(Self.placed("t", 5..<12, "nen\n3 €"), in: html)
        == "<table>\n<tbody><tr>\n<td>Bir<rd-annotation id=\"annotation-t\" data-annotation-id-value=\"t\" "
        + "data-annotation-color=\"yellow\">nen</rd-annotation></td>\n<td><rd-annotation data-annotation-id-value=\"t\" "
        + "data-annotation-color=\"yellow\">3 €</rd-annotation></td>\n</tr>\n</tbody></table>")
  }

  @Test func aHighlightWrappedInSeveralPlacesKeepsOneNote() {
    let piece = "<rd-annotation data-annotation-id-value=\"h1\" data-annotation-color=\"yellow\">"
    let html =
      "<p>\(piece)Alpha</rd-annotation> beta \(piece)gamma</rd-annotation>"
      + "<rd-annotation data-annotation-note title=\"n\"></rd-annotation></p>"
    let drawn = HighlightPlacement.drawing(
      ArticleHighlights(restyled: ["h1": .init(color: "red", note: "n")]), in: html)
    #expect(drawn.components(separatedBy: "data-annotation-note").count == 2, "\(drawn)")
    #expect(drawn.components(separatedBy: "data-annotation-color=\"red\"").count == 3, "\(drawn)")
  }

  @Test func aPlacedRangeOutsideTheTextIsLeftOutWithoutATrap() {
    let html = "<p>Alpha beta gamma</p>"
    #expect(HighlightPlacement.drawing(Self.placed("x", -3..<2, "Al"), in: html) == html)
  }

  @Test func aPushedHighlightThatCannotBeDrawnAsksForTheArticleAgainButOneQueuedHereDoesNot() {
    let html = "<p>Alpha beta gamma</p>"
    #expect(!HighlightPlacement.drawn(Self.placed("s1", 0..<5, "Omega"), in: html).complete)
    #expect(HighlightPlacement.drawn(Self.placed("local-hl-1", 0..<5, "Omega"), in: html).complete)
    #expect(HighlightPlacement.drawn(Self.placed("s1", 0..<5, "Alpha"), in: html).complete)
  }

  @Test func anArticleWithNothingToDrawIsReturnedAsItIs() {
    let html = "<p>Alpha<br/>beta &amp; <b>gamma</p>"
    #expect(HighlightPlacement.drawing(ArticleHighlights(), in: html) == html)
  }

  @Test func theTextAndThePageShowAHighlightMadeHereBeforeAnySync() {
    let html = "<p>Alpha beta gamma</p>"
    let expected = Self.placed("local-hl-1", 6..<10, "beta", color: "green", note: "why")
    let marked = HighlightMarkup.rewrite(HighlightPlacement.drawing(expected, in: html), notes: .inline).html
    #expect(
      marked == "<p>Alpha <mark class=\"rd-highlight rd-green\">beta</mark><span class=\"rd-note\">why</span> gamma</p>"
    )
  }
}
