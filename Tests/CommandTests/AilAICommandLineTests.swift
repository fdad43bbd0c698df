import CommandTestSupport
import Testing

/// ail-ai's catalog commands that are refused before the catalog is read.
@Suite(.inEnglish) struct AilAICommandLineTests {
  @Test func aPresetNeedsItsText() async {
    let refusal = await Tools.refusal("ail-ai", ["catalog", "add-preset", "X", "--catalog", "/nonexistent/c.json"])
    #expect(refusal.status == 64)
    #expect(refusal.firstLine == "ail-ai: error: Give the text with --text or --file.", "\(refusal)")
  }
}
