import Testing
import Wire

@testable import Rewrite

/// A combining mark (U+0301) after a tag, or a Prepend character (U+0600) before it, joins it
/// into one `Character`; the model wrote the tag all the same. "\r\n" is one Character too.
@Suite struct RewriteScalarDelimiterTests {
  @Test func aMarkOrPrependCharacterDoesNotHideAThinkTag() {
    #expect(
      ThinkFilter.strip("<think>\u{301}secret</think>\u{301}ok").unicodeScalars.elementsEqual(
        "\u{301}ok".unicodeScalars))
    #expect(
      ThinkFilter.strip("\u{600}<think>secret</think>ok").unicodeScalars.elementsEqual("\u{600}ok".unicodeScalars))
    var filter = ThinkFilter()
    let streamed = filter.feed("<think>") + filter.feed("\u{301}secret</thi") + filter.feed("nk>ok") + filter.finish()
    #expect(streamed == "ok")
  }

  @Test func aFenceEndingInCRLFStillHoldsTheJSON() throws {
    let schema = try JSONSchema(["type": "object"])
    let parsed = StructuredRewrite.parse("```json\r\n{\"a\":1}\r\n```", schema: schema)
    #expect(try parsed.get() == ["a": 1])
  }
}
