import Testing

@testable import OfflineStore

/// Links compared in the form Readeck stores them, Go's `url.Parse(u).String()`. Each expected
/// value is written by hand from net/url's rules: the path is kept when every byte may stand in
/// an escaped path (`validEncoded`), else decoded and escaped again (`shouldEscape`, encodePath:
/// only letters, digits, `-_.~` and `$&+,/:;=@` stay); the host is decoded and every byte but
/// letters, digits, `-_.~` and `!$&'()*+,;=:[]<>"` escaped; the query stays as written.
@Suite struct ServerSpellingTests {
  static let cases: [(given: String, stored: String)] = [
    ("https://example.org/café", "https://example.org/caf%C3%A9"),
    ("https://example.org/caf%C3%A9", "https://example.org/caf%C3%A9"),
    // Already escaped and valid: kept, lower-case hex digits too.
    ("https://example.org/caf%c3%a9", "https://example.org/caf%c3%a9"),
    ("https://Bücher.example/x", "https://b%C3%BCcher.example/x"),
    ("https://B%C3%9Ccher.example/x", "https://b%C3%BCcher.example/x"),
    ("https://example.org:8443/é", "https://example.org:8443/%C3%A9"),
    ("https://example.org/a|b^c\"d{e}f", "https://example.org/a%7Cb%5Ec%22d%7Be%7Df"),
    ("https://example.org/a b", "https://example.org/a%20b"),
    // `!` and `[1]` may stand in an escaped path, so a path of nothing else is kept; escaped
    // again because of the é, they are escaped like every other byte (and %2F is a / then).
    ("https://example.org/a!b[1]", "https://example.org/a!b[1]"),
    ("https://example.org/a!b[1]/é", "https://example.org/a%21b%5B1%5D/%C3%A9"),
    ("https://example.org/a%2Fb/é", "https://example.org/a/b/%C3%A9"),
    ("https://example.org/s?q=caf%C3%A9&r=é|", "https://example.org/s?q=caf%C3%A9&r=é|"),
    ("https://example.org/a?", "https://example.org/a?"),
    ("HTTPS://Example.ORG/Path#Fragment", "https://example.org/Path"),
    ("https://example.org", "https://example.org"),
    ("https://us%65r:p@ss@Example.org/", "https://user:p%40ss@example.org/"),
    // Go's parser refuses these (a bad escape, an escaped ASCII letter in a host): compared with
    // only case and fragment set aside, as before.
    ("https://Example.org/100%#x", "https://example.org/100%"),
    ("https://Ex%41mple.org/é", "https://ex%41mple.org/é"),
  ]

  @Test(arguments: cases) func aLinkIsComparedAsTheServerWritesIt(_ example: (given: String, stored: String)) {
    #expect(SavedLink.key(example.given) == example.stored)
  }

  @Test(arguments: cases) func theFormIsItsOwnForm(_ example: (given: String, stored: String)) {
    #expect(SavedLink.key(SavedLink.key(example.given)) == SavedLink.key(example.given))
  }

  @Test func spellingsOfOneLinkAreOne() {
    #expect(SavedLink.key("https://example.org/café") == SavedLink.key("https://EXAMPLE.org/caf%C3%A9#top"))
    #expect(SavedLink.key("https://bücher.example/") == SavedLink.key("https://b%C3%BCcher.example/"))
    #expect(SavedLink.key("https://example.org/a{b}") == SavedLink.key("https://example.org/a%7Bb%7D"))
  }
}
