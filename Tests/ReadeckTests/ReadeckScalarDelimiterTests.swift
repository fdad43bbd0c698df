import Testing

@testable import Readeck

/// A combining mark (U+0301) after a delimiter joins it into one `Character`; the HTTP client,
/// reading code points and bytes, still sees the delimiter.
@Suite struct ReadeckScalarDelimiterTests {
  static let hiddenSlash = "https://evil.example/\u{301}@readeck.example/api"

  @Test func aCombiningMarkDoesNotMoveTheHostPastASlash() {
    #expect(URLText.authority(of: Self.hiddenSlash) == "evil.example")
    #expect(URLText.origin(of: Self.hiddenSlash) == "https://evil.example")
    #expect(URLText.origin(of: Self.hiddenSlash) != URLText.origin(of: "https://readeck.example/api"))
    #expect(URLText.redactingCredentials(Self.hiddenSlash) == Self.hiddenSlash)
  }

  @Test func ordinaryURLsKeepTheirAuthority() {
    #expect(URLText.origin(of: "HTTPS://user:pw@R.example:8443/x?y#z") == "https://r.example:8443")
    #expect(URLText.redactingCredentials("https://user:pw@r.example/x") == "https://r.example/x")
    #expect(URLText.authority(of: "r.example/x") == nil)
  }
}
