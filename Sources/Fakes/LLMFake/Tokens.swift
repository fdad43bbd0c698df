/// The fake's stand-in for a tokenizer: four characters make a token. Crude, but deterministic
/// and close to real English text, which is all a client's truncation check needs.
enum Tokens {
  static func estimate(_ characters: Int) -> Int { (characters + 3) / 4 }

  static func estimate(_ text: String) -> Int { estimate(text.count) }

  /// `text` in pieces of `size` characters (grapheme clusters, so no piece splits a character).
  static func chunks(_ text: String, size: Int) -> [String] {
    let size = max(1, size)
    var pieces: [String] = []
    var index = text.startIndex
    while index < text.endIndex {
      let end = text.index(index, offsetBy: size, limitedBy: text.endIndex) ?? text.endIndex
      pieces.append(String(text[index..<end]))
      index = end
    }
    return pieces
  }

  /// The text a model stops at when it may produce only `limit` tokens, and whether it was cut.
  static func limited(_ text: String, to limit: Int?) -> (text: String, cut: Bool) {
    guard let limit, limit >= 0, estimate(text) > limit else { return (text, false) }
    return (String(text.prefix(limit * 4)), true)
  }
}
