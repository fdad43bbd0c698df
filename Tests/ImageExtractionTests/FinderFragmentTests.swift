import Testing

@testable import ImageExtraction

@Suite struct FinderFragmentTests {
  /// `#` and `#name` are the page itself wherever the finder takes a URL; the real image next to
  /// them is still found.
  @Test func fragmentOnlyValuesAreNoImages() {
    let html = """
      <img src="#" srcset="#a 1x, b.png 2x, # 3x"><img src="#top" data-src="\t#" data-lazy-src="#x" data-original="#">
      <img data-srcset="#s 1x" data-lazy-srcset="#t 480w"><picture><source srcset="#p"><source data-src="#"></picture>
      <input type="image" src="#"><video poster="#poster"></video><svg><image href="#h"/><image xlink:href="#x"/></svg>
      <div style="mask: url(#m); background: url('#g'), url(c.png)">x</div>
      <img src="page.html#frag">
      """
    let found = ImageFinder.find(in: html, documentURL: "https://example.org/dir/page.html").occurrences
    #expect(
      found.map { "\($0.foundIn) \($0.resolved ?? "nil")" } == [
        "img[srcset] https://example.org/dir/b.png", "div[style] https://example.org/dir/c.png",
        "img[src] https://example.org/dir/page.html#frag",
      ])
  }

  @Test func whatCountsAsOnlyAFragment() {
    #expect(ImageURL.isFragmentOnly("#"))
    #expect(ImageURL.isFragmentOnly(" \t\u{1}#top"))
    #expect(!ImageURL.isFragmentOnly("a.png#top"))
    #expect(!ImageURL.isFragmentOnly("?#"))
    #expect(!ImageURL.isFragmentOnly(""))
  }
}
