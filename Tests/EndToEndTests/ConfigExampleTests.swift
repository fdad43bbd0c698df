import Foundation
import TestSupport
import Testing

/// The README's configuration example, used as it stands, is a configuration the tools accept.
@Suite struct ConfigExampleTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("README.md")

  @Test func rkPruneRunsWithTheReadmeExampleAsItsConfig() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let section = try #require(text.range(of: "### Configuration and files"))
    let start = try #require(text.range(of: "```ini\n", range: section.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    let example = String(text[start.upperBound..<end.lowerBound])

    let home = TemporaryFolder.path("rk-config-example")
    defer { TemporaryFolder.remove(home) }
    try FileManager.default.createDirectory(atPath: home + "/config/readkeep", withIntermediateDirectories: true)
    try example.write(toFile: home + "/config/readkeep/config", atomically: true, encoding: .utf8)
    let db = home + "/cache.sqlite"
    #expect(try run("rk-cache", ["store", "--db", db]).status == 0)

    let pruned = try run("rk-prune", ["--db", db, "--keep", "5"], environment: ["XDG_CONFIG_HOME": home + "/config"])
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(!pruned.stderr.contains("config"), "\(pruned.stderr)")
  }
}
