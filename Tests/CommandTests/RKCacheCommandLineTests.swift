import CommandTestSupport
import Testing

/// rk-cache's command lines that are refused before any store is opened.
@Suite(.inEnglish) struct RKCacheCommandLineTests {
  static func refusal(_ arguments: [String]) async -> CommandLineCheck.Refusal {
    await Tools.refusal("rk-cache", arguments)
  }

  @Test func badStatsOptionsAreUsageErrors() async {
    for arguments in [
      ["--since", "30d"], ["--format", "html"], ["--reading", "--json"], ["--reading", "--since", "yesterday"],
      ["--reading", "--since", "2026-02-30"], ["--reading", "--format", "pdf"],
    ] {
      let refusal = await Self.refusal(["stats"] + arguments)
      #expect(refusal.status == 64, "\(arguments): \(refusal)")
      #expect(refusal.firstLine.hasPrefix("rk-cache: error: "), "\(arguments): \(refusal)")
    }
  }

  @Test func exportNeedsAFileOrAFolder() async {
    let refusal = await Self.refusal(["export"])
    #expect(refusal.status == 64)
    #expect(refusal.firstLine == "rk-cache: error: Name a ZIP file or a folder with --site, one of them.", "\(refusal)")
  }

  @Test func clearNeedsYes() async {
    let refusal = await Self.refusal(["clear"])
    #expect(refusal.status == 64)
    #expect(refusal.firstLine.contains("add --yes"), "\(refusal)")
  }

  @Test func suggestRefusesASinceThatIsNoDateNorAge() async {
    for since in ["2026-02-30", "30", "yesterday", "2026-1-01"] {
      let refusal = await Self.refusal(["suggest", "--since", since])
      #expect(refusal.status == 64, "\(since): \(refusal)")
      #expect(refusal.message.contains("2026-11-01"), "\(refusal)")
    }
  }

  @Test func aHighlightColourIsOneOfReadecksColours() async {
    let refusal = await Self.refusal(["highlight", "Zz9Zz9Zz9Zz9Zz9Zz9Zz9", "Satz", "--color", "purple"])
    #expect(refusal.status == 64)
    #expect(refusal.firstLine.hasPrefix("rk-cache: error: --color is one of "), "\(refusal)")
  }

  @Test func addRefusesALinkThatIsNotHTTP() async {
    let refusal = await Self.refusal(["add", "https://example.net/three", "mailto:a@example.net"])
    #expect(refusal.status == 64)
    #expect(refusal.message.contains("mailto:a@example.net: not an http or https link"), "\(refusal)")
  }

  @Test func aMarkNeedsAChangeThatDoesNotContradictItselfWithinRange() async {
    let id = "Zz9Zz9Zz9Zz9Zz9Zz9Zz9"
    #expect(await Self.refusal(["mark", id]).status == 64)
    let contradiction = await Self.refusal(["mark", id, "--archive", "--unarchive"])
    #expect(contradiction.status == 64)
    #expect(contradiction.firstLine.contains("--archive and --unarchive contradict each other."), "\(contradiction)")
    let progress = await Self.refusal(["mark", id, "--progress", "101"])
    #expect(progress.status == 64)
    #expect(progress.firstLine.contains("--progress"), "\(progress)")
  }
}
