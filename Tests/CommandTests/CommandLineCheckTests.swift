import CommandTestSupport
import Testing

@testable import RKCacheCommand
@testable import RKPruneCommand

/// The check itself: what a good command line parses to, help, and the exact refusal.
@Suite(.inEnglish) struct CommandLineCheckTests {
  @Test func aGoodCommandLineParsesToItsSubcommandWithItsValues() async throws {
    let list = try #require(await Tools.parse("rk-cache", ["list", "--limit", "5", "--label", "later"]).command)
    let parsed = try #require(list as? RKCache.List)
    #expect(parsed.limit == 5)
    #expect(parsed.label == "later")
  }

  @Test func aSynchronousToolParsesTheSameWay() throws {
    let parsed = CommandLineCheck.parse(RKPrune.self, ["--older-than", "30d", "--keep", "0", "--dry-run"])
    let prune = try #require(parsed.command as? RKPrune)
    #expect(prune.olderThan == "30d")
    #expect(prune.keep == 0)
    #expect(prune.dryRun)
  }

  @Test func helpIsPrintedNotRefused() async throws {
    let outcome = await Tools.parse("rk-prune", ["--help"])
    let help = try #require(outcome.printed, "\(outcome)")
    #expect(help.contains("USAGE: rk-prune"))
  }

  @Test func aRefusalIsTheToolsErrorLineThenTheUsage() async {
    let refusal = await Tools.refusal("rk-prune", ["--keep", "many"])
    #expect(refusal.status == 64)
    #expect(
      refusal.message.hasPrefix("rk-prune: error: The value 'many' is invalid for '--keep <count>'"), "\(refusal)")
    #expect(refusal.message.contains("\nUsage: rk-prune "), "\(refusal)")
    #expect(refusal.message.hasSuffix("\n"))
  }
}
