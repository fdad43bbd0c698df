import ArticleFormats
import Foundation
import Testing
import Wire

/// Highlights as Markdown for a vault and as Readwise's CSV.
@Suite struct HighlightExportTests {
  let day = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  var records: [HighlightRecord] {
    [
      HighlightRecord(
        id: "h1", bookmarkID: "b1", title: "Über Brücken", url: "https://example.de/b", site: "Example",
        text: "Zwei\nZeilen",
        note: "wichtig, sehr", color: "yellow", created: day),
      HighlightRecord(
        id: "h2", bookmarkID: "b1", title: "Über Brücken", url: "https://example.de/b", text: "Er sagte \"ja\"",
        color: "red", created: day.addingTimeInterval(60)),
      HighlightRecord(
        id: "h3", bookmarkID: "b2", url: "https://example.org/x", text: "Alone", color: "blue", created: day),
    ]
  }

  @Test func markdownHasASectionPerArticleAndAQuotePerHighlight() {
    let markdown = HighlightExport.markdown(records)
    #expect(
      markdown == """
        ## Über Brücken

        <https://example.de/b> · Example

        > Zwei
        > Zeilen

        wichtig, sehr

        — yellow, 2026-11-18
        > Er sagte "ja"

        — red, 2026-11-18

        ## https://example.org/x

        <https://example.org/x>

        > Alone

        — blue, 2026-11-18

        """)
  }

  @Test func csvHasReadwisesColumnsAndQuotesWhatNeedsIt() {
    let lines = HighlightExport.csv(records).components(separatedBy: "\r\n")
    #expect(lines[0] == "Highlight,Title,Author,URL,Note,Location,Date")
    #expect(lines[1] == "\"Zwei\nZeilen\",Über Brücken,,https://example.de/b,\"wichtig, sehr\",,2026-11-18 11:06:40")
    #expect(lines[2] == "\"Er sagte \"\"ja\"\"\",Über Brücken,,https://example.de/b,,,2026-11-18 11:07:40")
    #expect(lines.count == 5 && lines[4].isEmpty)
  }
}
