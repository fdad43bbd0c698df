import Foundation
import Testing

/// `scripts/install` writes each tool's bash, zsh and fish completions from
/// `--generate-completion-script`; every tool must produce all three, offering every subcommand,
/// and the bash one must be valid shell.
@Suite struct CompletionScriptTests {
  @Test(arguments: ManPageFreshnessTests.tools) func completionsOfferEverySubcommand(tool: String) throws {
    let binary = ManPageFreshnessTests.binaries.appendingPathComponent(tool).path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "\(tool) is not built at \(binary)")
    let (_, dump, _) = try run(binary, ["--experimental-dump-help"])
    let subcommands = try Self.subcommandNames(dumpHelp: dump)
    for shell in ["bash", "zsh", "fish"] {
      let (status, script, errors) = try run(binary, ["--generate-completion-script", shell])
      try #require(status == 0, "\(tool) has no \(shell) completions: \(errors)")
      #expect(script.contains(tool), "\(tool)'s \(shell) completions do not name the tool")
      for name in subcommands {
        #expect(script.contains(name), "\(tool)'s \(shell) completions miss the subcommand \(name)")
      }
      if shell == "bash" {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(tool)-\(UUID()).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (syntax, _, complaint) = try run("/bin/bash", ["-n", file.path])
        #expect(syntax == 0, "\(tool)'s bash completions are not valid bash: \(complaint)")
      }
    }
  }

  static func subcommandNames(dumpHelp: String) throws -> [String] {
    let root = try JSONSerialization.jsonObject(with: Data(dumpHelp.utf8)) as? [String: Any]
    let command = root?["command"] as? [String: Any]
    let subcommands = command?["subcommands"] as? [[String: Any]] ?? []
    // A hidden subcommand (readkeep.mk's `rk-cache make-message`) is left out of completions too.
    return subcommands.filter { $0["shouldDisplay"] as? Bool != false }.compactMap { $0["commandName"] as? String }
      .filter { $0 != "help" }
  }
}
