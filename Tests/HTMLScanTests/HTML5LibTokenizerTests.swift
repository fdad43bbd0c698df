import Foundation
import Testing

@testable import HTMLScan

/// The html5lib-tests tokenizer suite, the one other HTML tokenizers are held to: every case of
/// every file, in each of its initial states, tokens compared (parse errors are not). The
/// tokenizer runs as the standard's tokenizer alone, without the tree construction it normally
/// does (`buildsTree: false`): the suite sets the state a tag would switch to itself. Cases set
/// aside are in `NotApplicable`, with their reasons. Each file prints its counts.
@Suite struct HTML5LibTokenizerTests {
  /// Failures reported one by one per file, beyond which only their number is.
  static let reportedFailures = 25

  @Test(.enabled(if: HTML5LibSuite.folder != nil, HTML5LibSuite.skipReason), arguments: HTML5LibSuite.files)
  func suiteFile(_ file: String) throws {
    let tests = try HTML5LibSuite.cases(in: file)
    #expect(!tests.isEmpty, "no cases read from \(file)")
    var passed = 0
    var failed = 0
    var setAside: [String: Int] = [:]
    for test in tests {
      let states = test.initialStates ?? ["Data state"]
      if let rule = NotApplicable.rule(for: test, in: file) {
        setAside[rule.reason, default: 0] += states.count
        continue
      }
      for state in states {
        let failure = Self.run(test, in: state)
        guard let failure else {
          passed += 1
          continue
        }
        failed += 1
        if failed <= Self.reportedFailures {
          Issue.record("\(file): \(test.description) [\(state)] input \(test.input.debugDescription): \(failure)")
        }
      }
    }
    if failed > Self.reportedFailures {
      Issue.record("\(file): \(failed - Self.reportedFailures) more failures")
    }
    let notApplicable = setAside.values.reduce(0, +)
    var note =
      "html5lib-tests tokenizer/\(file): \(tests.count) cases, \(passed + failed + notApplicable) runs: "
      + "\(passed) passed, \(failed) failed, \(notApplicable) not applicable"
    for (reason, count) in setAside.sorted(by: { $0.key < $1.key }) { note += "\n  \(count) not applicable: \(reason)" }
    print(note)
  }

  /// What went wrong with `test` started in `state`, or nil when it passed.
  static func run(_ test: HTML5LibCase, in state: String) -> String? {
    guard let content = initialState(state) else { return "unknown initial state \(state)" }
    guard let input = test.unescapedInput, let expected = test.expectedTokens else {
      return "the case's expected output is not in the README's form"
    }
    var tokenizer = HTMLTokenizer(input, text: true, state: content, lastStartTag: test.lastStartTag, buildsTree: false)
    var tokens: [SuiteToken] = []
    while let token = tokenizer.next() { tokens.append(SuiteToken(token)) }
    let actual = SuiteToken.coalesced(tokens)
    return actual == expected ? nil : "expected \(expected), got \(actual)"
  }

  static func initialState(_ name: String) -> TreeContext.Content? {
    switch name {
    case "Data state": .data
    case "PLAINTEXT state": .plaintext
    case "RCDATA state": .rcdata
    case "RAWTEXT state": .rawText
    case "Script data state": .scriptData
    case "CDATA section state": .cdataSection
    default: nil
    }
  }

  /// A file added to the suite is not silently left out.
  @Test(.enabled(if: HTML5LibSuite.folder != nil, HTML5LibSuite.skipReason))
  func everyFileIsRun() throws {
    let folder = try #require(HTML5LibSuite.folder)
    let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".test") }
    #expect(Set(present) == Set(HTML5LibSuite.files))
  }

  /// Each rule still sets aside some case, so that none outlives what it was written for.
  @Test(.enabled(if: HTML5LibSuite.folder != nil, HTML5LibSuite.skipReason))
  func everyNotApplicableRuleIsUsed() throws {
    var used = Set<String>()
    for file in HTML5LibSuite.files {
      for test in try HTML5LibSuite.cases(in: file) {
        if let rule = NotApplicable.rule(for: test, in: file) { used.insert(rule.reason) }
      }
    }
    #expect(used == Set(NotApplicable.rules.map(\.reason)))
  }
}
