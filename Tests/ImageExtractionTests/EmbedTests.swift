import Foundation
import Testing

@testable import ImageExtraction

@Suite struct EmbedTests {
  /// Every http URL "embeds" as a short fake data URI naming its file; `fail` ones do not.
  private func embed(
    _ html: String, fail: Set<String> = [], options: Embedder.Options = Embedder.Options()
  ) -> (html: String, overCap: Set<String>) {
    let found = ImageFinder.find(in: html, documentURL: "https://example.org/")
    return Embedder(options: options).embed(html, found: found) { canonical in
      let name = String(canonical.split(separator: "/").last ?? "")
      return fail.contains(name) ? nil : "data:image/png;base64,\(name.replacingOccurrences(of: ".", with: ""))"
    }
  }

  @Test func onlyTheValuesChange() {
    let html = """
      <!doctype html><p class=x>Tëxt &amp; <b>more</b></p><IMG  SRC = "a.png" alt='A "quoted" alt'>\
      <img srcset="b.png 1x, c.png 2x" src=d.png><img src='e.png'><div style="background:url(&quot;f.png&quot;)">
      """
    let expected = """
      <!doctype html><p class=x>Tëxt &amp; <b>more</b></p><IMG  SRC = "data:image/png;base64,apng" alt='A "quoted" alt'>\
      <img srcset="data:image/png;base64,bpng 1x, data:image/png;base64,cpng 2x" src="data:image/png;base64,dpng">\
      <img src='data:image/png;base64,epng'><div style="background:url(&quot;data:image/png;base64,fpng&quot;)">
      """
    let once = embed(html).html
    #expect(once == expected)
    #expect(embed(once).html == once)
  }

  @Test func lazyImagesGetARealSourceAndLoseTheirLazyAttributes() {
    let html =
      #"<img class="lazy" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="a.jpg" data-srcset="a.jpg 1x, b.jpg 2x">"#
    let result = embed(html).html
    #expect(
      result
        == #"<img srcset="data:image/png;base64,ajpg 1x, data:image/png;base64,bjpg 2x" class="lazy" src="data:image/png;base64,ajpg">"#
    )
    #expect(embed(result).html == result)
    let noSource = embed(#"<img data-src="a.jpg" alt="x">"#).html
    #expect(noSource == #"<img src="data:image/png;base64,ajpg" alt="x">"#)
  }

  @Test func integrityGoesWithARewrite() {
    #expect(
      embed(#"<img src="a.png" integrity="sha384-abc" crossorigin>"#).html
        == #"<img src="data:image/png;base64,apng" crossorigin>"#)
    #expect(
      embed(#"<img src="data:image/png;base64,x" integrity="sha384-abc">"#).html
        == #"<img src="data:image/png;base64,x" integrity="sha384-abc">"#)
  }

  @Test func failedImagesKeepTheirURLOrGo() {
    let html = #"<img src="a.png" srcset="a.png 1x, b.png 2x">"#
    #expect(embed(html, fail: ["a.png"]).html == #"<img src="a.png" srcset="a.png 1x, data:image/png;base64,bpng 2x">"#)
    #expect(
      embed(html, fail: ["a.png"], options: Embedder.Options(onFail: .remove)).html
        == #"<img src="" srcset="data:image/png;base64,bpng 2x">"#)
  }

  /// `href` is decoded only where it names an image (SVG `<image>`) or the base; links keep theirs.
  @Test func svgImageHrefAndBaseHref() {
    let html =
      #"<base href="https://cdn.example/a&amp;b/"><a href="x.png">x</a><svg><image href="s&#46;png"/><image href="g.png"/></svg>"#
    let found = ImageFinder.find(in: html, documentURL: "https://example.org/")
    #expect(found.base == "https://cdn.example/a&b/")
    #expect(found.occurrences.map(\.resolved) == ["https://cdn.example/a&b/s.png", "https://cdn.example/a&b/g.png"])
    #expect(
      embed(html, fail: ["g.png"], options: Embedder.Options(onFail: .remove)).html
        == #"<base href="https://cdn.example/a&amp;b/"><a href="x.png">x</a><svg><image href="data:image/png;base64,spng"/><image href=""/></svg>"#
    )
  }

  @Test func bestCandidateKeepsTheWidestUnderTheCap() {
    let html = #"<img srcset="s.png 400w, m.png 800w, l.png 1600w, xl.png 3200w">"#
    #expect(
      embed(html, options: Embedder.Options(bestCandidate: true, maxWidth: 2000)).html
        == #"<img srcset="data:image/png;base64,lpng 1600w">"#)
    #expect(
      embed(html, options: Embedder.Options(bestCandidate: true)).html
        == #"<img srcset="data:image/png;base64,xlpng 3200w">"#)
  }

  @Test func thePerArticleCapCountsEveryCopy() {
    let html = String(repeating: #"<img src="a.png">"#, count: 10)
    let uri = "data:image/png;base64,apng"
    let (result, overCap) = embed(html, options: Embedder.Options(maxArticleBytes: uri.utf8.count * 3))
    #expect(result.components(separatedBy: uri).count - 1 == 3)
    #expect(result.components(separatedBy: #"src="a.png""#).count - 1 == 7)
    #expect(overCap == ["https://example.org/a.png"])
  }
}

@Suite struct EmbedSpliceTests {
  @Test func insertionsAndRemovalsFollowTheSourceNotTheReportedName() {
    let html = #"<IMAGE data-src="a.png"><img data-src="b.png"/>"#
    let found = ImageFinder.find(in: html, documentURL: "https://example.org/")
    let result = Embedder(options: Embedder.Options()).embed(html, found: found) { _ in "data:image/png;base64,AA==" }
      .html
    #expect(result == #"<IMAGE src="data:image/png;base64,AA=="><img src="data:image/png;base64,AA=="/>"#)
  }
}
