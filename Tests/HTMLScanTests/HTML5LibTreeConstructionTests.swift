import Foundation
import Testing

@testable import HTMLScan

/// The html5lib-tests tree-construction suite: every case of every file parsed (as a document,
/// or as a fragment in its context) and its tree dumped in the suite's format and compared.
/// Cases are run with the scripting flag they ask for, and in both modes when they ask for
/// none. Cases set aside are in `TreeSetAside`, with their reasons. Each file prints its
/// counts, and appends them to the file `HTML5LIB_TREE_SUMMARY` names, if any.
@Suite struct HTML5LibTreeConstructionTests {
  static let reportedFailures = 25

  @Test(
    .enabled(if: HTML5LibSuite.treeConstructionFolder != nil, HTML5LibSuite.skipReason),
    arguments: HTML5LibTreeSuite.files)
  func suiteFile(_ file: String) throws {
    let tests = try HTML5LibTreeSuite.cases(in: file)
    #expect(!tests.isEmpty, "no cases read from \(file)")
    var passed = 0
    var failed = 0
    var setAside = 0
    for test in tests {
      if TreeSetAside.rule(for: test, in: file) != nil {
        setAside += 1
        continue
      }
      // A case that names no scripting flag is to give the same tree in both modes.
      let modes = test.scripting.map { [$0] } ?? [false, true]
      let dumps = modes.map { HTML5LibTreeSuite.dump(of: test, scripting: $0) }
      guard let actual = dumps.first(where: { $0 != test.expected }) else {
        passed += 1
        continue
      }
      failed += 1
      if failed <= Self.reportedFailures {
        let context = test.fragmentContext.map { " (fragment in \($0))" } ?? ""
        Issue.record(
          "\(file): \(test.data.debugDescription)\(context)\nexpected:\n\(test.expected)\nactual:\n\(actual)")
      }
    }
    if failed > Self.reportedFailures {
      Issue.record("\(file): \(failed - Self.reportedFailures) more failures")
    }
    let line = "\(file): passed \(passed), failed \(failed), set aside \(setAside)"
    print(line)
    Self.appendSummary(line)
  }

  private static func appendSummary(_ line: String) {
    guard let path = ProcessInfo.processInfo.environment["HTML5LIB_TREE_SUMMARY"], !path.isEmpty else { return }
    let data = Data((line + "\n").utf8)
    if let handle = FileHandle(forWritingAtPath: path) {
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      try? handle.write(contentsOf: data)
    } else {
      _ = FileManager.default.createFile(atPath: path, contents: data)
    }
  }

  /// A file added to the suite is not silently left out.
  @Test(.enabled(if: HTML5LibSuite.treeConstructionFolder != nil, HTML5LibSuite.skipReason))
  func everyFileIsRun() throws {
    let folder = try #require(HTML5LibSuite.treeConstructionFolder)
    let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".dat") }
    #expect(Set(present) == Set(HTML5LibTreeSuite.files))
  }

  /// Each rule still sets aside some case, so that none outlives what it was written for.
  @Test(.enabled(if: HTML5LibSuite.treeConstructionFolder != nil, HTML5LibSuite.skipReason))
  func everySetAsideRuleIsUsed() throws {
    var used = Set<String>()
    for file in HTML5LibTreeSuite.files {
      for test in try HTML5LibTreeSuite.cases(in: file) {
        if let rule = TreeSetAside.rule(for: test, in: file) { used.insert(rule.reason) }
      }
    }
    #expect(used == Set(TreeSetAside.rules.map(\.reason)))
  }
}
