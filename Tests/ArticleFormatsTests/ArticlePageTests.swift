import ArticleFormats
import ArticleTestSupport
import Foundation
import OfflineStore
import Testing

/// Pages from a real store: what the cleaning leaves out and keeps, and the document around it.
@Suite struct ArticlePageTests {
  private func page(_ html: String, title: String = "A <Title> & more", lang: String = "en") throws -> String {
    let (store, folder) = try makeStore()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try store.store(article("a1", title: title, html: html, lang: lang))
    return ArticlePage.document(try #require(try store.stored(id: "a1")))
  }

  @Test func theDocumentIsCompleteAndLocksTheNetworkOut() throws {
    let html = try page("<p>Body text.</p><img src=\"\(Images.uri(Images.png))\" alt=\"chart\">", lang: "de")
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"de\" dir=\"ltr\">"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
    #expect(
      html.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline';"
      ))
    #expect(html.contains("<title>A &lt;Title&gt; &amp; more</title>"))
    #expect(html.contains("<h1>A &lt;Title&gt; &amp; more</h1>"))
    #expect(html.contains("<p class=\"byline\">Example · Jane Doe · 2026-03-01 · 4 min</p>"))
    #expect(html.contains("<a href=\"https://example.org/a1\">"))
    #expect(html.contains("@media (prefers-color-scheme: dark)"))
    #expect(html.contains("@media print"))
    // The image is back as the data: URI it was stored from.
    #expect(html.contains("<img src=\"\(Images.uri(Images.png))\" alt=\"chart\">"))
    #expect(!html.contains("rk-blob:"))
  }

  @Test func scriptsFramesAndHandlersAreLeftOut() throws {
    let html = try page(
      """
      <p onclick="steal()">Text<script>alert(1)</script> more</p><iframe src="https://x.example/"></iframe>\
      <object data="x.swf"><p>fallback</p></object><a href="javascript:alert(1)">link</a>\
      <a href=" JaVaScRiPt:alert(2)" title="t">two</a><img src="\(Images.uri(Images.png))" onerror="x()" ONLOAD="y()">\
      <style>img{display:none}</style><link rel="stylesheet" href="https://x.example/s.css"><embed src="e.swf">
      """)
    let body = try #require(html.split(separator: "<article>").last)
    for banned in [
      "<script", "alert(", "<iframe", "<object", "fallback", "onclick", "onerror", "ONLOAD", "javascript:",
      "JaVaScRiPt", "<style>img", "<link", "<embed",
    ] {
      #expect(!body.contains(banned), "\(banned) left in the page")
    }
    #expect(body.contains("<p>Text more</p>"))
    #expect(body.contains("<a>link</a>"))
    #expect(body.contains("<a title=\"t\">two</a>"))
  }

  @Test func lazyLoadingLeftoversNoLongerHideTheImages() throws {
    let placeholder = Images.uri(Images.pixelGIF, "image/gif")
    let html = try page(
      """
      <img class="lazyload" src="\(placeholder)" data-src="\(Images.uri(Images.png))" alt="promoted">\
      <img class="lazy" src="\(placeholder)" data-src="https://cdn.example/real.png" alt="placeholder">\
      <noscript><img src="\(Images.uri(Images.png2))" alt="from noscript"></noscript>\
      <img src="\(Images.uri(Images.png))" loading="lazy" style="opacity:0" hidden alt="shown">\
      <noscript><img src="\(Images.uri(Images.png))" alt="duplicate"></noscript>
      """)
    let body = try #require(html.split(separator: "<article>").last)
    #expect(body.contains("<img class=\"lazyload\" alt=\"promoted\" src=\"\(Images.uri(Images.png))\">"))
    #expect(!body.contains("alt=\"placeholder\""))
    #expect(body.contains("<img src=\"\(Images.uri(Images.png2))\" alt=\"from noscript\">"))
    #expect(body.contains("<img src=\"\(Images.uri(Images.png))\" alt=\"shown\">"))
    #expect(!body.contains("duplicate"))
    #expect(!body.contains("<noscript") && !body.contains("</noscript"))
    #expect(!body.contains("data-src"))
  }

  @Test func aLeadingHeadingSayingTheTitleIsNotRepeated() throws {
    let html = try page("<section><h1>Same  Title</h1><p>x</p><h1>Same Title</h1></section>", title: "Same Title")
    let body = try #require(html.split(separator: "<article>").last)
    #expect(body.components(separatedBy: "<h1>Same Title</h1>").count == 2)
    #expect(!body.contains("Same  Title"))
  }
}
