/// How many tokens a text takes, estimated without the model's tokenizer: one for every three
/// bytes of UTF-8. Real tokenizers give English about four characters a token and German about
/// three (longer compounds, and an umlaut is two bytes), so this errs on the side of a piece
/// that fits, for both.
public enum TokenEstimate {
  public static func tokens(_ text: some StringProtocol) -> Int { (text.utf8.count + 2) / 3 }

  /// The most UTF-8 bytes that are still `tokens` tokens: ``tokens(_:)`` read backwards.
  static func maxBytes(tokens: Int) -> Int { tokens * 3 }
}
