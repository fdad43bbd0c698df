import Testing

@testable import ToolKit

/// A combining mark (U+0301) after a delimiter joins it into one `Character`; an editor, and the
/// person reading the file, still see the delimiter.
@Suite struct ToolKitScalarDelimiterTests {
  @Test func aCombiningMarkDoesNotHideACommentAfterAValue() throws {
    let file = try ConfigFile(path: "c", text: "server = https://a.example ;\u{301} https://evil.example\n")
    #expect(file.setting("server", tool: "rk-push")?.value == "https://a.example")
  }

  @Test func aCombiningMarkDoesNotHideAClosingQuote() {
    let error = #expect(throws: ToolError.self) {
      try ConfigFile(path: "/c", text: "token_file = \"/tmp/t\"\u{301} /etc/passwd\n")
    }
    #expect(error?.message == "/c:1: text after the closing quote")
  }

  @Test func aCombiningMarkDoesNotHideACommentLine() throws {
    let file = try ConfigFile(path: "c", text: "#\u{301} limit = 5\n;\u{301}server = x\n")
    #expect(file.setting("#\u{301} limit", tool: "rk-push") == nil)
    #expect(file.setting(";\u{301}server", tool: "rk-push") == nil)
  }
}
