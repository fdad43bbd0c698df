import ArticleTestSupport
import Foundation
import OfflineStore
import Testing
import Wire

@testable import ArticleFormats

/// A Prepend character (U+0600) before a delimiter, or a combining mark (U+0301) after it, joins
/// it into one `Character`; a browser reading code points still sees the delimiter.
@Suite struct ArticleFormatsScalarDelimiterTests {
  @Test func aPrependCharacterDoesNotHideATagInTheTitle() throws {
    let title = "\u{600}<meta http-equiv=refresh content=0;url=https://evil.example/>"
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.store(article("a1", title: title, html: "<p>Body.</p>"))
    let html = ArticlePage.document(try #require(try store.stored(id: "a1")))
    #expect(html.contains("\u{600}&lt;meta http-equiv=refresh"))
    #expect(
      !html.unicodeScalars.split(separator: "<").contains { $0.starts(with: "meta http-equiv=refresh".unicodeScalars) })
  }

  @Test func aCombiningMarkDoesNotHideAQuoteInAnAttribute() {
    #expect(Markup.attribute("a\"\u{301} onmouseover=x") == "a&quot;\u{301} onmouseover=x")
    #expect(Markup.text("\u{600}<b>") == "\u{600}&lt;b&gt;")
    #expect(XHTMLWriter.attribute("a\"\u{301} onmouseover=x") == "a&quot;\u{301} onmouseover=x")
  }

  @Test func aPrependCharacterDoesNotJoinTwoAnimationValues() {
    let html =
      "<svg><a><animate attributeName=\"href\" values=\"#a\u{600};javascript:alert(1)\"/><text>x</text></a></svg>"
    let cleaned = ArticleCleaner.clean(html) { _ in false }
    #expect(cleaned.contains("<animate"))
    #expect(!cleaned.contains("javascript"))
  }

  @Test func aCombiningMarkAfterTheColonDoesNotHideAScriptURL() {
    #expect(ArticleCleaner.isScriptURL("javascript:\u{301}alert(1)"))
    #expect(ArticleCleaner.isScriptURL(" \u{1}VBScript:x"))
    #expect(!ArticleCleaner.isScriptURL("https://example.org/javascript:"))
  }

  private func highlight(_ text: String, note: String? = nil) -> HighlightRecord {
    HighlightRecord(
      id: "h1", bookmarkID: "b1", title: "T", url: "https://example.org/", text: text, note: note, color: "yellow",
      created: Date(timeIntervalSince1970: 1_795_000_000))
  }

  @Test func aFieldWithCRLFOrAMarkedQuoteIsQuotedInCSV() {
    let csv = HighlightExport.csv([highlight("one\r\ntwo", note: "say \"\u{301}hi")])
    let row = csv.unicodeScalars.split(separator: "\n").dropFirst().map { String($0) }
    #expect(row.first?.hasPrefix("\"one\r") == true)
    #expect(
      csv.unicodeScalars.elementsEqual(
        (HighlightExport.csvHeader.joined(separator: ",") + "\r\n\"one\r\ntwo\",T,,https://example.org/,"
          + "\"say \"\"\u{301}hi\",,2026-11-18 11:06:40\r\n").unicodeScalars))
  }

  @Test func aLineAfterCRLFStaysInTheQuotation() {
    let markdown = HighlightExport.markdown([highlight("one\r\ntwo")])
    #expect(markdown.contains("> one\r\n> two\n"))
  }
}

/// Found in review: the book's writer waited for the end tag of a dropped void element.
@Suite struct XHTMLWriterVoidTests {
  @Test func aDroppedVoidElementTakesNothingAfterItWithIt() {
    let written = XHTMLWriter { _ in nil }.write("<p>before<embed src=x>after</p><p>next <frame>one</p>")
    #expect(written.contains("after") && written.contains("next") && written.contains("one"), "\(written)")
    #expect(!written.contains("embed") && !written.contains("frame"))
  }
}
