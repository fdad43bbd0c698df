import Testing

@testable import HTMLScan

/// The DOCTYPE states: name, identifiers and force-quirks, worked through by hand from the
/// standard (§13.2.5.53–68).
@Suite struct DoctypeTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var input: String
    var expected: HTMLDoctype
    init(_ input: String, _ name: String, _ publicID: String? = nil, _ systemID: String? = nil, quirks: Bool = false) {
      self.input = input
      expected = HTMLDoctype(name: name, publicID: publicID, systemID: systemID, forceQuirks: quirks)
    }
    var testDescription: String { input.debugDescription }
  }

  static let rows: [Row] = [
    Row("<!DOCTYPE html>", "html"),
    Row(
      "<!doctype HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">", "html",
      "-//W3C//DTD HTML 4.01//EN", "http://www.w3.org/TR/html4/strict.dtd"),
    Row("<!DOCTYPE html SYSTEM 'about:legacy-compat'>", "html", nil, "about:legacy-compat"),
    Row("<!DOCTYPE html PUBLIC 'a' \"b\" >", "html", "a", "b"),
    Row("<!DOCTYPE html PUBLIC\"a\"'b'>", "html", "a", "b"),
    Row("<!DOCTYPE html public \"a\0\r\nb\">", "html", "a\u{FFFD}\nb"),
    Row("<!DOCTYPE h\0TML>", "h\u{FFFD}tml"),
    // Something missing forces quirks.
    Row("<!DOCTYPE>", "", quirks: true),
    Row("<!DOCTYPE html", "html", quirks: true),
    Row("<!DOCTYPE html PUBLIC>", "html", quirks: true),
    Row("<!DOCTYPE html PUBLIC \"a>", "html", "a", quirks: true),
    Row("<!DOCTYPE html PUBLIC a>", "html", quirks: true),
    Row("<!DOCTYPE html PUBLIC \"a\" b>", "html", "a", quirks: true),
    Row("<!DOCTYPE html SYSTEM \"a\"", "html", nil, "a", quirks: true),
    Row("<!DOCTYPE html bogus>", "html", quirks: true),
    // After the system identifier, anything is ignored, even when cut off.
    Row("<!DOCTYPE html SYSTEM \"a\" b>", "html", nil, "a"),
    Row("<!DOCTYPE html SYSTEM \"a\" b", "html", nil, "a"),
  ]

  @Test(arguments: rows)
  func doctype(_ row: Row) {
    #expect(allTokens(row.input) == [.doctype(row.expected)])
  }
}
