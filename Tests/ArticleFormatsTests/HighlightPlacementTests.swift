import OfflineStore
import Testing

@testable import ArticleFormats

/// Quotes found in articles and placed as Readeck's server counts: paths through the elements an
/// HTML5 parse makes (tbody, implied ends), offsets in code points over an element's text nodes.
/// Every expected selector and offset here is counted by hand from the markup.
@Suite struct HighlightPlacementTests {
  func place(_ html: String, _ quote: String, occurrence: Int? = nil) throws -> HighlightAnchor {
    try HighlightPlacement(html: html).place(quote, occurrence: occurrence)
  }

  @Test func aQuoteAcrossTableCellsCountsTheTbodyTheParserInserts() throws {
    let html =
      "<section><h1>Preise</h1><table><tr><td>Äpfel &amp; Birnen</td><td>3 €</td></tr>"
      + "<tr><td>Grüne Bohnen</td><td>2 €</td></tr></table></section>"
    let anchor = try place(html, "Birnen 3 €")
    #expect(anchor.startSelector == "section[1]/table[1]/tbody[1]/tr[1]/td[1]")
    #expect(anchor.startOffset == 8, "Ä, p, f, e, l, space, &, space: code points, not bytes")
    #expect(anchor.endSelector == "section[1]/table[1]/tbody[1]/tr[1]/td[2]")
    #expect(anchor.endOffset == 3)
    #expect(anchor.text == "Birnen3 €", "the pieces joined, as the server stores them")
    #expect(anchor.range == 14..<23)
    #expect(try place(html, "Birnen3 €").range == 14..<23, "copied without the space a reader sees, still found")
    let second = try place(html, "Bohnen")
    #expect(second.startSelector == "section[1]/table[1]/tbody[1]/tr[2]/td[1]" && second.startOffset == 6)
  }

  @Test func aQuoteInAListItemWithImpliedEndsAndTypographicQuotes() throws {
    let html = "<section><p>Intro<ul><li>Erstens: Grüße<li>Zweitens: „Zitat“ hier</ul></section>"
    let anchor = try place(html, "\"Zitat\"   hier")
    // The ul closes the p: it is the section's first ul, not the p's.
    #expect(anchor.startSelector == "section[1]/ul[1]/li[2]" && anchor.startOffset == 10)
    #expect(anchor.endSelector == "section[1]/ul[1]/li[2]" && anchor.endOffset == 22)
    #expect(anchor.text == "„Zitat“ hier")
  }

  @Test func aBlockStartClosesTheParagraphBeforeIt() throws {
    let anchor = try place("<p>One<div>Two Three</div>", "Three")
    #expect(anchor.startSelector == "div[1]" && anchor.startOffset == 4 && anchor.endOffset == 9)
  }

  @Test func offsetsCountTheTextOfInlineChildrenAndEntitiesAsOneCodePoint() throws {
    let html = "<section><p>Die <em>Größe</em> zählt &amp; wiegt.</p></section>"
    let across = try place(html, "Die Größe zählt")
    #expect(across.startSelector == "section[1]/p[1]" && across.startOffset == 0)
    #expect(across.endSelector == "section[1]/p[1]" && across.endOffset == 15)
    let entity = try place(html, "zählt & wiegt")
    #expect(entity.startOffset == 10 && entity.endOffset == 23 && entity.text == "zählt & wiegt")
    let inside = try place(html, "röß")
    #expect(inside.startSelector == "section[1]/p[1]/em[1]" && inside.startOffset == 1 && inside.endOffset == 4)
  }

  @Test func theServersWrappersAreTakenOutAndTheirTextIsTaken() throws {
    let html =
      "<section><p>Die <em>Größe</em> zählt &amp; <rd-annotation id=\"annotation-h1\" data-annotation-id-value=\"h1\" "
      + "data-annotation-color=\"yellow\">Gewicht</rd-annotation><rd-annotation data-annotation-note title=\"n\">"
      + "</rd-annotation> nicht.</p></section>"
    let placement = HighlightPlacement(html: html)
    #expect(placement.highlighted.map(\.id) == ["h1"])
    #expect(placement.highlighted.first?.range == 18..<25)
    let after = try placement.place("nicht")
    #expect(after.startSelector == "section[1]/p[1]" && after.startOffset == 26 && after.endOffset == 31)
    #expect(throws: HighlightPlacement.Problem.overlaps(id: "h1")) { try placement.place("& Gewicht") }
    #expect(throws: HighlightPlacement.Problem.overlaps(id: "q1")) {
      try placement.place(
        "zählt",
        besides: ArticleHighlights(placed: [
          .init(id: "q1", range: 5..<12, text: "", shown: .init(color: nil, note: nil))
        ]))
    }
    #expect(try placement.place("& Gewicht", besides: ArticleHighlights(hidden: ["h1"])).range == 16..<25)
  }

  @Test func anAmbiguousQuoteNamesEachPlaceAndAnOccurrenceChoosesOne() throws {
    let html = "<p>the cat and the dog</p>"
    #expect(throws: HighlightPlacement.Problem.ambiguous(["«the» cat and the dog", "the cat and «the» dog"])) {
      try place(html, "the")
    }
    let second = try place(html, "the", occurrence: 2)
    #expect(second.startOffset == 12 && second.endOffset == 15)
    #expect(throws: HighlightPlacement.Problem.noSuchOccurrence(given: 3, found: 2)) {
      try place(html, "the", occurrence: 3)
    }
  }

  @Test func whiteSpaceRunsMatchOneSpaceAndAMissingQuoteIsNamed() throws {
    let anchor = try place("<p>line one\n   line\ttwo</p>", "one line two")
    #expect(anchor.startOffset == 5 && anchor.endOffset == 20)
    #expect(throws: HighlightPlacement.Problem.notFound) { try place("<p>line one</p>", "line three") }
    #expect(throws: HighlightPlacement.Problem.emptyQuote) { try place("<p>line one</p>", " \n ") }
  }
}

/// A template's contents, which Go's parser (the server's) makes the template's children: their
/// text counts in the offsets of the element around them, though a quote is not looked for there.
@Suite struct HighlightPlacementTemplateTests {
  @Test func aQuoteAfterATemplateCountsTheTemplatesTextAsTheServerDoes() throws {
    let anchor = try HighlightPlacement(html: "<p><template>abc</template>Hello world</p>").place("world")
    // The server's p holds "abc" then "Hello world": "world" starts 3 + 6 code points in.
    #expect(anchor.startSelector == "p[1]" && anchor.startOffset == 9)
    #expect(anchor.endSelector == "p[1]" && anchor.endOffset == 14)
    #expect(anchor.text == "world")
  }

  @Test func textAfterAnElementCountsTheTemplateBeforeItAndTheTemplateIsNotSearched() throws {
    let html = "<div><template>abc</template><p>One</p>Two three</div>"
    let anchor = try HighlightPlacement(html: html).place("three")
    // div's text nodes as the server walks them: "abc", "One", then "Two three".
    #expect(anchor.startSelector == "div[1]" && anchor.startOffset == 10)
    #expect(anchor.endSelector == "div[1]" && anchor.endOffset == 15)
    #expect(
      throws: HighlightPlacement.Problem.notFound, "no reader sees a template's contents",
      performing: { try HighlightPlacement(html: html).place("abc") })
  }
}

/// An article Go's parser refuses (its stack of open elements would pass 512) takes no highlight
/// on the server, so none is placed.
@Suite struct HighlightPlacementDepthTests {
  @Test func anArticleNestedPastGosLimitIsRefusedAndOneAtTheLimitIsNot() throws {
    let deep = String(repeating: "<div>", count: 511) + "the words"
    #expect(throws: HighlightPlacement.Problem.nestedTooDeeply) { try HighlightPlacement(html: deep).place("words") }
    let atLimit = String(repeating: "<div>", count: 510) + "the words"
    #expect(try HighlightPlacement(html: atLimit).place("words").startOffset == 4)
  }
}
