import Testing

@testable import ImageExtraction

/// Expected values are what the WHATWG URL standard gives (checked by hand against its parser
/// and its percent-encode sets, and against web-platform-tests' urltestdata where it has the case).
@Suite struct URLResolutionTests {
  static let page = "https://example.org/articles/page.html?id=7#top"

  private func resolve(_ raw: String, _ base: String? = page) -> String? { ImageURL.resolve(raw, against: base) }

  /// The tracking pixel: `%5B` was `%255B` before, a different resource.
  @Test func percentSignsAreNeverEncodedAgain() {
    #expect(
      resolve("pd%5Bem%5D=<x>&noscript=1 https://a.example/")
        == "https://example.org/articles/pd%5Bem%5D=%3Cx%3E&noscript=1%20https://a.example/")
    #expect(
      resolve("https://www.facebook.com/tr?id=1&cd%5Bem%5D=<x>&noscript=1 https://a.example/")
        == "https://www.facebook.com/tr?id=1&cd%5Bem%5D=%3Cx%3E&noscript=1%20https://a.example/")
    #expect(resolve("%zz.png") == "https://example.org/articles/%zz.png")
    #expect(resolve("100%.png") == "https://example.org/articles/100%.png")
    #expect(resolve("a%25b.png?q=%&r=%2") == "https://example.org/articles/a%25b.png?q=%&r=%2")
    #expect(resolve("x.png#%") == "https://example.org/articles/x.png#%")
  }

  @Test func eachComponentHasItsOwnEncodeSet() {
    // Path: space " # < > ? ^ ` { } and non-ASCII; not [ ] | ' (the path set).
    #expect(resolve("a b\"<x>^`{}[]|'.png") == "https://example.org/articles/a%20b%22%3Cx%3E%5E%60%7B%7D[]|'.png")
    #expect(resolve("ünï.png") == "https://example.org/articles/%C3%BCn%C3%AF.png")
    // Query: space " < > ' and non-ASCII; ? ^ ` { } [ ] | stay (the special-query set).
    #expect(
      resolve("x.png?q=a b\"<>'?^`{}[]|ä") == "https://example.org/articles/x.png?q=a%20b%22%3C%3E%27?^`{}[]|%C3%A4")
    // Fragment: space " < > ` and non-ASCII; # and ' stay.
    #expect(resolve("x.png#a b\"<>`'#ö") == "https://example.org/articles/x.png#a%20b%22%3C%3E%60'#%C3%B6")
    // DEL and C0 controls inside the value.
    #expect(resolve("a\u{7F}\u{1}b.png") == "https://example.org/articles/a%7F%01b.png")
  }

  @Test func relativeReferences() {
    #expect(resolve("a.png") == "https://example.org/articles/a.png")
    #expect(resolve("../a.png") == "https://example.org/a.png")
    #expect(resolve("../../../../up.png") == "https://example.org/up.png")
    #expect(resolve("./a/./b/../c.png") == "https://example.org/articles/a/c.png")
    #expect(resolve("%2e%2E/x.png") == "https://example.org/x.png")
    #expect(resolve(".%2e/x.png") == "https://example.org/x.png")
    #expect(resolve("..") == "https://example.org/")
    #expect(resolve(".") == "https://example.org/articles/")
    #expect(resolve("a//b.png") == "https://example.org/articles/a//b.png")
    #expect(resolve("/root.png") == "https://example.org/root.png")
    #expect(resolve("\\root.png") == "https://example.org/root.png")
    #expect(resolve("/a/b/../../../x.png") == "https://example.org/x.png")
    #expect(resolve("//cdn.example.com/x.jpg") == "https://cdn.example.com/x.jpg")
    #expect(resolve("\\\\cdn.example.com\\x.jpg") == "https://cdn.example.com/x.jpg")
    #expect(resolve("//cdn.example.com?x=1") == "https://cdn.example.com/?x=1")
    #expect(resolve("?q") == "https://example.org/articles/page.html?q")
    #expect(resolve("#f") == "https://example.org/articles/page.html?id=7#f")
    #expect(resolve("a\\b.png?c\\d") == "https://example.org/articles/a/b.png?c\\d")
    // The page's own scheme without slashes is relative; another scheme's is an authority.
    #expect(resolve("https:foo.png") == "https://example.org/articles/foo.png")
    #expect(resolve("http:foo.png") == "http://foo.png/")
    #expect(resolve("a.png", nil) == nil)
    #expect(resolve("a.png", "mailto:x@example.org") == nil)
  }

  @Test func whitespaceAndControlsAroundAndInside() {
    #expect(resolve(" \u{0} padded.png\u{1F} ") == "https://example.org/articles/padded.png")
    #expect(resolve("pad\tded\n.p\rng") == "https://example.org/articles/padded.png")
    #expect(resolve(" \t\n ") == nil)
  }

  @Test func hosts() {
    #expect(resolve("HTTP://EX%41mple.ORG./a") == "http://example.org./a")
    #expect(resolve("https://bücher.de/ä.png") == "https://xn--bcher-kva.de/%C3%A4.png")
    #expect(resolve("http://MÜNCHEN.de/") == "http://xn--mnchen-3ya.de/")
    #expect(resolve("http://[0:0:0:0:0:0:0:1]:8080/x") == "http://[::1]:8080/x")
    #expect(resolve("http://[2001:DB8::A:0:0:1]/") == "http://[2001:db8::a:0:0:1]/")
    #expect(resolve("http://[::ffff:192.168.0.1]/") == "http://[::ffff:c0a8:1]/")
    #expect(resolve("http://[1::2::3]/") == nil)
    #expect(resolve("http://[::1/") == nil)
    #expect(resolve("http://0x7f.1/") == "http://127.0.0.1/")
    #expect(resolve("http://192.168.0.257/") == nil)
    #expect(resolve("http://1.2.3.4.5/") == nil)
    #expect(resolve("http://a<b/") == nil)
    #expect(resolve("http:///") == nil)
  }

  @Test func portsAndUserinfo() {
    #expect(resolve("https://example.org:443/x") == "https://example.org/x")
    #expect(resolve("http://example.org:0080/x") == "http://example.org/x")
    #expect(resolve("http://example.org:8080/x") == "http://example.org:8080/x")
    #expect(resolve("http://example.org:/x") == "http://example.org/x")
    #expect(resolve("http://example.org:65536/x") == nil)
    #expect(resolve("http://example.org:8a/x") == nil)
    #expect(resolve("HTTP://User:Pa ss@EXAMPLE.com/a") == "http://User:Pa%20ss@example.com/a")
    #expect(resolve("https://a@b:c:d@host/x") == "https://a%40b:c%3Ad@host/x")
    #expect(resolve("https://:@host/x") == "https://host/x")
  }

  @Test func otherSchemesStayAsWritten() {
    #expect(resolve(" data:image/png;base64,iVBO ") == "data:image/png;base64,iVBO")
    #expect(resolve("mailto:x@example.org") == "mailto:x@example.org")
    #expect(resolve("javascript:void(0)") == "javascript:void(0)")
  }

  @Test func canonicalFormAgreesWithResolution() {
    #expect(ImageURL.canonical("HTTPS://Example.COM:443/a/../b/./c.png?q=1#f") == "https://example.com/b/c.png?q=1")
    #expect(ImageURL.canonical("https://example.org/a b.png") == ImageURL.canonical("https://example.org/a%20b.png"))
    #expect(ImageURL.canonical("https://example.org/%zz%.png#x") == "https://example.org/%zz%.png")
    #expect(ImageURL.canonical("data:image/gif;base64,R0lG#x") == "data:image/gif;base64,R0lG#x")
    // Canonicalising a resolved URL again changes nothing.
    for raw in ["pd%5Bem%5D=<x> y", "ü.png?ä=1#ö", "//[::1]:80/a/../b", "x.png?q='<%>'"] {
      let resolved = resolve(raw) ?? ""
      let canonical = ImageURL.canonical(resolved)
      #expect(ImageURL.canonical(canonical) == canonical)
      #expect(resolve(resolved, nil) == resolved)
    }
  }

  @Test func originsNeverCarryCredentials() {
    #expect(ImageURL.origin("https://alice:secret@intranet/wiki/page?x#y") == "https://intranet/")
    #expect(ImageURL.origin("HTTP://bob@Example.ORG:80/a") == "http://example.org/")
    #expect(ImageURL.origin("http://example.org:8080/a") == "http://example.org:8080/")
    #expect(ImageURL.origin("mailto:alice@example.org") == nil)
  }

  @Test func punycodeVectors() {
    // RFC 3492 section 7.1 (A) Arabic (Egyptian) and (L) 3<nen>B<gumi><kinpachi><sensei>.
    let arabic: [UInt32] = [
      0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631,
      0x0628, 0x064A, 0x061F,
    ]
    #expect(Punycode.encode(arabic) == "egbpdaj6bu4bxfgehfvwxn")
    #expect(
      Punycode.encode([0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F]) == "3B-ww4c5e180e575a65lsy2b")
  }
}
