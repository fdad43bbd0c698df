/// The html5lib-tests tree-construction cases this tree builder is not held to, by rule, each
/// with its reason. A case that matches no rule must pass.
struct TreeSetAside: Sendable {
  var reason: String
  var matches: @Sendable (_ file: String, _ test: HTML5LibTreeSuite.Case) -> Bool

  static let rules: [TreeSetAside] = []

  static func rule(for test: HTML5LibTreeSuite.Case, in file: String) -> TreeSetAside? {
    rules.first { $0.matches(file, test) }
  }
}
