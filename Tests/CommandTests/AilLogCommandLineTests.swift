import CommandTestSupport
import Testing

/// ail-log's command lines that are refused before the store is opened.
@Suite(.inEnglish) struct AilLogCommandLineTests {
  @Test func anEntryWithoutTitleOrTextIsRefused() async {
    let refusal = await Tools.refusal("ail-log", ["add"])
    #expect(refusal.status == 64)
    #expect(refusal.message.contains("needs a title"), "\(refusal)")
  }

  @Test func rmNeedsYes() async {
    let refusal = await Tools.refusal("ail-log", ["rm", "3F2A"])
    #expect(refusal.status == 64)
    #expect(refusal.firstLine == "ail-log: error: rm removes for good: add --yes.", "\(refusal)")
  }
}
