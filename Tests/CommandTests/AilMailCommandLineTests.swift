import CommandTestSupport
import Testing

/// ail-mail's command lines that are refused before any message is read.
@Suite(.inEnglish) struct AilMailCommandLineTests {
  @Test func aSubjectIsOneLineAndARecipientOneAddress() async {
    let subject = await Tools.refusal(
      "ail-mail", ["compose", "--to", "anna@example.org", "--subject", "Hi\nBcc: hidden@evil.example"])
    #expect(subject.status == 64)
    #expect(subject.message.contains("--subject holds a line break"), "\(subject)")
    let to = await Tools.refusal(
      "ail-mail", ["compose", "--to", "anna@example.org\rBcc: hidden@evil.example", "--subject", "Hi"])
    #expect(to.status == 64)
    #expect(to.message.contains("--to anna@example.org^MBcc: hidden@evil.example is not an address."), "\(to)")
  }

  @Test func flagNeedsAFlag() async {
    let refusal = await Tools.refusal("ail-mail", ["flag", "/nonexistent/cur/1.host:2,S"])
    #expect(refusal.status == 64)
    #expect(refusal.firstLine.hasPrefix("ail-mail: error: Give a flag to set or clear: --seen"), "\(refusal)")
  }
}
