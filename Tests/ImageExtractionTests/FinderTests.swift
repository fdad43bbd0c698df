import Foundation
import HTMLScan
import Testing

@testable import ImageExtraction

@Suite struct FinderTests {
  private func found(_ html: String, base: String? = "https://example.org/articles/page.html") -> [String] {
    ImageFinder.find(in: html, documentURL: base).occurrences.map { "\($0.foundIn) \($0.resolved ?? "nil")" }
  }

  @Test func everyKindOfReference() {
    let html = """
      <img src="a.png" srcset="b.png 2x, c.png 3x">
      <picture><source srcset="d.webp 1x" type="image/webp"><img src="e.jpg"></picture>
      <source srcset="audio-like.png">
      <img data-src="f.jpg" data-srcset="g.jpg 480w" data-lazy-src="h.jpg" data-lazy-srcset="i.jpg 1x" data-original="j.jpg">
      <noscript><img src="k.jpg"></noscript>
      <div style="background: url('l.jpg') no-repeat, url(m.png)">x</div>
      <svg><image href="n.svg"/><image xlink:href="o.png"/></svg>
      <input type="image" src="p.gif"><input type="text" src="not-an-image.gif">
      <video poster="q.jpg"></video>
      """
    #expect(
      found(html) == [
        "img[src] https://example.org/articles/a.png", "img[srcset] https://example.org/articles/b.png",
        "img[srcset] https://example.org/articles/c.png", "picture source[srcset] https://example.org/articles/d.webp",
        "img[src] https://example.org/articles/e.jpg", "source[srcset] https://example.org/articles/audio-like.png",
        "img[data-src] https://example.org/articles/f.jpg", "img[data-lazy-src] https://example.org/articles/h.jpg",
        "img[data-original] https://example.org/articles/j.jpg", "img[data-srcset] https://example.org/articles/g.jpg",
        "img[data-lazy-srcset] https://example.org/articles/i.jpg",
        "noscript img[src] https://example.org/articles/k.jpg",
        "div[style] https://example.org/articles/l.jpg", "div[style] https://example.org/articles/m.png",
        "svg image[href] https://example.org/articles/n.svg",
        "svg image[xlink:href] https://example.org/articles/o.png",
        "input[src] https://example.org/articles/p.gif", "video[poster] https://example.org/articles/q.jpg",
      ])
  }

  @Test func resolutionBaseHrefAndEntities() {
    let html = """
      <img src="//cdn.example.com/x.jpg"><img src="/root.png"><img src="  padded.png  ">
      <base href="https://static.example.net/assets/"><base href="https://ignored.example/">
      <img src="photo.jpg?w=1&amp;h=2"><img src="wp.jpg?a=1&#038;b=2"><img src="copy.jpg?x&copy=1">
      """
    #expect(
      found(html) == [
        "img[src] https://cdn.example.com/x.jpg", "img[src] https://static.example.net/root.png",
        "img[src] https://static.example.net/assets/padded.png",
        "img[src] https://static.example.net/assets/photo.jpg?w=1&h=2",
        "img[src] https://static.example.net/assets/wp.jpg?a=1&b=2",
        "img[src] https://static.example.net/assets/copy.jpg?x&copy=1",
      ])
  }

  @Test func jsonAndDataValuesAreNotURLs() {
    let html = #"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src='{"1x":"a.jpg"}' data-srcset="[1,2]">"#
    #expect(found(html) == [])
  }

  @Test func duplicatesCountOncePerCanonicalForm() {
    let html = """
      <img src="HTTP://Example.ORG:80/a/./b/../c.png#top"><img src="http://example.org/a/c.png">
      <img src="/a/c.png"><img srcset="http://example.org/a/c.png 2x">
      """
    let images = ImageFinder.find(in: html, documentURL: "http://example.org/")
    #expect(images.occurrences.count == 4)
    #expect(images.distinct.map(\.canonical) == ["http://example.org/a/c.png"])
  }

  @Test func canonicalForm() {
    #expect(ImageURL.canonical("HTTPS://Example.COM:443/a/../b/./c.png?q=1#f") == "https://example.com/b/c.png?q=1")
    #expect(ImageURL.canonical("http://example.com:8080/x") == "http://example.com:8080/x")
    #expect(ImageURL.resolve("a\\b.png", against: "https://example.org/dir/") == "https://example.org/dir/a/b.png")
    #expect(ImageURL.resolve("ünï.png", against: "https://example.org/") == "https://example.org/%C3%BCn%C3%AF.png")
    #expect(ImageURL.resolve(" \t ", against: "https://example.org/") == nil)
    #expect(!ImageURL.isFetchable("ftp://example.org/x.png"))
  }

  @Test func typesComeFromTheBytes() {
    #expect(ImageType.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == "image/png")
    #expect(ImageType.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == "image/jpeg")
    #expect(ImageType.sniff(Array("GIF89a....".utf8)) == "image/gif")
    #expect(ImageType.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8L".utf8)) == "image/webp")
    #expect(ImageType.sniff([0, 0, 0, 0x1C] + Array("ftypavif".utf8)) == "image/avif")
    #expect(ImageType.sniff([0, 0, 0, 0x18] + Array("ftypheic".utf8)) == "image/heic")
    #expect(ImageType.sniff(Array("BM".utf8) + [UInt8](repeating: 0, count: 20)) == "image/bmp")
    #expect(ImageType.sniff([0, 0, 1, 0, 1, 0]) == "image/x-icon")
    #expect(ImageType.sniff([0x49, 0x49, 0x2A, 0]) == "image/tiff")
    #expect(
      ImageType.sniff(Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><!DOCTYPE svg><svg xmlns=…>".utf8))
        == "image/svg+xml")
    #expect(ImageType.sniff(Array("<!DOCTYPE html><html><body>404</body></html>".utf8)) == nil)
    #expect(ImageType.sniff([UInt8]()) == nil)
  }
}
