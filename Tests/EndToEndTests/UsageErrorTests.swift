import Foundation
import TestSupport
import Testing
import Wire

/// What a command line means to a started tool: a word after `--` is text, and help and versions
/// go to standard output. The usage errors themselves are checked in process (CommandTests).
@Suite struct UsageErrorTests {
  @Test func afterTheTerminatorAWordWithDashesIsText() throws {
    let folder = TemporaryFolder.path("terminator")
    defer { TemporaryFolder.remove(folder) }
    let added = try run("ail-log", ["add", "--db", folder + "/log.sqlite", "--", "--remnd is no option"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.records.first?["title"]?.stringValue == "--remnd is no option")
  }

  @Test func helpAndVersionStayAsTheyWere() throws {
    let help = try run("rk-prune", ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: rk-prune"))
    #expect(help.stderr.isEmpty)
    let version = try run("rk-cache", ["--version"])
    #expect(version.status == 0)
    #expect(!version.stdout.isEmpty)
  }
}
