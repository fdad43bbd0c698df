import Testing

@testable import OfflineStore

/// A combining mark (U+0301) after a quote joins it into one `Character`; a browser reading
/// code points still sees the quote.
@Suite struct OfflineStoreScalarDelimiterTests {
  @Test func aTypeWithAQuoteInItStaysInline() {
    let html = "<img src=\"data:image/png\"\u{301}onerror=alert(1)//;base64,AAAA\">"
    let (out, images) = EmbeddedImages.extract(from: html)
    #expect(images.isEmpty)
    #expect(out == html)
  }

  @Test func anOrdinaryTypeIsStillMovedOut() {
    let (out, images) = EmbeddedImages.extract(from: "<img src=\"data:image/svg+xml;base64,AAAA\">")
    #expect(images.map(\.mime) == ["image/svg+xml"])
    #expect(out.hasPrefix("<img src=\"rk-blob:"))
  }
}
