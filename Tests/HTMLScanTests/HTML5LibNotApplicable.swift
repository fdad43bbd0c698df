/// The html5lib-tests tokenizer cases this tokenizer is not held to, by rule, each with its
/// reason. A case that matches no rule must pass.
struct NotApplicable: Sendable {
  var reason: String
  var matches: @Sendable (_ file: String, _ test: HTML5LibCase) -> Bool

  static let rules: [NotApplicable] = [
    NotApplicable(
      reason: "expects the output coerced into an XML infoset (HTML §13.2.9), a step after tokenizing that this "
        + "tokenizer does not take",
      matches: { file, _ in file == "xmlViolation.test" }),
    NotApplicable(
      reason: "input is not valid Unicode (a lone surrogate); the tokenizer reads UTF-8 bytes, which cannot encode one",
      matches: { _, test in test.unescapedInput == nil }),
  ]

  /// The first rule that sets `test` aside, if any.
  static func rule(for test: HTML5LibCase, in file: String) -> NotApplicable? {
    rules.first { $0.matches(file, test) }
  }
}
