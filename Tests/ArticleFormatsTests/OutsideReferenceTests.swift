import ArticleFormats
import Foundation
import HTMLScan
import Testing

/// The cleaner's promise that a page asks nothing of the outside world: every way an article can
/// make a browser fetch something by itself, each pointing at `evil.example`, must lose its
/// reference, while the text around it, links and `data:` images stay.
@Suite struct OutsideReferenceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    var html: String
    /// What must still be in the output.
    var kept: [String]

    init(_ label: String, _ html: String, kept: [String] = []) {
      self.label = label
      self.html = html
      self.kept = kept
    }

    var testDescription: String { label }
  }

  static let image = Images.uri(Images.png)

  static func clean(_ html: String) -> String {
    ArticleCleaner.clean(html) { $0 == image }
  }

  static let styles: [Case] = [
    Case("url() in a style attribute", "<div style=\"background:url(https://evil.example/a.png)\">x</div>"),
    Case("quoted url()", "<div style='background-image: url(\"//evil.example/a.png\")'>x</div>"),
    Case("upper-case URL()", "<div style=\"BACKGROUND:URL(https://evil.example/a.png)\">x</div>"),
    Case("hex escape inside url", "<div style=\"background:u\\72l(https://evil.example/a.png)\">x</div>"),
    Case("hex escape with a space", "<div style=\"background:\\75 rl(https://evil.example/a.png)\">x</div>"),
    Case("escaped letters in the URL", "<div style=\"background:url(\\68ttps://evil.example/a.png)\">x</div>"),
    Case("comment before the URL", "<div style=\"color:red;/* x */background:url(//evil.example/a)\">x</div>"),
    Case("image-set with strings", "<div style=\"background:image-set('https://evil.example/a.png' 1x)\">x</div>"),
    Case("prefixed image-set", "<div style=\"background:-webkit-image-set(url(//evil.example/a) 1x)\">x</div>"),
    Case("cursor", "<p style=\"cursor:url(https://evil.example/c.cur),auto\">x</p>"),
    Case("list-style-image", "<ul style=\"list-style-image:url('https://evil.example/b.png')\"><li>x</li></ul>"),
    Case("style on an SVG element", "<svg><rect style=\"fill:url(https://evil.example/p.svg#p)\"/></svg>"),
    Case("entity-encoded url", "<div style=\"background:&#117;rl(https://evil.example/a)\">x</div>"),
    Case("url with a semicolon", "<div style=\"background:url(https://evil.example/a;b)\">x</div>"),
    // CSS reads CR LF as one white space after an escape: `\75` then CR LF is `u` then `rl(`.
    Case("hex escape then CR LF", "<div style=\"background:\\75&#13;&#10;rl(https://evil.example/a.png)\">x</div>"),
    Case("hex escape then a form feed", "<div style=\"background:\\75\u{C}rl(https://evil.example/a.png)\">x</div>"),
    // An escaped quote reads as a quote once decoded and shifted the strings after it.
    Case(
      "an escaped quote before image-set",
      "<div style='x:\"data:,\\\"\" data:, ; background-image:image-set(\"https://evil.example/a.png\"\n1x)'>x</div>"),
    // A form feed (or a CR) ends a CSS string.
    Case(
      "a form feed ending a string before image-set",
      "<div style='x:\"data:,\u{C}; background-image:image-set(\"https://evil.example/a.png\" \n1x)'>x</div>"),
    Case(
      "a CR ending a string before image-set",
      "<div style='x:\"data:,&#13;; background-image:image-set(\"https://evil.example/a.png\" \n1x)'>x</div>"),
    Case("string quoting broken on purpose", "<div style=\"background:url('x\\'y);a:url(//evil.example/a)')\">x</div>"),
  ]

  static let attributes: [Case] = [
    Case(
      "protocol-relative image with a local srcset", "<img src=\"//evil.example/a.png\" srcset=\"\(image) 1x\" alt=i>"),
    Case(
      "remote candidate in a srcset", "<img src=\"\(image)\" srcset=\"\(image) 1x, https://evil.example/b.png 2x\">"),
    Case(
      "picture source", "<picture><source srcset=\"https://evil.example/a.webp\"><img src=\"\(image)\"></picture>"),
    Case("lazy srcset with a remote candidate", "<img data-srcset=\"\(image) 1x, //evil.example/c.png 2x\" alt=i>"),
    Case(
      "video poster and source", "<video poster=\"https://evil.example/p.png\"><source src=//evil.example/v></video>"),
    Case("audio", "<audio src=\"https://evil.example/a.mp3\" autoplay></audio>"),
    Case("track", "<video><track default src=\"https://evil.example/t.vtt\"></video>"),
    Case("table background", "<table background=\"https://evil.example/t.png\"><tr><td>x</td></tr></table>"),
    Case("body background", "<body background=\"//evil.example/b.png\">x</body>"),
    Case("input image", "<input type=image src=\"https://evil.example/i.png\">"),
    Case("HTML image element", "<image src=\"https://evil.example/i.png\">"),
    Case("html manifest", "<html manifest=\"https://evil.example/m.appcache\">"),
    Case("attribution source", "<img src=\"\(image)\" attributionsrc=\"https://evil.example/r\">"),
    Case("SVG image href", "<svg><image href=\"https://evil.example/i.png\" width=9 height=9/></svg>"),
    Case("SVG image xlink:href", "<svg><image xlink:href=\"//evil.example/i.png\"/></svg>"),
    Case("SVG use", "<svg><use href=\"https://evil.example/s.svg#icon\"/></svg>"),
    Case("SVG feImage", "<svg><filter><feImage href=\"https://evil.example/f.png\"/></filter></svg>"),
    Case("SVG fill with url()", "<svg><rect fill=\"url(https://evil.example/p.svg#g)\"/></svg>"),
    Case("SVG filter with url()", "<svg><g filter=\"url(//evil.example/f.svg#f)\"></g></svg>"),
    Case(
      "SVG animation writing a remote URL into an image",
      "<svg><image href=\"#\"><set attributeName=\"href\" to=\"https://evil.example/s.png\"/></image></svg>"),
    Case("link", "<link rel=stylesheet href=\"https://evil.example/s.css\">"),
    Case("base", "<base href=\"https://evil.example/\">"),
    Case("meta refresh", "<meta http-equiv=refresh content=\"0;url=https://evil.example/r\">"),
    Case("iframe, object and embed", "<iframe src=//evil.example/f></iframe><object data=//evil.example/o></object>"),
    Case("embed", "<embed src=\"https://evil.example/e.swf\">"),
    Case("style element with @import and @font-face", "<style>@import 'https://evil.example/i.css';</style>"),
    Case(
      "font face in a style element",
      "<style>@font-face{font-family:x;src:url(https://evil.example/f.woff2)}</style>"),
    Case(
      "SVG use of a data document",
      "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='http://evil.example/i'/></svg>#x\"/></svg>"
    ),
  ]

  /// References that stay: links, `data:` images in attributes and styles, fragments.
  static let kept: [Case] = [
    Case(
      "a link", "<a href=\"https://evil.example/page\">link</a>", kept: ["href=\"https://evil.example/page\""]),
    Case(
      "a protocol-relative link", "<a href=\"//evil.example/page\">link</a>", kept: ["href=\"//evil.example/page\""]),
    Case("an SVG link", "<svg><a href=\"https://evil.example/\"><text>t</text></a></svg>", kept: ["https://evil"]),
    Case("a data image", "<img src=\"\(image)\" alt=i>", kept: ["src=\"\(image)\""]),
    Case(
      "a data background next to a remote one",
      "<div style=\"color:red; background:url('\(image)'); border-image:url(https://evil.example/b)\">x</div>",
      kept: ["color:red", "url('\(image)')"]),
    Case(
      "a fragment", "<svg><use href=\"#icon\"/><rect fill=\"url(#g)\"/></svg>", kept: ["href=\"#icon\"", "url(#g)"]),
  ]

  @Test(arguments: styles + attributes)
  func noReferenceToTheOutsideSurvives(_ hostile: Case) {
    let output = Self.clean("before" + hostile.html + "after")
    #expect(!output.lowercased().contains("evil.example"), "left in: \(output)")
    #expect(output.contains("before") && output.contains("after"), "text lost: \(output)")
  }

  /// A relative path would load from beside the page (the site folder's own files, or the folder
  /// a page was saved in): it goes, while the stored image of the srcset stays.
  @Test func aRelativeImagePathGoesAndTheStoredImageStays() {
    let output = Self.clean("<img src=\"images/a.png\" srcset=\"\(Self.image) 1x\">")
    #expect(!output.contains("images/a.png"), "\(output)")
    #expect(output.contains(Self.image), "\(output)")
  }

  @Test(arguments: kept)
  func linksDataImagesAndFragmentsStay(_ harmless: Case) {
    let output = Self.clean(harmless.html)
    for text in harmless.kept { #expect(output.contains(text), "\(text) lost: \(output)") }
  }

  @Test func aStoredImageCountsAsLocalAndAnOddSpellingOfItDoesNot() {
    let hash = String(repeating: "ab", count: 32)
    #expect(ArticleCleaner.isLocal("rk-blob:" + hash))
    #expect(ArticleCleaner.isLocal(" DATA:image/png;base64,AA"))
    #expect(ArticleCleaner.isLocal("#top"))
    #expect(!ArticleCleaner.isLocal("rk-blob://evil.example/"))
    #expect(!ArticleCleaner.isLocal("//evil.example/a"))
    #expect(!ArticleCleaner.isLocal("\u{1}https://evil.example/"))
  }

  @Test func styleEscapesAreReadAsABrowserReadsThem() {
    #expect(StyleReferences.decoded("u\\72l(") == "url(")
    #expect(StyleReferences.decoded("\\75 rl(x)") == "url(x)")
    #expect(StyleReferences.decoded("\\000075rl") == "url")
    #expect(StyleReferences.decoded("a\\\nb\\;") == "ab;")
  }

  @Test func onlyTheDeclarationsThatReachOutAreDropped() {
    let local: (String) -> Bool = ArticleCleaner.isLocal
    #expect(StyleReferences.keepingLocal("color:red", isLocal: local) == "color:red")
    #expect(
      StyleReferences.keepingLocal("color:red;background:url(//evil.example/a);margin:0", isLocal: local)
        == "color:red;margin:0")
    #expect(
      StyleReferences.keepingLocal("background:url(data:image/png;base64,AA);color:red", isLocal: local)
        == "background:url(data:image/png;base64,AA);color:red")
    #expect(StyleReferences.keepingLocal("background:url(https://evil.example/)", isLocal: local) == nil)
    #expect(StyleReferences.keepingLocal("content:'@import'", isLocal: local) == nil)
    #expect(StyleReferences.keepingLocal("font-family:\"Noto Serif\"", isLocal: local) == "font-family:\"Noto Serif\"")
  }
}
