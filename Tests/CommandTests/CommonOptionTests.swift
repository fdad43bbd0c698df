import CommandTestSupport
import Testing

/// What every tool shares on its command line, refused the same way in each.
@Suite(.inEnglish) struct CommonOptionTests {
  /// A command of every tool that reads `--quiet` and `--verbose`.
  static let commands: [(tool: String, arguments: [String])] = [
    ("rk-fetch", []), ("rk-extract-images", []), ("rk-cache", ["list"]), ("rk-push", []),
    ("rk-prune", ["--keep", "5"]),
    ("ail-mail", ["parse"]), ("ail-transcribe", ["memo.wav"]), ("ail-log", ["list"]), ("ail-ai", []),
  ]

  @Test(arguments: 0..<commands.count)
  func quietAndVerboseExcludeEachOther(_ index: Int) async {
    let (tool, arguments) = Self.commands[index]
    let refusal = await Tools.refusal(tool, arguments + ["--quiet", "--verbose"])
    #expect(refusal.status == 64, "\(tool): \(refusal)")
    #expect(refusal.firstLine == "\(tool): error: --quiet and --verbose exclude each other.", "\(refusal)")
  }

  @Test(arguments: 0..<commands.count)
  func eitherAloneIsTaken(_ index: Int) async {
    let (tool, arguments) = Self.commands[index]
    for flag in ["--quiet", "--verbose"] {
      let outcome = await Tools.parse(tool, arguments + [flag])
      #expect(outcome.command != nil, "\(tool) \(flag): \(outcome)")
    }
  }
}
