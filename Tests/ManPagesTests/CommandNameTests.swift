import Foundation
import Testing

/// Every command names itself. Without `commandName`, ArgumentParser derives the name from the
/// type with `String(describing:)` each time it builds the command tree, and that call's failed
/// dynamic casts each scan every protocol conformance of the binary: in the multi-call rk-ail
/// (10,000 conformances) the 14 unnamed subcommands of ail-log cost it 3 ms of every start.
@Suite struct CommandNameTests {
  @Test func everyCommandConfigurationNamesItsCommand() throws {
    let sources = ManPageFreshnessTests.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    var unnamed: [String] = []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      var rest = text[...]
      while let start = rest.range(of: "CommandConfiguration(") {
        // The arguments up to the matching parenthesis.
        var depth = 1
        var end = start.upperBound
        while depth > 0, end < rest.endIndex {
          if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
          end = rest.index(after: end)
        }
        if !rest[start.upperBound..<end].contains("commandName:") {
          unnamed.append(
            "\(file):\(text[..<start.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count)")
        }
        rest = rest[end...]
      }
    }
    #expect(files.count > 50, "the sources were not found at \(sources.path)")
    #expect(unnamed == [], "give these commands a commandName")
  }
}
