import CommandTestSupport
import Testing

/// rk-prune's limits that do not parse: refused before the store is opened.
@Suite(.inEnglish) struct RKPruneCommandLineTests {
  @Test(arguments: [
    ["--max-size", "big"], ["--older-than", "30"], ["--keep", "-1"], ["--keep", "1", "--strategy", "random"],
  ])
  func malformedLimitsAreUsageErrors(_ arguments: [String]) async {
    let refusal = await Tools.refusal("rk-prune", arguments)
    #expect(refusal.status == 64, "\(arguments): \(refusal)")
    #expect(refusal.firstLine.hasPrefix("rk-prune: error: "), "\(refusal)")
    #expect(refusal.firstLine.contains(arguments[arguments.count - 2]), "the option is named: \(refusal)")
  }
}
