import Mail
import Testing
import Wire

@Suite struct SenderAddressTests {
  @Test func oneAddressIsTheSender() {
    #expect(SenderAddress.parse("Anna <anna@example.org>") == MailAddress(name: "Anna", address: "anna@example.org"))
    #expect(SenderAddress.parse("anna@example.org") == MailAddress(address: "anna@example.org"))
  }

  /// A From line names one sender, and a CR in a setting would split it for msmtp -t.
  @Test(arguments: ["", "not an address", "a@example.org, b@example.org", "a@example.org\rBcc: hidden@evil.example"])
  func anythingButOneAddressIsRefused(_ text: String) {
    #expect(SenderAddress.parse(text) == nil)
  }

  @Test func theRefusalNamesTheSourceAndShowsTheValueSafely() {
    #expect(
      SenderAddress.refusal(of: "a@example.org\rBcc: x@evil.example", from: "environment variable EMAIL")
        == "environment variable EMAIL: not an address: a@example.org^MBcc: x@evil.example")
  }
}
