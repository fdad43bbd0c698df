import Localization
public import Wire

/// The address a written message goes out from, as a setting names it: `--from`, `$EMAIL`, the
/// config file's `from` (ail-mail's drafts, ail-log's mail).
public enum SenderAddress {
  /// The one address `text` holds; nil for none, for several (a From line names one sender), and
  /// for text a header cannot carry (a CR would split the From line for msmtp -t).
  public static func parse(_ text: String) -> MailAddress? {
    guard let addresses = HeaderValue.addresses(in: text), addresses.count == 1 else { return nil }
    return addresses.first
  }

  /// The refusal of a setting that is not one address: where it came from, and its value as a
  /// terminal can show it.
  public static func refusal(of value: String, from source: String) -> String {
    tr("\(source): not an address: \(TerminalText.line(value))")
  }
}
