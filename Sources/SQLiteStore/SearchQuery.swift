/// A person's search words made into an FTS5 query.
public enum SearchQuery {
  static let operators: Set<String> = ["AND", "OR", "NOT"]

  /// Each plain word quoted (so that `don't` or `e-mail` is a phrase, not a syntax error), a
  /// trailing `*` kept as a prefix search; a query that already uses quotes, parentheses or
  /// column filters is FTS5's own syntax and passes as it is.
  public static func fts5(_ query: String) -> String {
    if query.contains(where: { "\"():^".contains($0) }) { return query }
    return query.split(whereSeparator: \.isWhitespace).map { word -> String in
      if operators.contains(String(word)) { return String(word) }
      let prefix = word.hasSuffix("*")
      let stem = prefix ? word.dropLast() : word[...]
      guard !stem.isEmpty else { return "" }
      return "\"" + stem + "\"" + (prefix ? "*" : "")
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }
}
